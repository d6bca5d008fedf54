//! Parsing a line of UCI text into an engine [`Command`]: pure, total, and never panicking.

use crate::engine::bench::{self, DEFAULT_DEPTH};
use crate::engine::command::{Command, GoParams, Setup, MAX_PERFT_DEPTH};
use crate::search::MAX_DEPTH;

/// Parses one line: Ok(None) for a blank line, Err with the reason for anything else it cannot use.
pub fn parse(line: &str) -> Result<Option<Command>, String> {
    let tokens: Vec<&str> = line.split_whitespace().collect();
    let Some((&first, rest)) = tokens.split_first() else {
        return Ok(None);
    };
    let command = match first {
        "uci" => Command::Uci,
        "isready" => Command::IsReady,
        "ucinewgame" => Command::UciNewGame,
        "stop" => Command::Stop,
        "ponderhit" => Command::PonderHit,
        "quit" => Command::Quit,
        "d" => Command::Display,
        "eval" => Command::Eval,
        "debug" => parse_debug(rest)?,
        "setoption" => parse_setoption(rest)?,
        "position" => parse_position(rest).unwrap_or_else(|why| Command::Position {
            setup: Setup::Unreadable(why),
            moves: Vec::new(),
        }),
        "go" => Command::Go(parse_go(rest)?),
        "perft" => Command::Perft(parse_perft_depth(rest.first().copied())?),
        "bench" => Command::Bench(parse_bench_depth(rest)?),
        _ => return Err(format!("unknown command: {}", line.trim())),
    };
    Ok(Some(command))
}

fn parse_debug(rest: &[&str]) -> Result<Command, String> {
    match rest {
        ["on"] => Ok(Command::Debug(true)),
        ["off"] => Ok(Command::Debug(false)),
        _ => Err(format!(
            "debug needs 'on' or 'off', got '{}'",
            rest.join(" ")
        )),
    }
}

/// `setoption name <name...> [value <value...>]`; the name may contain spaces.
fn parse_setoption(rest: &[&str]) -> Result<Command, String> {
    if rest.first() != Some(&"name") {
        return Err("setoption needs 'name <option>'".to_string());
    }
    let rest = &rest[1..];
    let value_at = rest.iter().position(|&t| t == "value");
    let (name, value) = match value_at {
        Some(i) => (&rest[..i], Some(rest[i + 1..].join(" "))),
        None => (rest, None),
    };
    if name.is_empty() {
        return Err("setoption has no option name".to_string());
    }
    Ok(Command::SetOption {
        name: name.join(" "),
        value,
    })
}

/// `position startpos | fen <fields...> [moves <m1> ...]`.
fn parse_position(rest: &[&str]) -> Result<Command, String> {
    let moves_at = rest.iter().position(|&t| t == "moves");
    let (head, moves) = match moves_at {
        Some(i) => (
            &rest[..i],
            rest[i + 1..].iter().map(|m| m.to_string()).collect(),
        ),
        None => (rest, Vec::new()),
    };
    let setup = match head {
        ["startpos"] => Setup::StartPos,
        ["fen"] => return Err("position fen needs a FEN".to_string()),
        ["fen", fields @ ..] => Setup::Fen(fields.join(" ")),
        [] => return Err("position needs 'startpos' or 'fen <FEN>'".to_string()),
        ["startpos", extra, ..] => return Err(format!("position startpos: unexpected '{extra}'")),
        [other, ..] => {
            return Err(format!(
                "position needs 'startpos' or 'fen <FEN>', got '{other}'"
            ))
        }
    };
    Ok(Command::Position { setup, moves })
}

const GO_KEYWORDS: [&str; 13] = [
    "searchmoves",
    "ponder",
    "wtime",
    "btime",
    "winc",
    "binc",
    "movestogo",
    "depth",
    "nodes",
    "mate",
    "movetime",
    "infinite",
    "perft",
];

/// `go` and its parameters; a bad parameter is skipped with a warning, the rest still count,
/// but a `go perft` without a depth from 1 to 20 is refused (nothing is searched).
fn parse_go(rest: &[&str]) -> Result<GoParams, String> {
    let mut go = GoParams::default();
    let mut i = 0;
    while i < rest.len() {
        let key = rest[i];
        let value = rest.get(i + 1).copied();
        i += 1;
        match key {
            "ponder" => go.ponder = true,
            "infinite" => go.infinite = true,
            "searchmoves" => {
                while i < rest.len() && !GO_KEYWORDS.contains(&rest[i]) {
                    go.searchmoves.push(rest[i].to_string());
                    i += 1;
                }
            }
            "perft" => {
                go.perft = Some(parse_perft_depth(value).map_err(|e| format!("go: {e}"))?);
                i += consumed(value);
            }
            _ => i += parse_go_value(&mut go, key, value),
        }
    }
    Ok(go)
}

