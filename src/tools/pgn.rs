//! PGN export of the games of `engine play`: the Seven Tag Roster, the start position when it is
//! not the standard one, the time control and why the game ended, then the moves in SAN, each
//! with its search's score, depth and time in a comment as cutechess-cli writes them
//! (`{+0.25/7 0.53s}`).

use std::time::{Duration, SystemTime, UNIX_EPOCH};

use shakmaty::san::SanPlus;
use shakmaty::{Color, Position};

use crate::board::game::Game;
use crate::board::notation::START_FEN;
use crate::eval::{is_mate_score, Score, MATE};
use crate::tools::play::{Ending, GameRecord, PlayedMove};

/// Movetext lines stay shorter than 80 characters, as the PGN export format asks.
const MAX_LINE_CHARS: usize = 79;

/// What the PGN says about a game besides what [`GameRecord`] holds.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Header {
    pub event: String,
    pub site: String,
    /// "YYYY.MM.DD"; see [`today`].
    pub date: String,
    pub round: u32,
    pub white: String,
    pub black: String,
    /// The `TimeControl` values of White and Black; see [`crate::tools::play::time_control`].
    pub time_controls: [String; 2],
}

/// One game as PGN: tags, a blank line, the movetext ending with the result, and a blank line.
pub fn game(header: &Header, record: &GameRecord) -> Result<String, String> {
    let mut text = String::new();
    for (name, value) in tags(header, record) {
        text += &format!("[{name} \"{}\"]\n", escape(&value));
    }
    text.push('\n');
    text += &movetext(record)?;
    text += "\n\n";
    Ok(text)
}

/// The tags in order: the Seven Tag Roster, then the others.
fn tags(header: &Header, record: &GameRecord) -> Vec<(&'static str, String)> {
    let mut tags = vec![
        ("Event", header.event.clone()),
        ("Site", header.site.clone()),
        ("Date", header.date.clone()),
        ("Round", header.round.to_string()),
        ("White", header.white.clone()),
        ("Black", header.black.clone()),
        ("Result", record.result().to_string()),
    ];
    if record.start_fen != START_FEN {
        tags.push(("SetUp", "1".to_string()));
        tags.push(("FEN", record.start_fen.clone()));
    }
    let [white_tc, black_tc] = &header.time_controls;
    if white_tc == black_tc {
        tags.push(("TimeControl", white_tc.clone()));
    } else {
        // As cutechess-cli writes different time controls.
        tags.push(("WhiteTimeControl", white_tc.clone()));
        tags.push(("BlackTimeControl", black_tc.clone()));
    }
    tags.push(("Termination", termination(record.ending).to_string()));
    tags.push(("PlyCount", record.played.len().to_string()));
    tags
}

/// The `Termination` value of an ending.
pub fn termination(ending: Ending) -> &'static str {
    match ending {
        Ending::Checkmate => "checkmate",
        Ending::Stalemate => "stalemate",
        Ending::Repetition => "threefold repetition",
        Ending::FiftyMoves => "fifty-move rule",
        Ending::InsufficientMaterial => "insufficient material",
        Ending::MoveLimit => "adjudication",
    }
}

/// A tag value inside quotes: `\` and `"` escaped, control characters made spaces.
fn escape(value: &str) -> String {
    value
        .chars()
        .map(|c| if c.is_control() { ' ' } else { c })
        .collect::<String>()
        .replace('\\', "\\\\")
        .replace('"', "\\\"")
}

/// The moves with their numbers and comments, then the result, in lines shorter than 80 characters.
fn movetext(record: &GameRecord) -> Result<String, String> {
    let game = Game::from_fen(&record.start_fen)?;
    let mut pos = game.position().clone();
    let mut units = Vec::new();
    for (ply, played) in record.played.iter().enumerate() {
        if !pos.is_legal(played.played) {
            return Err(format!("move {} of the game is not legal", ply + 1));
        }
        // The export format numbers a Black move that follows a comment: here, every one.
        let number = pos.fullmoves().get();
        let prefix = match pos.turn() {
            Color::White => format!("{number}. "),
            Color::Black => format!("{number}... "),
        };
        let san = SanPlus::from_move_and_play_unchecked(&mut pos, played.played);
        units.push(format!("{prefix}{san} {{{}}}", move_comment(played)));
    }
    units.push(record.result().to_string());
    Ok(wrap(&units))
}

/// Joins `units` with spaces into lines of at most [`MAX_LINE_CHARS`], never splitting one.
fn wrap(units: &[String]) -> String {
    let mut text = String::new();
    let mut line_chars = 0;
    for unit in units {
        let chars = unit.chars().count();
        if line_chars > 0 && line_chars + 1 + chars > MAX_LINE_CHARS {
            text.push('\n');
            line_chars = 0;
        }
        if line_chars > 0 {
            text.push(' ');
            line_chars += 1;
        }
        text += unit;
        line_chars += chars;
    }
    text
}

