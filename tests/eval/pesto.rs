//! The positional evaluator's material values and piece-square tables against PeSTO's as the
//! Chess Programming Wiki publishes them (tests/data/pesto.txt, which cites the page): every
//! entry, in the page's layout, and every piece on every square of both colours as the page's
//! own code reads the tables. No entry deviates on purpose: the engine's tables are PeSTO's, so
//! every value is compared and none is excused.

use std::collections::HashMap;

use engine::eval::psqt;
use engine::eval::tapered::{pair, Pair};
use engine::eval::values::WEIGHTS;
use engine::eval::weights::{Param, ROLES};
use shakmaty::{Board, Color, Position, Square};

use crate::common::search::{read_epd, RecordExt};

/// The page's names of the roles, in its order (pawn to king), as in its array names.
const NAMES: [&str; 6] = ["pawn", "knight", "bishop", "rook", "queen", "king"];

/// The published arrays by name, read from tests/data/pesto.txt.
struct Published(HashMap<String, Vec<i32>>);

impl Published {
    /// Reads the data file: `name:` then its numbers, `#` lines are comments.
    fn read() -> Published {
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/pesto.txt");
        let text = std::fs::read_to_string(path).expect("tests/data/pesto.txt is readable");
        let mut arrays: HashMap<String, Vec<i32>> = HashMap::new();
        let mut current = None;
        for line in text.lines().filter(|l| !l.starts_with('#')) {
            let numbers = match line.split_once(':') {
                Some((name, rest)) => {
                    current = Some(name.trim().to_string());
                    rest
                }
                None => line,
            };
            for word in numbers.split_whitespace() {
                let name = current.clone().expect("numbers after a name");
                let value = word.parse().unwrap_or_else(|_| panic!("{name}: '{word}'"));
                arrays.entry(name).or_default().push(value);
            }
        }
        Published(arrays)
    }

    /// One array of the page, checked for its length.
    fn array(&self, name: &str, len: usize) -> &[i32] {
        let values = self.0.get(name).unwrap_or_else(|| panic!("no {name}"));
        assert_eq!(values.len(), len, "{name}");
        values
    }

    /// The material value of role `r` (0 = pawn) as a middlegame/endgame pair.
    fn material(&self, r: usize) -> Pair {
        pair(self.array("mg_value", 6)[r], self.array("eg_value", 6)[r])
    }

    /// Entry `index` (a8 = 0) of role `r`'s middlegame and endgame tables.
    fn square(&self, r: usize, index: usize) -> Pair {
        let table = |phase: &str| self.array(&format!("{phase}_{}_table", NAMES[r]), 64)[index];
        pair(table("mg"), table("eg"))
    }

    /// What the page's init_tables puts in mg_table/eg_table for a `color` piece of role `r`
    /// on the page's square `sq` (a8 = 0): the role's value plus its entry, FLIP(sq) for Black.
    fn piece_on(&self, color: Color, r: usize, sq: usize) -> Pair {
        let index = match color {
            Color::White => sq,
            Color::Black => sq ^ 56,
        };
        self.material(r) + self.square(r, index)
    }
}

/// The page's square number (a8 = 0, h1 = 63) of a shakmaty square (a1 = 0, h8 = 63).
fn page_square(sq: Square) -> usize {
    usize::from(sq) ^ 56
}

#[test]
fn the_material_values_are_pestos_as_published() {
    let published = Published::read();
    for (r, role) in ROLES.iter().enumerate() {
        assert_eq!(WEIGHTS.material[r], published.material(r), "{role:?}");
    }
}

#[test]
fn every_square_table_entry_is_pestos_as_published() {
    let published = Published::read();
    let mut differ = Vec::new();
    for r in 0..6 {
        for index in 0..64 {
            let (ours, theirs) = (WEIGHTS.squares[r][index], published.square(r, index));
            if ours != theirs {
                let name = Param::Square(r, index).name();
                differ.push(format!("{name}: ours {ours:?}, published {theirs:?}"));
            }
        }
    }
    assert!(differ.is_empty(), "{}", differ.join("\n"));
}

#[test]
fn each_piece_on_each_square_scores_what_the_pages_code_gives_it() {
    // Both colours, every role, every square: the engine's material plus square bonus against
    // the page's init_tables, which flips the square for Black.
    let published = Published::read();
    for color in Color::ALL {
        for (r, &role) in ROLES.iter().enumerate() {
            for sq in Square::ALL {
                let ours = psqt::piece_square(color, role, sq);
                let theirs = published.piece_on(color, r, page_square(sq));
                assert_eq!(ours, theirs, "{color:?} {role:?} on {sq}");
            }
        }
    }
}

/// The page's eval before tapering: White's middlegame and endgame sums minus Black's.
fn page_balance(published: &Published, board: &Board) -> Pair {
    let mut sum = Pair::default();
    for (sq, piece) in board.clone() {
        let r = piece.role as usize - 1;
        let value = published.piece_on(piece.color, r, page_square(sq));
        sum = match piece.color {
            Color::White => sum + value,
            Color::Black => sum - value,
        };
    }
    sum
}

#[test]
fn the_bench_positions_sum_as_the_pages_code_sums_them() {
    let published = Published::read();
    for record in read_epd("bench.epd") {
        let game = record.game();
        let board = game.position().board();
        let expected = page_balance(&published, board);
        assert_eq!(psqt::balance(board), expected, "{}", record.name());
    }
}
