//! Tests of the searches through the dispatcher, where the unit tests of each file do not
//! reach: the course's searches (Minimax, AlphaBeta, Random) and their principal variation.

mod answer;
mod course;
