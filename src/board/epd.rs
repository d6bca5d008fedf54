//! Reading EPD files: a FEN (4 fields, or 6 when the clocks follow) and then operations, each
//! an opcode and its operands ended by `;`. A quoted operand (`c0 "a; b"`) is one operand and
//! may hold spaces and semicolons. The last operation of a line may leave out its `;`, and
//! empty operations are skipped, so the perft form `FEN ;D1 20 ;D2 400` reads as `D1`, `D2`.

use std::fmt;
use std::path::Path;

use anyhow::{Context, Result};

/// One operation: its opcode and its operands, quotes removed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Operation {
    pub opcode: String,
    pub operands: Vec<String>,
}

/// One EPD record.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EpdRecord {
    /// The position: 4 FEN fields, or 6 when the clocks are given.
    pub fen: String,
    /// The operations in order.
    pub operations: Vec<Operation>,
    /// The record's line in its text, from 1.
    pub line: usize,
}

impl EpdRecord {
    /// The operands of the first operation named `opcode`.
    pub fn operands(&self, opcode: &str) -> Option<&[String]> {
        self.operations
            .iter()
            .find(|op| op.opcode == opcode)
            .map(|op| op.operands.as_slice())
    }

    /// The operands of the first operation named `opcode`, joined by spaces.
    pub fn operation(&self, opcode: &str) -> Option<String> {
        self.operands(opcode).map(|operands| operands.join(" "))
    }

    /// The first operand of `id`, or the FEN.
    pub fn id(&self) -> &str {
        match self.operands("id") {
            Some([id, ..]) => id,
            _ => &self.fen,
        }
    }
}

/// A malformed record: its line and what is wrong with it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EpdError {
    pub line: usize,
    pub message: String,
}

impl fmt::Display for EpdError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}: {}", self.line, self.message)
    }
}

impl std::error::Error for EpdError {}

/// Parses line `number` of a text; None for a blank line or a `#` comment.
pub fn parse_line(text: &str, number: usize) -> Result<Option<EpdRecord>, EpdError> {
    let text = text.trim();
    if text.is_empty() || text.starts_with('#') {
        return Ok(None);
    }
    let error = |message: String| EpdError {
        line: number,
        message,
    };
    let (fen, rest) = split_fen(text).map_err(error)?;
    let operations = parse_operations(rest).map_err(error)?;
    Ok(Some(EpdRecord {
        fen,
        operations,
        line: number,
    }))
}

/// Parses every record of an EPD text; the first malformed one is the error.
pub fn parse(text: &str) -> Result<Vec<EpdRecord>, EpdError> {
    let mut records = Vec::new();
    for (i, line) in text.lines().enumerate() {
        records.extend(parse_line(line, i + 1)?);
    }
    Ok(records)
}

/// Reads every record of an EPD file.
pub fn read(path: &Path) -> Result<Vec<EpdRecord>> {
    let text =
        std::fs::read_to_string(path).with_context(|| format!("cannot read {}", path.display()))?;
    parse(&text).with_context(|| format!("{} is not a valid EPD file", path.display()))
}

/// The FEN fields at the start of a record (4, or 6 when two numbers follow), and the rest.
fn split_fen(text: &str) -> Result<(String, &str), String> {
    let mut fields = Vec::with_capacity(6);
    let mut rest = text;
    for i in 0..6 {
        let field_end = rest.find(char::is_whitespace).unwrap_or(rest.len());
        let field = &rest[..field_end];
        let is_number = !field.is_empty() && field.bytes().all(|b| b.is_ascii_digit());
        if field.is_empty() || (i >= 4 && !is_number) {
            break;
        }
        fields.push(field);
        rest = rest[field_end..].trim_start();
    }
    if fields.len() < 4 {
        return Err(format!(
            "a position needs 4 FEN fields, found {}",
            fields.len()
        ));
    }
    if fields.len() == 5 {
        return Err(format!(
            "a halfmove clock ({}) without a fullmove number",
            fields[4]
        ));
    }
    if fields[0].split('/').count() != 8 {
        return Err(format!("'{}' is not a board of 8 ranks", fields[0]));
    }
    if !matches!(fields[1], "w" | "b") {
        return Err(format!("side to move '{}' is not w or b", fields[1]));
    }
    Ok((fields.join(" "), rest))
}