/// A `go` parameter that takes a number, or an unknown one; how many tokens its value takes.
fn parse_go_value(go: &mut GoParams, key: &str, value: Option<&str>) -> usize {
    let warnings = &mut go.warnings;
    match key {
        "wtime" => keep(
            number(key, value, i64::MIN, i64::MAX),
            &mut go.wtime,
            warnings,
        ),
        "btime" => keep(
            number(key, value, i64::MIN, i64::MAX),
            &mut go.btime,
            warnings,
        ),
        "winc" => keep(
            number(key, value, i64::MIN, i64::MAX),
            &mut go.winc,
            warnings,
        ),
        "binc" => keep(
            number(key, value, i64::MIN, i64::MAX),
            &mut go.binc,
            warnings,
        ),
        "movestogo" => keep(number(key, value, 1, u32::MAX), &mut go.movestogo, warnings),
        "depth" => keep(number(key, value, 1, MAX_DEPTH), &mut go.depth, warnings),
        "nodes" => keep(number(key, value, 1, u64::MAX), &mut go.nodes, warnings),
        "mate" => keep(number(key, value, 1, MAX_DEPTH / 2), &mut go.mate, warnings),
        "movetime" => keep(number(key, value, 0, u64::MAX), &mut go.movetime, warnings),
        other => {
            warnings.push(format!("go: unknown parameter '{other}'; ignored"));
            return 0;
        }
    }
    consumed(value)
}

/// Values are consumed unless missing or another keyword (so `go depth infinite` keeps `infinite`).
fn consumed(value: Option<&str>) -> usize {
    match value {
        Some(v) if !GO_KEYWORDS.contains(&v) => 1,
        _ => 0,
    }
}

/// A number for `key` within min..=max: out-of-range values are clamped (with a warning), others rejected.
fn number<T>(key: &str, value: Option<&str>, min: T, max: T) -> (Option<T>, Option<String>)
where
    T: Copy + Into<i128> + TryFrom<i128> + std::fmt::Display,
{
    let Some(text) = value.filter(|v| !GO_KEYWORDS.contains(v)) else {
        return (None, Some(format!("go: {key} needs a value; ignored")));
    };
    let Some((n, whole)) = whole_part(text) else {
        return (
            None,
            Some(format!(
                "go: {key} needs a whole number, got '{text}'; ignored"
            )),
        );
    };
    let clamped = n.clamp(min.into(), max.into());
    let Ok(v) = T::try_from(clamped) else {
        return (
            None,
            Some(format!("go: {key} {text} cannot be used; ignored")),
        );
    };
    let warning = if clamped != n {
        Some(format!(
            "go: {key} {text} is out of range {min}..{max}; using {v}"
        ))
    } else {
        (!whole).then(|| format!("go: {key} {text} is not a whole number; using {v}"))
    };
    (Some(v), warning)
}

/// A whole number, or a decimal one cut to its whole part as Stockfish reads it (`1.5` is 1),
/// with whether it was whole; None for anything else.
fn whole_part(text: &str) -> Option<(i128, bool)> {
    let (int, fraction) = text.split_once('.').unwrap_or((text, ""));
    let digits = int.trim_start_matches(['-', '+']);
    let number = !digits.is_empty() && fraction.bytes().all(|b| b.is_ascii_digit());
    let n = int.parse::<i128>().ok().filter(|_| number)?;
    Some((n, !text.contains('.')))
}

fn keep<T>(parsed: (Option<T>, Option<String>), slot: &mut Option<T>, warnings: &mut Vec<String>) {
    if let Some(v) = parsed.0 {
        *slot = Some(v);
    }
    warnings.extend(parsed.1);
}

fn parse_perft_depth(value: Option<&str>) -> Result<u32, String> {
    match value.map(str::parse::<u32>) {
        Some(Ok(depth)) if (1..=MAX_PERFT_DEPTH).contains(&depth) => Ok(depth),
        _ => Err(format!(
            "perft needs a depth from 1 to {MAX_PERFT_DEPTH}, got '{}'",
            value.unwrap_or("")
        )),
    }
}

