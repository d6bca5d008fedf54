//! Engine events as UCI text: every line of the protocol the engine writes is made here.

use std::fmt::Write as _;

use shakmaty::{CastlingMode, Color, Move, Position};

use crate::board::notation::{diagram, uci_move};
use crate::board::rules::GameEnd;
use crate::engine::event::{BenchProgress, BenchSummary, BoardReport, PerftReport};
use crate::engine::options::{OptionKind, OptionValue, UciOption, EMPTY_TEXT};
use crate::eval::report::{EvalReport, PieceCount, TermRow, Terms};
use crate::eval::wdl::Wdl;
use crate::eval::{mate_distance, Score};
use crate::search::{nodes_per_second, Iteration, Progress, Stats};

/// `cp N` or `mate N` (in moves, negative when the side to move is mated).
pub fn score(score: Score) -> String {
    match mate_distance(score) {
        Some(moves) => format!("mate {moves}"),
        None => format!("cp {score}"),
    }
}

/// ` wdl W D L` (per mille), as Stockfish writes it after the score; nothing without chances.
pub fn wdl(wdl: Option<Wdl>) -> String {
    wdl.map_or(String::new(), |w| {
        format!(" wdl {} {} {}", w.win, w.draw, w.loss)
    })
}

/// The `info` line of a completed depth, castling written in `mode`.
pub fn iteration(it: &Iteration, mode: CastlingMode) -> String {
    let millis = it.time.as_millis();
    let multipv = it
        .multipv
        .map_or(String::new(), |k| format!(" multipv {k}"));
    let mut line = format!(
        "info depth {} seldepth {}{multipv} score {}{} nodes {} nps {}",
        it.depth,
        it.seldepth.max(it.depth),
        score(it.score),
        wdl(it.wdl),
        it.nodes,
        nodes_per_second(it.nodes, it.time)
    );
    if let Some(hashfull) = it.hashfull {
        line += &format!(" hashfull {hashfull}");
    }
    if let Some(tbhits) = it.tbhits {
        line += &format!(" tbhits {tbhits}");
    }
    line += &format!(" time {millis} pv");
    for &m in &it.pv {
        line.push(' ');
        line += &uci_move(m, mode);
    }
    line
}

/// The `info` line of a depth in progress: the root move being searched, and the counts.
pub fn progress(progress: &Progress, mode: CastlingMode) -> String {
    format!(
        "info depth {} currmove {} currmovenumber {} nodes {} nps {} time {}",
        progress.depth,
        uci_move(progress.currmove, mode),
        progress.currmovenumber,
        progress.nodes,
        nodes_per_second(progress.nodes, progress.time),
        progress.time.as_millis()
    )
}

/// The counters after `depth`, as `debug on` reports them, with the nodes the main thread
/// searched itself.
pub fn stats(depth: u32, stats: &Stats, thread_nodes: u64) -> String {
    format!(
        "depth {depth} thread nodes {thread_nodes} beta cutoffs {} table probes {} hits {} \
         cutoffs {} stores {}",
        stats.beta_cutoffs, stats.tt_probes, stats.tt_hits, stats.tt_cutoffs, stats.tt_stores
    )
}

/// The answer of a `go` without a position (after a refused `position`): the UCI null move.
pub const NULL_BESTMOVE: &str = "bestmove 0000";

/// `bestmove <move> [ponder <move>]`, or `bestmove (none)` without a legal move.
pub fn bestmove(best: Option<Move>, ponder: Option<Move>, mode: CastlingMode) -> String {
    match (best, ponder) {
        (Some(best), Some(ponder)) => format!(
            "bestmove {} ponder {}",
            uci_move(best, mode),
            uci_move(ponder, mode)
        ),
        (Some(best), None) => format!("bestmove {}", uci_move(best, mode)),
        (None, _) => "bestmove (none)".to_string(),
    }
}

/// `info depth 0 score ...`: the answer of a search without a legal move, checkmated (in check)
/// or stalemated, with its certain result under `UCI_ShowWDL`.
pub fn no_legal_move(in_check: bool, multipv: Option<usize>, result: Option<Wdl>) -> String {
    let score = if in_check { "mate 0" } else { "cp 0" };
    let multipv = multipv.map_or(String::new(), |k| format!(" multipv {k}"));
    format!("info depth 0{multipv} score {score}{}", wdl(result))
}

/// The `option name ... type ...` line that `uci` prints for an option.
pub fn option(option: &UciOption) -> String {
    let name = option.name;
    let default = match option.default_value() {
        OptionValue::Spin(n) => n.to_string(),
        OptionValue::Check(on) => on.to_string(),
        OptionValue::Combo(var) => var.to_string(),
        OptionValue::Button => String::new(),
        OptionValue::Text("") => EMPTY_TEXT.to_string(),
        OptionValue::Text(text) => text.to_string(),
    };
    match option.kind {
        OptionKind::Spin { min, max, .. } => {
            let max = max.value();
            format!("option name {name} type spin default {default} min {min} max {max}")
        }
        OptionKind::Check { .. } => format!("option name {name} type check default {default}"),
        OptionKind::Combo { vars, .. } => {
            let vars: String = vars.iter().map(|v| format!(" var {v}")).collect();
            format!("option name {name} type combo default {default}{vars}")
        }
        OptionKind::Button => format!("option name {name} type button"),
        OptionKind::Text { .. } => format!("option name {name} type string default {default}"),
        #[cfg(feature = "tune")]
        OptionKind::Param(index) => {
            let param = crate::search::pvs::params::PARAMS[index];
            let (min, max) = (param.min, param.max);
            format!("option name {name} type spin default {default} min {min} max {max}")
        }
    }
}

