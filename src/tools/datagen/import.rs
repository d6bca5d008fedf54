//! Training positions from games already played by this engine, read from PGN as fastchess
//! and cutechess-cli write it: each move's comment starts with the mover's search score in
//! pawns (`{+0.21/9 0.018s}`). A position is kept as self-play keeps it ([`is_kept`]): not in
//! check, its move neither a capture nor a promotion, a score below the bound and no mate.

use anyhow::{bail, Context, Result};
use shakmaty::fen::Fen;
use shakmaty::san::SanPlus;
use shakmaty::{CastlingMode, Chess, Color, Position};

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
    for (number, game) in split_games(pgn).into_iter().enumerate() {
        let result = match tag(game.headers, "Result") {
            Some("1-0") => 2,
            Some("0-1") => 0,
            Some("1/2-1/2") => 1,
            _ => {
                imported.unfinished += 1;
                continue;
            }
        };
        let records = game_records(&game, result)
            .with_context(|| format!("game {} of the PGN", number + 1))?;
        imported.records.extend(records);
        imported.games += 1;
    }
    Ok(imported)
}

/// One game's tag section and movetext.
struct PgnGame<'a> {
    headers: &'a str,
    movetext: &'a str,
}

/// The games of a PGN text: each a run of tag lines, then the movetext up to the next tag line.
fn split_games(pgn: &str) -> Vec<PgnGame<'_>> {
    let mut games = Vec::new();
    let mut rest = pgn.trim_start();
    while !rest.is_empty() {
        let headers_end = rest
            .find("\n\n")
            .or_else(|| rest.find("\r\n\r\n"))
            .unwrap_or(rest.len());
        let (headers, after) = rest.split_at(headers_end);
        let movetext_end = after.find("\n[").map_or(after.len(), |i| i + 1);
        let (movetext, next) = after.split_at(movetext_end);
        games.push(PgnGame { headers, movetext });
        rest = next.trim_start();
    }
    games
}

/// The value of the tag `name` in a tag section.
fn tag<'a>(headers: &'a str, name: &str) -> Option<&'a str> {
    headers.lines().find_map(|line| {
        let inner = line.trim().strip_prefix('[')?.strip_suffix(']')?;
        let (key, value) = inner.split_once(' ')?;
        (key == name).then(|| value.trim().trim_matches('"'))
    })
}

/// The kept positions of one game ending `white_result` (0 loss, 1 draw, 2 win for White).
fn game_records(game: &PgnGame, white_result: u8) -> Result<Vec<Record>> {
    let mut pos = match tag(game.headers, "FEN") {
        Some(fen) => fen
            .parse::<Fen>()?
            .into_position::<Chess>(CastlingMode::Standard)?,
        None => Chess::default(),
    };
    let mut records = Vec::new();
    for (san, comment) in moves(game.movetext) {
        let played = SanPlus::from_ascii(san.as_bytes())
            .with_context(|| format!("{san} is not a move"))?
            .san
            .to_move(&pos)
            .with_context(|| format!("{san} is not legal here"))?;
        if let Some(score) = comment.and_then(comment_score) {
            if is_kept(&pos, played, score) {
                let result = if pos.turn() == Color::White {
                    white_result
                } else {
                    2 - white_result
                };
                records.push(Record::new(&pos, score as i16, result));
            }
        }
        pos.play_unchecked(played);
    }
    Ok(records)
}

/// The moves of a movetext in SAN, each with the comment after it; move numbers, results,
/// annotations and variations' absence assumed (as the match tools write them).
fn moves(movetext: &str) -> Vec<(&str, Option<&str>)> {
    let mut moves: Vec<(&str, Option<&str>)> = Vec::new();
    let mut rest = movetext;
    loop {
        rest = rest.trim_start();
        if rest.is_empty() {
            break;
        }
        if let Some(inner) = rest.strip_prefix('{') {
            let end = inner.find('}').unwrap_or(inner.len());
            if let Some(last) = moves.last_mut() {
                last.1.get_or_insert(&inner[..end]);
            }
            rest = inner.get(end + 1..).unwrap_or("");
            continue;
        }
        let end = rest
            .find(|c: char| c.is_whitespace() || c == '{')
            .unwrap_or(rest.len());
        let token = &rest[..end];
        rest = &rest[end..];
        if ["1-0", "0-1", "1/2-1/2", "*"].contains(&token) {
            continue;
        }
        let token = token.trim_start_matches(|c: char| c.is_ascii_digit() || c == '.');
        if token.is_empty() {
            continue;
        }
        moves.push((token, None));
    }
    moves
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