/// A token of the operations: its text, and whether it was (or began) quoted.
struct Token {
    text: String,
    quoted: bool,
}

/// The operations of `text`: tokens separated by whitespace, operations ended by `;`, a quoted
/// string one token whatever it holds.
fn parse_operations(text: &str) -> Result<Vec<Operation>, String> {
    let mut operations = Vec::new();
    let mut tokens: Vec<Token> = Vec::new();
    let mut token: Option<Token> = None;
    let mut in_quotes = false;
    let start = |quoted| Token {
        text: String::new(),
        quoted,
    };
    for c in text.chars() {
        if in_quotes {
            if c == '"' {
                in_quotes = false;
            } else {
                token.get_or_insert_with(|| start(true)).text.push(c);
            }
            continue;
        }
        match c {
            '"' => {
                in_quotes = true;
                token.get_or_insert_with(|| start(true));
            }
            ';' => {
                tokens.extend(token.take());
                operations.extend(operation(std::mem::take(&mut tokens))?);
            }
            c if c.is_whitespace() => tokens.extend(token.take()),
            c => token.get_or_insert_with(|| start(false)).text.push(c),
        }
    }
    if in_quotes {
        return Err("a quoted operand is not closed".to_string());
    }
    tokens.extend(token);
    operations.extend(operation(tokens)?);
    Ok(operations)
}

