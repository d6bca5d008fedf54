//! The project as a whole: its architecture (layers, import loops, the one stdout writer, file
//! sizes), its licence and its dependencies' licences, and the Makefile.

mod architecture;
mod licence;
mod make;
mod source;
