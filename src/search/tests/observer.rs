//! The hooks a search tells an observer lent to it (`&mut`, as `engine tree` lends its
//! recorder): every move played is taken back, and the cut-offs, the null moves and the
//! table's moves and cuts arrive as often as the search counts them.

use shakmaty::{Chess, Move, Position};

use crate::board::game::Game;
use crate::eval::{Evaluation, Score};
use crate::search::limits::{Limits, Signals};
use crate::search::observer::{Decision, NodeKind, SearchObserver, Window};
use crate::search::{
    run_observed, SearchConfig, SearchKind, SearchRequest, SearchResult, SearchState,
};

const KIWIPETE: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";

/// How often each hook was called, and the positions of the path (the root first).
#[derive(Default)]
struct Hooks {
    path: Vec<Chess>,
    plays: u64,
    nulls: u64,
    undos: u64,
    cutoffs: u64,
    /// The null moves the search decided to try.
    null_decisions: u64,
    /// The table's moves told, and those legal in the position of a node at the ply told.
    table_moves: u64,
    legal_table_moves: u64,
    table_cutoffs: u64,
}

impl SearchObserver for Hooks {
    fn enter(&mut self, _ply: usize, _kind: NodeKind) {}
    fn play(&mut self, from: &Chess, m: Move) {
        self.plays += 1;
        let mut child = from.clone();
        child.play_unchecked(m);
        self.path.push(child);
    }
    fn play_null(&mut self) {
        self.nulls += 1;
        let current = self.path.last().expect("a position").clone();
        self.path
            .push(current.swap_turn().expect("a null move out of check"));
    }
    fn undo(&mut self) {
        self.undos += 1;
        self.path.pop();
    }
    fn leave(&mut self, _ply: usize, _window: Option<Window>, _score: Score) {}
    fn cutoff(&mut self, _ply: usize, _skipped: &[Move]) {
        self.cutoffs += 1;
    }
    fn table_move(&mut self, ply: usize, m: Move) {
        self.table_moves += 1;
        let at_node = self.path.len() == ply + 1;
        let legal = self.path.last().is_some_and(|pos| pos.is_legal(m));
        self.legal_table_moves += u64::from(at_node && legal);
    }
    fn table_cutoff(&mut self, _ply: usize) {
        self.table_cutoffs += 1;
    }
    fn decision(&mut self, _ply: usize, decision: Decision) {
        if matches!(decision, Decision::NullMove { .. }) {
            self.null_decisions += 1;
        }
    }
}

/// `kind`'s search of Kiwipete to `depth` (material evaluator), observed by `hooks` lent to it.
fn search(kind: SearchKind, depth: u32, hooks: &mut Hooks) -> SearchResult {
    let game = Game::from_fen(KIWIPETE).expect("a legal FEN");
    let config = SearchConfig {
        kind,
        evaluation: Evaluation::Material,
        ..SearchConfig::DEFAULT
    };
    let limits = Limits {
        depth: Some(depth),
        ..Limits::default()
    };
    let signals = Signals::new(false);
    let request = SearchRequest::now(&game, &config, &limits, &signals);
    hooks.path = vec![game.position().clone()];
    run_observed(&request, &mut SearchState::new(1), hooks, &mut |_| {})
}

/// AlphaBeta tells a lent observer each cut-off it counts, and takes back each move it plays.
#[test]
fn alphabeta_tells_a_lent_observer_each_cutoff_it_counts() {
    let mut hooks = Hooks::default();
    let result = search(SearchKind::AlphaBeta, 3, &mut hooks);
    let cutoffs = result.stats.beta_cutoffs;
    assert!(cutoffs > 0, "a depth-3 search of Kiwipete cuts off");
    assert_eq!(hooks.cutoffs, cutoffs);
    assert!(hooks.plays > 0);
    assert_eq!(hooks.undos, hooks.plays);
}

/// IterativeDeepening tells a lent observer its null moves, table moves and table cuts.
#[test]
fn iterative_deepening_tells_a_lent_observer_its_null_moves_and_the_tables_moves_and_cuts() {
    let mut hooks = Hooks::default();
    let stats = search(SearchKind::IterativeDeepening, 7, &mut hooks).stats;
    // Each null move decided is played, and taken back as every move is.
    assert!(
        hooks.null_decisions > 0,
        "a depth-7 search tries null moves"
    );
    assert_eq!(hooks.nulls, hooks.null_decisions);
    assert_eq!(hooks.undos, hooks.plays + hooks.nulls);
    // Each cut-off counted is told (and quiescence's, which are not counted).
    assert!(stats.beta_cutoffs > 0 && hooks.cutoffs >= stats.beta_cutoffs);
    // Each table cut counted is told; each table move comes from a hit, legal at its node.
    assert!(stats.tt_cutoffs > 0);
    assert_eq!(hooks.table_cutoffs, stats.tt_cutoffs);
    assert!(hooks.table_moves > 0 && hooks.table_moves <= stats.tt_hits);
    assert_eq!(hooks.legal_table_moves, hooks.table_moves);
}
