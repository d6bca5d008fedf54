//! Reading EPD files: a FEN (4 fields, or 6) followed by `opcode operand...;` operations.

use std::path::Path;

use anyhow::{Context, Result};

/// One EPD record.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EpdRecord {
    /// The position: 4 FEN fields, or 6 when the clocks are given.
    pub fen: String,
    /// Operations in order, as (opcode, operand text without quotes).
    pub operations: Vec<(String, String)>,
}

impl EpdRecord {
    /// The operand of the first operation named `opcode`.
    pub fn operation(&self, opcode: &str) -> Option<&str> {
        self.operations
            .iter()
            .find(|(name, _)| name == opcode)
            .map(|(_, value)| value.as_str())
    }

    /// The `id` operation, or the FEN.
    pub fn id(&self) -> &str {
        self.operation("id").unwrap_or(&self.fen)
    }
}

/// Parses one line; None for blank lines and `#` comments.
pub fn parse_line(line: &str) -> Option<EpdRecord> {
    let line = line.trim();
    if line.is_empty() || line.starts_with('#') {
        return None;
    }
    let tokens: Vec<&str> = line.split_whitespace().collect();
    let clocks =
        tokens.len() >= 6 && tokens[4].parse::<u32>().is_ok() && tokens[5].parse::<u32>().is_ok();
    let fen_fields = if clocks { 6 } else { 4.min(tokens.len()) };
    let fen = tokens[..fen_fields].join(" ");
    let rest = tokens[fen_fields..].join(" ");
    let operations = rest
        .split(';')
        .filter_map(|op| {
            let op = op.trim();
            let (name, value) = op.split_once(' ').unwrap_or((op, ""));
            (!name.is_empty())
                .then(|| (name.to_string(), value.trim().trim_matches('"').to_string()))
        })
        .collect();
    Some(EpdRecord { fen, operations })
}

/// Parses every record of an EPD text.
pub fn parse(text: &str) -> Vec<EpdRecord> {
    text.lines().filter_map(parse_line).collect()
}

/// Reads every record of an EPD file.
pub fn read(path: &Path) -> Result<Vec<EpdRecord>> {
    let text =
        std::fs::read_to_string(path).with_context(|| format!("cannot read {}", path.display()))?;
    Ok(parse(&text))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn operations_and_clocks() {
        let r =
            parse_line("1k1r4/pp1b1R2/3q2pp/4p3/2B5/4Q3/PPP2B2/2K5 b - - bm Qd1+; id \"BK.01\";")
                .expect("record");
        assert_eq!(r.fen, "1k1r4/pp1b1R2/3q2pp/4p3/2B5/4Q3/PPP2B2/2K5 b - -");
        assert_eq!(r.operation("bm"), Some("Qd1+"));
        assert_eq!(r.id(), "BK.01");
        let r = parse_line("8/8/8/8/8/8/8/K6k w - - 0 1 ;D1 3 ;D2 9").expect("record");
        assert_eq!(r.fen, "8/8/8/8/8/8/8/K6k w - - 0 1");
        assert_eq!(r.operation("D2"), Some("9"));
        assert!(parse_line("# comment").is_none());
    }
}
