//! The project as a whole: its architecture (layers, import loops, the one stdout writer, file
//! sizes), its licence and its dependencies' licences, the Makefile and the scripts' own checks.

mod architecture;
mod licence;
mod make;
mod scripts;
mod source;