/// The operation of an opcode token and its operands; None for an empty operation.
fn operation(tokens: Vec<Token>) -> Result<Option<Operation>, String> {
    let mut tokens = tokens.into_iter();
    let Some(opcode) = tokens.next() else {
        return Ok(None);
    };
    if opcode.quoted {
        return Err(format!(
            "a quoted string (\"{}\") stands where an opcode should",
            opcode.text
        ));
    }
    let mut chars = opcode.text.chars();
    let valid = chars.next().is_some_and(|c| c.is_ascii_alphabetic())
        && chars.all(|c| c.is_ascii_alphanumeric() || c == '_')
        && opcode.text.len() <= 15;
    if !valid {
        return Err(format!(
            "'{}' is not an opcode (a letter, then up to 14 letters, digits or _)",
            opcode.text
        ));
    }
    Ok(Some(Operation {
        opcode: opcode.text,
        operands: tokens.map(|token| token.text).collect(),
    }))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn record(text: &str) -> EpdRecord {
        parse_line(text, 1).expect("well formed").expect("a record")
    }

    fn error(text: &str) -> String {
        parse(text).expect_err("malformed").to_string()
    }

    #[test]
    fn operations_and_clocks() {
        let r = record("1k1r4/pp1b1R2/3q2pp/4p3/2B5/4Q3/PPP2B2/2K5 b - - bm Qd1+; id \"BK.01\";");
        assert_eq!(r.fen, "1k1r4/pp1b1R2/3q2pp/4p3/2B5/4Q3/PPP2B2/2K5 b - -");
        assert_eq!(r.operation("bm").as_deref(), Some("Qd1+"));
        assert_eq!(r.id(), "BK.01");
        let r = record("8/8/8/8/8/8/8/K6k w - - 0 1 ;D1 3 ;D2 9");
        assert_eq!(r.fen, "8/8/8/8/8/8/8/K6k w - - 0 1");
        assert_eq!(r.operands("D1"), Some(&["3".to_string()][..]));
        assert_eq!(r.operation("D2").as_deref(), Some("9"));
        assert_eq!(r.operations.len(), 2);
        assert_eq!(parse_line("# comment", 1), Ok(None));
        assert_eq!(parse_line("   ", 1), Ok(None));
    }

    #[test]
    fn a_semicolon_inside_quotes_belongs_to_the_operand() {
        let r = record("6k1/5ppp/8/8/8/8/8/R5K1 w - - c0 \"x; bm Kh1\"; bm Ra8#;");
        assert_eq!(r.operands("bm"), Some(&["Ra8#".to_string()][..]));
        assert_eq!(r.operands("c0"), Some(&["x; bm Kh1".to_string()][..]));
        assert_eq!(r.operations.len(), 2);
        // The bench position's comment comes out whole.
        let bench = parse(include_str!("../../positions/bench.epd")).expect("bench.epd parses");
        let blocking = bench
            .iter()
            .find(|r| r.id() == "seed.blocking")
            .expect("seed.blocking");
        assert_eq!(
            blocking.operation("c0").as_deref(),
            Some("report 004: minimax and alpha-beta both choose d4e5 at depths 2, 3, 4; alpha-beta searches fewer nodes")
        );
        assert_eq!(blocking.operations.len(), 3);
    }

    #[test]
    fn operands_are_split_at_spaces_outside_quotes() {
        let r = record("8/8/8/8/8/8/8/K6k w - - bm Kb1 Kb2; c0 \"two  words\" \"\"; pv;");
        assert_eq!(r.operands("bm").map(<[String]>::len), Some(2));
        assert_eq!(
            r.operands("c0"),
            Some(&["two  words".to_string(), String::new()][..])
        );
        assert_eq!(r.operands("pv"), Some(&[][..]));
        assert_eq!(r.operation("am"), None);
        assert_eq!(r.id(), "8/8/8/8/8/8/8/K6k w - -");
    }

    #[test]
    fn a_malformed_record_is_an_error_naming_its_line() {
        let good = "8/8/8/8/8/8/8/K6k w - - bm Kb1;";
        let text = format!("# suite\n{good}\n\n8/8/8/8/8/8/8/K6k w - - c0 \"open; bm Kb1;\n");
        assert_eq!(error(&text), "line 4: a quoted operand is not closed");
        assert_eq!(
            error("8/8/8/8/8/8/8/K6k w -"),
            "line 1: a position needs 4 FEN fields, found 3"
        );
        assert!(error("8/8/8/8/8/8/8/K6k x - - bm Kb1;").contains("side to move 'x'"));
        assert!(error("8/8/8/8 w - - bm Kb1;").contains("8 ranks"));
        assert!(error("8/8/8/8/8/8/8/K6k w - - 0 bm Kb1;").contains("halfmove clock (0)"));
        assert!(
            error(&format!("{good}\n8/8/8/8/8/8/8/K6k w - - \"x\" bm Kb1;"))
                .starts_with("line 2: a quoted string (\"x\") stands where an opcode should")
        );
        assert!(error("8/8/8/8/8/8/8/K6k w - - 1bm Kb1;").contains("'1bm' is not an opcode"));
        // The PGN standard's EPD opcodes: a letter, then letters, digits and underscores.
        assert!(error("8/8/8/8/8/8/8/K6k w - - b-m Kb1;").contains("'b-m' is not an opcode"));
        let underscored = parse("8/8/8/8/8/8/8/K6k w - - my_op 1;").expect("an opcode with _");
        assert_eq!(underscored[0].operation("my_op").as_deref(), Some("1"));
        assert_eq!(parse(good).map(|r| r.len()), Ok(1));
    }

    #[test]
    fn reading_names_the_file_and_the_line() {
        let path = std::env::temp_dir().join(format!("engine-epd-test-{}.epd", std::process::id()));
        std::fs::write(
            &path,
            "8/8/8/8/8/8/8/K6k w - - bm Kb1;\n8/8/8/8/8/8/8/K6k w\n",
        )
        .expect("writable temp dir");
        let message = format!("{:#}", read(&path).expect_err("malformed"));
        std::fs::remove_file(&path).expect("removable");
        assert!(
            message.contains(&path.display().to_string()) && message.contains("line 2: "),
            "{message}"
        );
    }
}