/// `bench [depth]`: the default depth, or the one number given (1 to [`MAX_DEPTH`]).
fn parse_bench_depth(rest: &[&str]) -> Result<u32, String> {
    match rest {
        [] => Ok(DEFAULT_DEPTH),
        [depth] => match depth.parse::<u32>() {
            Ok(depth) => bench::check_depth(depth),
            Err(_) => Err(format!(
                "bench depth must be from 1 to {MAX_DEPTH}, got '{depth}'"
            )),
        },
        [_, extra, ..] => Err(format!("bench takes one depth, got '{}' after it", extra)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn go(line: &str) -> GoParams {
        match parse(line) {
            Ok(Some(Command::Go(params))) => params,
            other => panic!("{line}: {other:?}"),
        }
    }

    #[test]
    fn blank_lines_are_nothing() {
        assert_eq!(parse(""), Ok(None));
        assert_eq!(parse(" \t  "), Ok(None));
    }

    #[test]
    fn whitespace_runs_separate_tokens() {
        assert_eq!(parse("  isready\t\r"), Ok(Some(Command::IsReady)));
        let cmd = parse("setoption   name  Move\tOverhead value  30").expect("parses");
        assert_eq!(
            cmd,
            Some(Command::SetOption {
                name: "Move Overhead".into(),
                value: Some("30".into())
            })
        );
    }

    #[test]
    fn unknown_commands_are_named() {
        assert_eq!(
            parse("xyzzy 1 2"),
            Err("unknown command: xyzzy 1 2".to_string())
        );
    }

    #[test]
    fn go_parses_every_parameter() {
        let p = go("go searchmoves e2e4 d2d4 ponder wtime 1000 btime -5 winc 10 binc 20 movestogo 7 depth 9 nodes 500 mate 3 movetime 250 infinite");
        assert_eq!(p.searchmoves, vec!["e2e4", "d2d4"]);
        assert!(p.ponder && p.infinite);
        assert_eq!(
            (p.wtime, p.btime, p.winc, p.binc),
            (Some(1000), Some(-5), Some(10), Some(20))
        );
        assert_eq!(
            (p.movestogo, p.depth, p.nodes, p.mate, p.movetime),
            (Some(7), Some(9), Some(500), Some(3), Some(250))
        );
        assert!(p.warnings.is_empty(), "{:?}", p.warnings);
    }

    #[test]
    fn bad_go_values_warn_and_are_skipped_or_clamped() {
        let p = go("go movetime abc depth 5");
        assert_eq!((p.movetime, p.depth), (None, Some(5)));
        assert_eq!(p.warnings.len(), 1);
        assert_eq!(go("go depth 100000").depth, Some(MAX_DEPTH));
        assert_eq!(go("go depth -1").depth, Some(1));
        assert_eq!(go("go depth 0").depth, Some(1));
        assert_eq!(go("go nodes 0").nodes, Some(1));
        assert!(go("go depth infinite").infinite);
        assert_eq!(go("go wtime 99999999999999999999999").wtime, Some(i64::MAX));
        assert_eq!(go("go movetime 1e9").movetime, None);
        assert_eq!(go("go movetime 1.5").movetime, Some(1));
        assert_eq!(go("go wtime 2500.9").wtime, Some(2500));
        assert_eq!(go("go movetime .5").movetime, None);
        assert_eq!(go("go movetime 1.x").movetime, None);
        assert!(parse("go perft 0").is_err());
        assert!(parse("go perft").is_err());
    }

    #[test]
    fn position_forms() {
        let start = parse("position startpos moves e2e4 e7e5").expect("parses");
        assert_eq!(
            start,
            Some(Command::Position {
                setup: Setup::StartPos,
                moves: vec!["e2e4".into(), "e7e5".into()]
            })
        );
        let fen = parse("position fen 8/8/8/8/8/8/8/K6k w - - 0 1 moves a1a2").expect("parses");
        assert_eq!(
            fen,
            Some(Command::Position {
                setup: Setup::Fen("8/8/8/8/8/8/8/K6k w - - 0 1".into()),
                moves: vec!["a1a2".into()]
            })
        );
        for line in ["position", "position fen", "position foo"] {
            let Ok(Some(Command::Position { setup, .. })) = parse(line) else {
                panic!("{line} is a refused position");
            };
            assert!(matches!(setup, Setup::Unreadable(_)), "{line}");
        }
    }

    #[test]
    fn bench_takes_an_optional_depth_within_the_search_range() {
        assert_eq!(parse("bench"), Ok(Some(Command::Bench(11))));
        assert_eq!(parse("bench 4"), Ok(Some(Command::Bench(4))));
        assert_eq!(parse("bench 64"), Ok(Some(Command::Bench(64))));
        for line in ["bench 0", "bench 65", "bench x", "bench -1", "bench 4 2"] {
            assert!(parse(line).is_err(), "{line}");
        }
    }

    #[test]
    fn setoption_needs_a_name() {
        assert!(parse("setoption").is_err());
        assert!(parse("setoption name").is_err());
        assert!(parse("setoption value 3").is_err());
        assert_eq!(
            parse("setoption name Clear Hash").expect("parses"),
            Some(Command::SetOption {
                name: "Clear Hash".into(),
                value: None
            })
        );
    }
}