/// A move's comment as cutechess-cli writes it: the score and depth when the search completed a
/// depth ("+0.25/7"), then the time ("0.53s").
pub fn move_comment(played: &PlayedMove) -> String {
    let mut text = String::new();
    if played.depth > 0 {
        text += &format!("{}/{} ", score_text(played.score), played.depth);
    }
    text + &time_text(played.time)
}

/// A score in pawns from the mover's side ("+0.25", "-1.20", "0.00"), or a mate as cutechess-cli
/// writes it, in plies: "+M3" mates with the third ply from now, "-M2" is mated at the second.
pub fn score_text(score: Score) -> String {
    if is_mate_score(score) {
        let sign = if score > 0 { '+' } else { '-' };
        format!("{sign}M{}", MATE - score.abs())
    } else if score > 0 {
        format!("+{:.2}", f64::from(score) / 100.0)
    } else {
        format!("{:.2}", f64::from(score) / 100.0)
    }
}

/// Seconds with the precision cutechess-cli gives them: three decimals under 0.1 s, two under
/// 1 s, one under 10 s, none above; "0s" for no time at all.
pub fn time_text(time: Duration) -> String {
    let millis = time.as_millis();
    let decimals = match millis {
        0 => return "0s".to_string(),
        1..=99 => 3,
        100..=999 => 2,
        1000..=9999 => 1,
        _ => 0,
    };
    format!("{:.*}s", decimals, millis as f64 / 1000.0)
}

/// Today's date (UTC) as PGN writes dates: "2024.05.17"; "????.??.??" when the clock is before 1970.
pub fn today() -> String {
    match SystemTime::now().duration_since(UNIX_EPOCH) {
        Ok(since) => date_of_day(since.as_secs() / 86_400),
        Err(_) => "????.??.??".to_string(),
    }
}

