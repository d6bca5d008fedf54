//! Labelled positions for the tuner: quiet positions from the games of `engine play`, each
//! with the result of its game, as EPD lines (`<FEN> c9 "1-0";`, the form of the published
//! Texel tuning sets), and the reading of such files.
//!
//! A position is kept when the evaluation can judge it as it stands: not in the opening plies,
//! not in check, its game's move neither a capture nor a promotion, no mate announced by the
//! search, and no capture that a quiescence search finds better than standing pat. Games
//! adjudicated at the move limit have no result and give no positions.

use std::path::Path;

use anyhow::{bail, Context, Result};
use shakmaty::{Chess, EnPassantMode, Position};

use crate::board::epd::{self, EpdRecord};
use crate::board::game::Game;
use crate::board::notation::parse_fen;
use crate::eval::{is_mate_score, Evaluation, Score};
use crate::tools::play::{Ending, GameRecord};

/// The EPD opcode that holds the result.
pub const RESULT_OPCODE: &str = "c9";
/// The first plies of each game are left out: they are near the opening book, and the two
/// games of a pair share them.
pub const SKIP_PLIES: usize = 8;
/// How deep the quietness test follows captures.
const QUIESCENCE_DEPTH: u32 = 8;

/// A labelled position.
#[derive(Clone, Debug)]
pub struct Labelled {
    pub position: Chess,
    /// White's score in the game: 1, 0.5 or 0.
    pub result: f64,
}

/// The result as EPD and PGN write it.
fn result_text(white_score: f64) -> &'static str {
    if white_score == 1.0 {
        "1-0"
    } else if white_score == 0.0 {
        "0-1"
    } else {
        "1/2-1/2"
    }
}

/// White's score for a result text.
fn parse_result(text: &str) -> Option<f64> {
    match text {
        "1-0" => Some(1.0),
        "0-1" => Some(0.0),
        "1/2-1/2" => Some(0.5),
        _ => None,
    }
}

/// The EPD line of `pos` (4 FEN fields) labelled with White's score.
pub fn epd_line(pos: &Chess, white_score: f64) -> String {
    let fen = shakmaty::fen::Epd::from_position(pos, EnPassantMode::Legal);
    format!("{fen} {RESULT_OPCODE} \"{}\";", result_text(white_score))
}

/// Whether the static evaluation of `pos` is what a quiescence search finds: no capture or
/// promotion does better than standing pat.
pub fn stands_pat(pos: &Chess) -> bool {
    let stand_pat = Evaluation::Positional.evaluate(pos);
    quiesce(pos, stand_pat, stand_pat + 1, QUIESCENCE_DEPTH) <= stand_pat
}

/// A fail-hard quiescence search over captures and promotions within (alpha, beta).
fn quiesce(pos: &Chess, mut alpha: Score, beta: Score, depth: u32) -> Score {
    let stand_pat = Evaluation::Positional.evaluate(pos);
    if stand_pat >= beta || depth == 0 {
        return stand_pat.min(beta);
    }
    alpha = alpha.max(stand_pat);
    for m in pos.legal_moves() {
        if !m.is_capture() && !m.is_promotion() {
            continue;
        }
        let mut child = pos.clone();
        child.play_unchecked(m);
        let score = -quiesce(&child, -beta, -alpha, depth - 1);
        if score >= beta {
            return beta;
        }
        alpha = alpha.max(score);
    }
    alpha
}

/// The quiet positions of a finished game as labelled EPD lines (none for a game adjudicated
/// at the move limit).
pub fn from_game(record: &GameRecord) -> Result<Vec<String>, String> {
    if record.ending == Ending::MoveLimit {
        return Ok(Vec::new());
    }
    let white_score = record.white_score();
    let mut game = Game::from_fen(&record.start_fen)?;
    let mut lines = Vec::new();
    for (ply, played) in record.played.iter().enumerate() {
        let pos = game.position();
        let keep = ply >= SKIP_PLIES
            && !pos.is_check()
            && !played.played.is_capture()
            && !played.played.is_promotion()
            && !is_mate_score(played.score)
            && stands_pat(pos);
        if keep {
            lines.push(epd_line(pos, white_score));
        }
        if !pos.is_legal(played.played) {
            return Err(format!("an illegal move in the game record at ply {ply}"));
        }
        game.play(played.played);
    }
    Ok(lines)
}

/// The labelled position of one EPD record.
pub fn parse_record(record: &EpdRecord) -> Result<Labelled, String> {
    let result = match record.operands(RESULT_OPCODE) {
        Some([text]) => parse_result(text)
            .ok_or_else(|| format!("'{text}' is not a result (1-0, 0-1 or 1/2-1/2)"))?,
        _ => return Err(format!("no result ({RESULT_OPCODE} \"1-0\";)")),
    };
    Ok(Labelled {
        position: parse_fen(&record.fen)?,
        result,
    })
}

