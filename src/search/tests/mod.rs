//! Tests of the searches through the dispatcher, where the unit tests of each file do not
//! reach: the course's searches (Minimax, AlphaBeta, Random) and their principal variation,
//! and what the searches tell an observer lent to them.

mod answer;
mod course;
mod observer;
