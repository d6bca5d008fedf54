//! Training positions from games already played by this engine, read from PGN as fastchess
//! and cutechess-cli write it (with pgn-reader, the PGN reader of shakmaty's author): each move's comment starts with the mover's search score in
//! pawns (`{+0.21/9 0.018s}`). A position is kept as self-play keeps it ([`is_kept`]): not in
//! check, its move neither a capture nor a promotion, a score below the bound and no mate.

use std::io::Cursor;
use std::ops::ControlFlow;

use anyhow::{bail, Context, Result};
use pgn_reader::{RawComment, RawTag, Reader, SanPlus, Visitor};
use shakmaty::fen::Fen;
use shakmaty::{CastlingMode, Chess, Color, Move, Position};

use crate::tools::datagen::record::Record;
use crate::tools::datagen::selfplay::is_kept;

/// What the import of a PGN text found.
#[derive(Clone, Debug, Default)]
pub struct Imported {
    /// The kept positions of the games with a result.
    pub records: Vec<Record>,
    /// Games read with a result.
    pub games: usize,
    /// Games left out: no result (`*`).
    pub unfinished: usize,
}

/// The kept positions of every finished game of `pgn`. A move that is not legal, or a start
/// position that is not, is an error naming the game.
pub fn import_pgn(pgn: &str) -> Result<Imported> {
    let mut imported = Imported::default();
    let mut reader = Reader::new(Cursor::new(pgn.as_bytes()));
    let mut number = 0;
    while let Some(game) = reader.read_game(&mut GameReader)? {
        number += 1;
        match game.with_context(|| format!("game {number} of the PGN"))? {
            Some(records) => {
                imported.records.extend(records);
                imported.games += 1;
            }
            None => imported.unfinished += 1,
        }
    }
    Ok(imported)
}

/// The tags a game's import needs.
#[derive(Default)]
struct Tags {
    fen: Option<String>,
    /// For White: 0 loss, 1 draw, 2 win; None without a result.
    white_result: Option<u8>,
}

/// A game's movetext as it is read: the position, the last move read (played once its comment
/// is read, or the next move), the kept positions, and the first error.
struct Game {
    pos: Chess,
    pending: Option<Move>,
    white_result: u8,
    records: Vec<Record>,
}

/// What one game gives: its kept positions (None without a result), or why it was refused.
type GameOutput = Result<Option<Vec<Record>>>;

/// Reads one game with pgn-reader's [`Visitor`], checking each move against the position.
struct GameReader;

impl Visitor for GameReader {
    type Tags = Tags;
    type Movetext = Game;
    type Output = GameOutput;

    fn begin_tags(&mut self) -> ControlFlow<GameOutput, Tags> {
        ControlFlow::Continue(Tags::default())
    }

    fn tag(&mut self, tags: &mut Tags, name: &[u8], value: RawTag<'_>) -> ControlFlow<GameOutput> {
        let value = value.decode_utf8_lossy();
        match name {
            b"FEN" => tags.fen = Some(value.into_owned()),
            b"Result" => {
                tags.white_result = match value.as_ref() {
                    "1-0" => Some(2),
                    "0-1" => Some(0),
                    "1/2-1/2" => Some(1),
                    _ => None,
                }
            }
            _ => {}
        }
        ControlFlow::Continue(())
    }

    fn begin_movetext(&mut self, tags: Tags) -> ControlFlow<GameOutput, Game> {
        let Some(white_result) = tags.white_result else {
            return ControlFlow::Break(Ok(None));
        };
        match start_position(tags.fen.as_deref()) {
            Ok(pos) => ControlFlow::Continue(Game {
                pos,
                pending: None,
                white_result,
                records: Vec::new(),
            }),
            Err(e) => ControlFlow::Break(Err(e)),
        }
    }

