//! What a search is asked, as one value: every search of the dispatcher is built from it.

use std::time::Instant;

use crate::board::game::Game;
use crate::search::limits::{Limits, Signals};
use crate::search::types::SearchConfig;

/// What a search is asked: the game to search from, the configuration, the limits, the signals
/// that stop it and when it started (its clock runs from there).
#[derive(Clone, Copy)]
pub struct SearchRequest<'r> {
    pub game: &'r Game,
    pub config: &'r SearchConfig,
    pub limits: &'r Limits,
    pub signals: &'r Signals,
    pub start: Instant,
}

impl<'r> SearchRequest<'r> {
    /// A request whose clock starts now.
    pub fn now(
        game: &'r Game,
        config: &'r SearchConfig,
        limits: &'r Limits,
        signals: &'r Signals,
    ) -> SearchRequest<'r> {
        SearchRequest {
            game,
            config,
            limits,
            signals,
            start: Instant::now(),
        }
    }
}