/// Every labelled position of an EPD file; a record without a result or with an illegal
/// position stops the reading with an error naming its line.
pub fn read(path: &Path) -> Result<Vec<Labelled>> {
    let records = epd::read(path)?;
    let mut positions = Vec::with_capacity(records.len());
    for record in &records {
        let labelled = parse_record(record)
            .map_err(anyhow::Error::msg)
            .with_context(|| format!("{} line {}", path.display(), record.line))?;
        positions.push(labelled);
    }
    if positions.is_empty() {
        bail!("no labelled positions in {}", path.display());
    }
    Ok(positions)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::notation::test_position as chess;
    use crate::tools::play::PlayedMove;
    use std::time::Duration;

    #[test]
    fn a_position_with_a_winning_capture_does_not_stand_pat() {
        // White's queen can take a loose rook.
        assert!(!stands_pat(&chess("4k3/8/8/3r4/8/8/3Q4/4K3 w - - 0 1")));
        // Defended by a pawn, the rook would cost the queen: White stands pat.
        assert!(stands_pat(&chess("4k3/8/4p3/3r4/8/8/3Q4/4K3 w - - 0 1")));
        assert!(stands_pat(&Chess::default()));
    }

    #[test]
    fn lines_are_epd_with_the_result_and_read_back() {
        let pos = chess("4k3/8/4p3/3r4/8/8/3Q4/4K3 b - - 3 40");
        let line = epd_line(&pos, 0.0);
        assert_eq!(line, "4k3/8/4p3/3r4/8/8/3Q4/4K3 b - - c9 \"0-1\";");
        let record = epd::parse_line(&line, 1)
            .expect("parses")
            .expect("a record");
        let labelled = parse_record(&record).expect("labelled");
        assert_eq!(labelled.result, 0.0);
        assert_eq!(labelled.position.board(), pos.board());
        for (score, text) in [(1.0, "1-0"), (0.5, "1/2-1/2")] {
            assert!(epd_line(&pos, score).contains(text));
            assert_eq!(parse_result(text), Some(score));
        }
        let unlabelled = epd::parse_line("4k3/8/8/8/8/8/8/4K3 w - - c9 \"2-0\";", 7)
            .expect("parses")
            .expect("a record");
        assert!(parse_record(&unlabelled)
            .expect_err("no such result")
            .contains("'2-0'"));
    }

    /// A game record of `moves` (UCI) from `fen`, each searched with `score`.
    fn record(fen: &str, moves: &[&str], score: Score, ending: Ending) -> GameRecord {
        let mut game = Game::from_fen(fen).expect("legal");
        let mut played = Vec::new();
        for m in moves {
            let m = game.play_uci(m).expect("legal move");
            played.push(PlayedMove {
                played: m,
                score,
                depth: 1,
                time: Duration::ZERO,
            });
        }
        GameRecord {
            start_fen: Game::from_fen(fen).expect("legal").fen(),
            played,
            first_is_white: true,
            first_score: 1.0,
            ending,
            time: [Duration::ZERO; 2],
            nodes: [0; 2],
        }
    }

    #[test]
    fn a_game_gives_its_quiet_positions_after_the_opening_plies() {
        let moves = [
            "g1f3", "g8f6", "f3g1", "f6g8", "g1f3", "g8f6", "f3g1", "f6g8", // 8 plies skipped
            "e2e4", "d7d5", // quiet moves: the positions before them are kept
            "e4d5", "d8d5", // captures: the positions before them are not
            "b1c3", // quiet: the position after Qxd5 is kept
        ];
        let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
        let lines = from_game(&record(start, &moves, 20, Ending::Checkmate)).expect("legal");
        assert_eq!(lines[0], epd_line(&Chess::default(), 1.0));
        assert!(lines.iter().all(|l| l.ends_with("c9 \"1-0\";")));
        // Not the position where exd5 was played, nor the one where Black recaptures (a capture).
        let before_capture = "rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq -";
        assert!(lines.iter().all(|l| !l.starts_with(before_capture)));
        let after_recapture = "rnb1kbnr/ppp1pppp/8/3q4/8/8/PPPP1PPP/RNBQKBNR w KQkq -";
        assert!(lines.iter().any(|l| l.starts_with(after_recapture)));
        assert_eq!(lines.len(), 3, "{lines:#?}");
        // A mate announced by the search, or a game adjudicated at the move limit: nothing.
        let mating = record(start, &moves, 31_990, Ending::Checkmate);
        assert!(from_game(&mating).expect("legal").is_empty());
        let adjudicated = record(start, &moves, 20, Ending::MoveLimit);
        assert!(from_game(&adjudicated).expect("legal").is_empty());
    }
}