    fn san(&mut self, game: &mut Game, san_plus: SanPlus) -> ControlFlow<GameOutput> {
        game.play_pending();
        match san_plus.san.to_move(&game.pos) {
            Ok(m) => {
                game.pending = Some(m);
                ControlFlow::Continue(())
            }
            Err(_) => ControlFlow::Break(Err(anyhow::anyhow!("{san_plus} is not legal here"))),
        }
    }

    fn comment(&mut self, game: &mut Game, comment: RawComment<'_>) -> ControlFlow<GameOutput> {
        let text = String::from_utf8_lossy(comment.as_bytes());
        if let (Some(m), Some(score)) = (game.pending, comment_score(&text)) {
            if is_kept(&game.pos, m, score) {
                let result = match game.pos.turn() {
                    Color::White => game.white_result,
                    Color::Black => 2 - game.white_result,
                };
                game.records
                    .push(Record::new(&game.pos, score as i16, result));
            }
        }
        game.play_pending();
        ControlFlow::Continue(())
    }

    fn end_game(&mut self, game: Game) -> GameOutput {
        Ok(Some(game.records))
    }
}

impl Game {
    /// Plays the last move read, if it is not played yet.
    fn play_pending(&mut self) {
        if let Some(m) = self.pending.take() {
            self.pos.play_unchecked(m);
        }
    }
}

/// The position a game starts from: its FEN tag's, or the standard start.
fn start_position(fen: Option<&str>) -> Result<Chess> {
    Ok(match fen {
        Some(fen) => fen
            .parse::<Fen>()?
            .into_position::<Chess>(CastlingMode::Standard)?,
        None => Chess::default(),
    })
}

/// The mover's score in centipawns at the start of a move's comment (`+0.21/9 ...`); None for
/// a mate (`+M5`), a book move or no score.
fn comment_score(comment: &str) -> Option<i32> {
    let first = comment.split_whitespace().next()?;
    let pawns: f64 = first.split('/').next()?.parse().ok()?;
    Some((pawns * 100.0).round() as i32)
}

/// Refuses the PGN import into a file that already holds data (self-play's resumable files
/// are not to be mixed with imported games).
pub fn check_new_output(path: &std::path::Path) -> Result<()> {
    if std::fs::metadata(path).is_ok_and(|m| m.len() > 0) {
        bail!(
            "{} already holds data: import into a new file",
            path.display()
        );
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    const TWO_GAMES: &str = r#"[Event "test"]
[White "a"]
[Black "b"]
[Result "0-1"]
[FEN "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2"]

2. Nf3 {+0.30/9 0.010s, tl=0.000s} Nc6 {-0.25/9 0.011s} 3. Bb5 {+0.35/10 0.01s}
a6 {-0.20/9 0.01s} 4. Bxc6 {+0.10/9 0.01s} dxc6 {-0.05/9} 5. O-O {+M3/9 0.01s}
f6 {-31.00/9 0.01s} 0-1

[Event "test"]
[Result "*"]

1. e4 {+0.20/9} *
"#;

    #[test]
    fn quiet_scored_moves_of_finished_games_are_kept_with_the_movers_result() {
        let imported = import_pgn(TWO_GAMES).expect("a valid PGN");
        assert_eq!((imported.games, imported.unfinished), (1, 1));
        // Nf3, Nc6, Bb5, a6 kept; Bxc6 and dxc6 capture, O-O has a mate score, f6 is beyond
        // the bound.
        let kept: Vec<(i16, u8, u8)> = imported
            .records
            .iter()
            .map(|r| (r.score, r.side_to_move, r.result))
            .collect();
        assert_eq!(kept, vec![(30, 0, 0), (-25, 1, 2), (35, 0, 0), (-20, 1, 2)]);
        assert_eq!(imported.records[0].fullmove, 2);
    }

    #[test]
    fn an_illegal_move_names_its_game() {
        let bad = TWO_GAMES.replace("3. Bb5", "3. Bb6");
        let error = format!("{:#}", import_pgn(&bad).expect_err("Bb6 is illegal"));
        assert!(error.contains("game 1") && error.contains("Bb6"), "{error}");
    }
}
