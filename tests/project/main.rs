//! The project as a whole: its architecture (layers, import loops, the one stdout writer, file
//! sizes) and its licence.

mod architecture;
mod licence;
mod source;