/// The date of day `days` after 1970-01-01 (the proleptic Gregorian calendar).
fn date_of_day(days: u64) -> String {
    // Howard Hinnant's civil_from_days, on eras of 400 years starting on March 1st.
    let z = days + 719_468;
    let era = z / 146_097;
    let day_of_era = z % 146_097;
    let year_of_era =
        (day_of_era - day_of_era / 1460 + day_of_era / 36_524 - day_of_era / 146_096) / 365;
    let day_of_year = day_of_era - (365 * year_of_era + year_of_era / 4 - year_of_era / 100);
    let shifted_month = (5 * day_of_year + 2) / 153;
    let day = day_of_year - (153 * shifted_month + 2) / 5 + 1;
    let month = if shifted_month < 10 {
        shifted_month + 3
    } else {
        shifted_month - 9
    };
    let year = year_of_era + era * 400 + u64::from(month <= 2);
    format!("{year:04}.{month:02}.{day:02}")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::notation::parse_uci_move;
    use crate::eval::mated_in;

    fn header() -> Header {
        Header {
            event: "engine play".to_string(),
            site: "?".to_string(),
            date: "2024.05.17".to_string(),
            round: 3,
            white: "Search=AlphaBeta,Depth=3".to_string(),
            black: "Search=Random".to_string(),
            time_controls: ["-".to_string(), "-".to_string()],
        }
    }

    /// A record of the moves `uci` from `fen`, each with (score, depth, milliseconds).
    fn record(
        fen: &str,
        uci: &[(&str, Score, u32, u64)],
        ending: Ending,
        white: f64,
    ) -> GameRecord {
        let mut game = Game::from_fen(fen).expect("test FEN");
        let start_fen = game.fen();
        let mut played = Vec::new();
        for &(text, score, depth, millis) in uci {
            let m = parse_uci_move(game.position(), text).expect("test move");
            game.play(m);
            played.push(PlayedMove {
                played: m,
                score,
                depth,
                time: Duration::from_millis(millis),
            });
        }
        GameRecord {
            start_fen,
            played,
            first_is_white: true,
            first_score: white,
            ending,
            time: [Duration::ZERO; 2],
            nodes: [0; 2],
        }
    }

    #[test]
    fn a_game_from_the_start_position() {
        let fools_mate = record(
            START_FEN,
            &[
                ("f2f3", -30, 3, 12),
                ("e7e5", 50, 4, 150),
                ("g2g4", mated_in(2), 5, 1234),
                ("d8h4", MATE - 1, 1, 12_400),
            ],
            Ending::Checkmate,
            0.0,
        );
        let expected = concat!(
            "[Event \"engine play\"]\n",
            "[Site \"?\"]\n",
            "[Date \"2024.05.17\"]\n",
            "[Round \"3\"]\n",
            "[White \"Search=AlphaBeta,Depth=3\"]\n",
            "[Black \"Search=Random\"]\n",
            "[Result \"0-1\"]\n",
            "[TimeControl \"-\"]\n",
            "[Termination \"checkmate\"]\n",
            "[PlyCount \"4\"]\n",
            "\n",
            "1. f3 {-0.30/3 0.012s} 1... e5 {+0.50/4 0.15s} 2. g4 {-M2/5 1.2s}\n",
            "2... Qh4# {+M1/1 12s} 0-1\n",
            "\n",
        );
        assert_eq!(game(&header(), &fools_mate), Ok(expected.to_string()));
    }

    #[test]
    fn a_game_from_a_set_up_position_with_black_to_move() {
        // Black's only move, Ka7, and Kc5 stalemates.
        let fen = "k1Q5/8/8/8/2K5/8/8/8 b - - 10 40";
        let stalemate = record(
            fen,
            &[("a8a7", 0, 0, 0), ("c4c5", 0, 0, 4)],
            Ending::Stalemate,
            0.5,
        );
        let mut header = header();
        header.time_controls = ["0.05/move".to_string(), "-".to_string()];
        let text = game(&header, &stalemate).expect("legal moves");
        for tag in [
            "[Result \"1/2-1/2\"]\n",
            "[SetUp \"1\"]\n",
            "[FEN \"k1Q5/8/8/8/2K5/8/8/8 b - - 10 40\"]\n",
            "[WhiteTimeControl \"0.05/move\"]\n",
            "[BlackTimeControl \"-\"]\n",
            "[Termination \"stalemate\"]\n",
        ] {
            assert!(text.contains(tag), "{tag} missing:\n{text}");
        }
        assert!(!text.contains("[TimeControl "), "{text}");
        assert!(
            text.ends_with("\n\n40... Ka7 {0s} 41. Kc5 {0.004s} 1/2-1/2\n\n"),
            "{text}"
        );
    }

    #[test]
    fn long_games_wrap_before_80_characters() {
        let shuffle = ["g1f3", "g8f6", "f3g1", "f6g8"];
        let moves: Vec<(&str, Score, u32, u64)> =
            (0..60).map(|i| (shuffle[i % 4], -1234, 12, 5678)).collect();
        let long = record(START_FEN, &moves, Ending::MoveLimit, 0.5);
        let text = game(&header(), &long).expect("legal moves");
        let movetext: Vec<&str> = text
            .split("\n\n")
            .nth(1)
            .expect("movetext")
            .lines()
            .collect();
        assert!(movetext.len() > 10, "{text}");
        assert!(movetext.iter().all(|l| l.chars().count() < 80), "{text}");
        assert!(text.contains("[Termination \"adjudication\"]"), "{text}");
        assert!(text.contains("[PlyCount \"60\"]"), "{text}");
        // A move, its number and its comment stay on one line.
        assert!(text.contains("30... Ng8 {-12.34/12 5.7s}"), "{text}");
        assert!(
            movetext
                .iter()
                .all(|l| l.starts_with(|c: char| c.is_ascii_digit())),
            "{text}"
        );
    }

    #[test]
    fn a_game_without_moves_is_its_result() {
        let bare = record(
            "8/8/8/4k3/8/8/8/4K3 w - - 0 1",
            &[],
            Ending::InsufficientMaterial,
            0.5,
        );
        let text = game(&header(), &bare).expect("no moves");
        assert!(text.ends_with("[PlyCount \"0\"]\n\n1/2-1/2\n\n"), "{text}");
    }

    #[test]
    fn an_illegal_move_is_an_error_not_a_pgn() {
        let mut wrong = record(START_FEN, &[("e2e4", 0, 1, 1)], Ending::MoveLimit, 0.5);
        wrong.played.push(wrong.played[0]);
        assert!(game(&header(), &wrong).is_err());
    }

    #[test]
    fn scores_and_times_read_as_cutechess_writes_them() {
        assert_eq!(score_text(25), "+0.25");
        assert_eq!(score_text(-120), "-1.20");
        assert_eq!(score_text(0), "0.00");
        assert_eq!(score_text(MATE - 3), "+M3");
        assert_eq!(score_text(mated_in(2)), "-M2");
        assert_eq!(time_text(Duration::from_micros(999)), "0s");
        assert_eq!(time_text(Duration::from_millis(7)), "0.007s");
        assert_eq!(time_text(Duration::from_millis(530)), "0.53s");
        assert_eq!(time_text(Duration::from_millis(2_345)), "2.3s");
        assert_eq!(time_text(Duration::from_millis(61_000)), "61s");
    }

    #[test]
    fn tag_values_are_escaped() {
        let mut header = header();
        header.white = "Say \"hi\" \\ bye\n".to_string();
        let text = game(&header, &record(START_FEN, &[], Ending::MoveLimit, 0.5)).expect("pgn");
        assert!(
            text.contains("[White \"Say \\\"hi\\\" \\\\ bye \"]\n"),
            "{text}"
        );
    }

    #[test]
    fn dates_are_gregorian() {
        assert_eq!(date_of_day(0), "1970.01.01");
        assert_eq!(date_of_day(11_016), "2000.02.29");
        assert_eq!(date_of_day(19_723), "2024.01.01");
        assert_eq!(date_of_day(20_088), "2024.12.31");
        assert_eq!(today().len(), 10);
    }
}