/// `Nodes searched: N`, the line that ends perft and bench output (as Stockfish's).
pub fn nodes_searched(nodes: u64) -> String {
    format!("Nodes searched: {nodes}")
}

/// `bench`'s line for one position searched (on stderr, as progress).
pub fn bench_position(step: &BenchProgress) -> String {
    format!(
        "Position {:>2}/{}: {}  nodes {}",
        step.index, step.total, step.fen, step.nodes
    )
}

/// `bench`'s totals: the time, the node total (the bench signature) and the speed.
pub fn bench_summary(summary: &BenchSummary) -> String {
    format!(
        "Total time (ms): {}\n{}\nNodes/second: {}",
        summary.time.as_millis(),
        nodes_searched(summary.nodes),
        nodes_per_second(summary.nodes, summary.time)
    )
}

/// A perft's line for one root move: `move: count`.
pub fn perft_move(root_move: Move, count: u64, mode: CastlingMode) -> String {
    format!("{}: {count}", uci_move(root_move, mode))
}

/// The end of the `perft` output, after the root moves' lines: a blank line, then the total.
pub fn perft_total(report: &PerftReport) -> String {
    format!("\n{}", nodes_searched(report.total()))
}

/// The `d` output: board diagram, FEN, key and checkers.
pub fn board(report: &BoardReport) -> String {
    let checkers: Vec<String> = report
        .position
        .checkers()
        .into_iter()
        .map(|sq| sq.to_string())
        .collect();
    format!(
        "\n{}\n\nFen: {}\nKey: {:016X}\nCheckers: {}",
        diagram(&report.position),
        report.fen,
        report.key,
        checkers.join(" ")
    )
}

/// The `eval` output: the evaluator's table of terms, whether the game is over (checkmate or
/// stalemate), then the evaluation.
pub fn eval(report: &EvalReport) -> String {
    let mut text = match &report.terms {
        Terms::Material { pieces, material } => material_table(pieces, *material),
        Terms::Positional {
            phase,
            max_phase,
            rows,
            total,
        } => positional_table(*phase, *max_phase, rows, total),
        Terms::Nnue {
            net,
            hidden,
            buckets,
            bucket,
            pieces,
            material,
            positional,
        } => format!(
            "Evaluator: NNUE, (768 -> {hidden}) x 2 -> 1 x {buckets}, output bucket {} ({pieces} pieces)\n\
             Net: {net}\n\
             Material: {material} cp, Positional: {positional} cp (from the side to move)\n",
            bucket + 1
        ),
    };
    let side = match report.turn {
        Color::White => "white",
        Color::Black => "black",
    };
    if let Some(end) = report.end {
        let _ = writeln!(text, "Game over: {}", game_over(end, side));
    }
    let _ = write!(
        text,
        "Evaluation: {} cp from the side to move ({side}), {} cp from White",
        report.score,
        report.score_for_white()
    );
    text
}

/// Why the game is over, and what a search scores, for `eval`.
fn game_over(end: GameEnd, side: &str) -> String {
    let draw = match end {
        GameEnd::Checkmate => {
            return format!("checkmate, {side} is mated (a search scores it mate 0)")
        }
        GameEnd::Stalemate => "stalemate",
        GameEnd::InsufficientMaterial => "insufficient material",
        GameEnd::Repetition => "threefold repetition",
        GameEnd::FiftyMoves => "the fifty-move rule",
    };
    format!("{draw}, a draw (a search scores it 0)")
}

fn material_table(pieces: &[PieceCount], material: [Score; 2]) -> String {
    let mut text = String::from("Evaluator: Material\n     Term |  White |  Black | Value\n");
    for piece in pieces {
        let _ = writeln!(
            text,
            "{:>9} | {:>6} | {:>6} | {:>5}",
            format!("{:?}", piece.role),
            piece.white,
            piece.black,
            piece.value
        );
    }
    let [white, black] = material;
    let _ = writeln!(text, " Material | {white:>6} | {black:>6} |");
    text
}

fn positional_table(phase: i32, max_phase: i32, rows: &[TermRow], total: &TermRow) -> String {
    let mut text = format!(
        "Evaluator: Positional, phase {phase}/{max_phase} ({max_phase} = middlegame, 0 = endgame)\n\
         {:>14} | {:>11} {:>5} | {:>11} {:>5} | {:>11} {:>5} | {:>5}\n",
        "Term", "White mg", "eg", "Black mg", "eg", "Total mg", "eg", "cp"
    );
    for row in rows.iter().chain([total]) {
        let _ = writeln!(
            text,
            "{:>14} | {:>11} {:>5} | {:>11} {:>5} | {:>11} {:>5} | {:>5}",
            row.name,
            row.white.mg,
            row.white.eg,
            row.black.mg,
            row.black.eg,
            row.total.mg,
            row.total.eg,
            row.cp
        );
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::notation::test_position as position;
    use crate::eval::{mated_in, MATE};
    use std::time::Duration;

    #[test]
    fn scores_print_as_cp_or_mate_in_moves() {
        assert_eq!(score(35), "cp 35");
        assert_eq!(score(-120), "cp -120");
        assert_eq!(score(MATE - 3), "mate 2");
        assert_eq!(score(mated_in(4)), "mate -2");
        assert_eq!(score(mated_in(0)), "mate 0");
    }

    #[test]
    fn wdl_follows_the_score_when_given() {
        let mut it = Iteration {
            depth: 5,
            seldepth: 7,
            multipv: Some(2),
            score: 30,
            wdl: None,
            nodes: 1000,
            time: Duration::from_millis(10),
            hashfull: None,
            tbhits: None,
            pv: Vec::new(),
        };
        let plain = iteration(&it, CastlingMode::Standard);
        assert!(plain.contains(" score cp 30 nodes ") && !plain.contains("wdl"));
        it.wdl = Some(Wdl {
            win: 73,
            draw: 917,
            loss: 10,
        });
        let line = iteration(&it, CastlingMode::Standard);
        assert!(
            line.contains(" multipv 2 score cp 30 wdl 73 917 10 nodes 1000 "),
            "{line}"
        );
        assert_eq!(no_legal_move(true, None, None), "info depth 0 score mate 0");
        assert_eq!(
            no_legal_move(false, Some(1), Some(Wdl::DRAW)),
            "info depth 0 multipv 1 score cp 0 wdl 0 1000 0"
        );
    }

    #[test]
    fn progress_shows_the_root_move_and_the_counts() {
        let report = Progress {
            depth: 5,
            currmove: shakmaty::Position::legal_moves(&shakmaty::Chess::default())[0],
            currmovenumber: 3,
            nodes: 3_000_000,
            time: Duration::from_millis(1500),
        };
        let line = progress(&report, CastlingMode::Standard);
        let currmove = uci_move(report.currmove, CastlingMode::Standard);
        assert_eq!(
            line,
            format!("info depth 5 currmove {currmove} currmovenumber 3 nodes 3000000 nps 2000000 time 1500")
        );
    }

    /// The value in column `index` (after the name) of the row named `name`.
    fn cell(text: &str, name: &str, index: usize) -> i32 {
        let line = text
            .lines()
            .find(|l| l.split('|').next().map(str::trim) == Some(name))
            .unwrap_or_else(|| panic!("no row {name} in\n{text}"));
        let cells: Vec<i32> = line
            .split('|')
            .skip(1)
            .flat_map(|c| c.split_whitespace())
            .map(|n| n.parse().expect("a number"))
            .collect();
        cells[index]
    }

    #[test]
    fn the_positional_table_shows_each_term_and_the_evaluation() {
        use crate::eval::{report::report, Evaluation};
        let fen = "r1bqk2r/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP3PPP/R1BQKB1R b KQkq - 3 7";
        let p = position(fen);
        let text = eval(&report(&p, Evaluation::Positional));
        let score = Evaluation::Positional.evaluate(&p);
        assert_eq!(cell(&text, "Total", 6), -score, "{text}");
        let line = format!(
            "Evaluation: {score} cp from the side to move (black), {} cp from White",
            -score
        );
        assert_eq!(text.lines().last(), Some(line.as_str()), "{text}");
        for name in [
            "Material",
            "Piece-square",
            "Passed pawns",
            "Mobility",
            "Tempo",
        ] {
            assert_eq!(
                cell(&text, name, 4),
                cell(&text, name, 0) - cell(&text, name, 2),
                "{name}"
            );
        }
    }

    #[test]
    fn the_material_table_counts_pieces_at_the_seeds_values() {
        use crate::eval::{report::report, Evaluation};
        let text = eval(&report(
            &position("rn2k3/8/8/8/8/8/8/1B2K3 b - - 0 1"),
            Evaluation::Material,
        ));
        assert!(text.starts_with("Evaluator: Material\n"), "{text}");
        assert_eq!(cell(&text, "Knight", 1), 1);
        assert_eq!(cell(&text, "Rook", 2), 500);
        assert_eq!(cell(&text, "Material", 1), 800);
        assert!(
            text.ends_with("Evaluation: 500 cp from the side to move (black), -500 cp from White")
        );
    }

    #[test]
    fn hash_is_announced_with_its_limit() {
        let limit = crate::engine::memory::hash_limit_mb();
        let spec = crate::engine::options::find("Hash").expect("Hash");
        assert_eq!(
            option(spec),
            format!("option name Hash type spin default 16 min 1 max {limit}")
        );
    }
}
