//! The positional evaluator's parameter set: every weight it multiplies by a count, each a
//! middlegame/endgame pair, addressable one by one ([`Param`]) so that the tuner can treat them
//! as one vector. The numbers themselves live in [`super::values`].

use std::fmt::Write as _;

use shakmaty::Role;

use super::tapered::{pair, Pair};

/// The roles in table order (pawn to king).
pub const ROLES: [Role; 6] = [
    Role::Pawn,
    Role::Knight,
    Role::Bishop,
    Role::Rook,
    Role::Queen,
    Role::King,
];

/// Every weight of the positional evaluator.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Weights {
    /// Each role's material value (pawn to king; the king's is never counted).
    pub material: [Pair; 6],
    /// Square bonuses by role, as PeSTO publishes them: from White's side, a8 first, h1 last.
    pub squares: [[Pair; 64]; 6],
    /// Passed pawn bonus by rank counted from the pawn's own side (rank 1 = 0).
    pub passed_pawn: [Pair; 8],
    /// Per pawn with no pawn of its side on a neighbouring file.
    pub isolated_pawn: Pair,
    /// Per pawn with another pawn of its side in front of it on its file.
    pub doubled_pawn: Pair,
    /// Per square a knight, bishop, rook, queen reaches beyond its expected number.
    pub mobility: [Pair; 4],
    /// Per pawn of the king's side on the three files around it, one and two ranks in front.
    pub pawn_shield: [Pair; 2],
    pub bishop_pair: Pair,
    pub rook_open_file: Pair,
    pub rook_half_open_file: Pair,
    /// For the side to move.
    pub tempo: Pair,
}

/// One weight of [`Weights`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Param {
    /// A role's material, pawn (0) to queen (4).
    Material(usize),
    /// A role (0 = pawn ... 5 = king) on a square in the published layout (a8 = 0, h1 = 63).
    Square(usize, usize),
    PassedPawn(usize),
    IsolatedPawn,
    DoubledPawn,
    Mobility(usize),
    PawnShield(usize),
    BishopPair,
    RookOpenFile,
    RookHalfOpenFile,
    Tempo,
}

const SQUARES_AT: usize = 5;
const PASSED_AT: usize = SQUARES_AT + 6 * 64;
const ISOLATED_AT: usize = PASSED_AT + 8;
const MOBILITY_AT: usize = ISOLATED_AT + 2;
const SHIELD_AT: usize = MOBILITY_AT + 4;
const BISHOP_PAIR_AT: usize = SHIELD_AT + 2;

impl Param {
    /// The number of weights.
    pub const COUNT: usize = BISHOP_PAIR_AT + 4;
    /// The first weight after the material values and square tables.
    pub const FIRST_TERM: usize = PASSED_AT;

    /// This weight's place in the vector of all weights.
    #[inline]
    pub const fn index(self) -> usize {
        match self {
            Param::Material(role) => role,
            Param::Square(role, sq) => SQUARES_AT + role * 64 + sq,
            Param::PassedPawn(rank) => PASSED_AT + rank,
            Param::IsolatedPawn => ISOLATED_AT,
            Param::DoubledPawn => ISOLATED_AT + 1,
            Param::Mobility(piece) => MOBILITY_AT + piece,
            Param::PawnShield(rank) => SHIELD_AT + rank,
            Param::BishopPair => BISHOP_PAIR_AT,
            Param::RookOpenFile => BISHOP_PAIR_AT + 1,
            Param::RookHalfOpenFile => BISHOP_PAIR_AT + 2,
            Param::Tempo => BISHOP_PAIR_AT + 3,
        }
    }

    /// The weight at `index` of the vector (the inverse of [`Param::index`]).
    pub fn at(index: usize) -> Option<Param> {
        Some(match index {
            i if i < SQUARES_AT => Param::Material(i),
            i if i < PASSED_AT => Param::Square((i - SQUARES_AT) / 64, (i - SQUARES_AT) % 64),
            i if i < ISOLATED_AT => Param::PassedPawn(i - PASSED_AT),
            i if i == ISOLATED_AT => Param::IsolatedPawn,
            i if i == ISOLATED_AT + 1 => Param::DoubledPawn,
            i if i < SHIELD_AT => Param::Mobility(i - MOBILITY_AT),
            i if i < BISHOP_PAIR_AT => Param::PawnShield(i - SHIELD_AT),
            i if i == BISHOP_PAIR_AT => Param::BishopPair,
            i if i == BISHOP_PAIR_AT + 1 => Param::RookOpenFile,
            i if i == BISHOP_PAIR_AT + 2 => Param::RookHalfOpenFile,
            i if i == BISHOP_PAIR_AT + 3 => Param::Tempo,
            _ => return None,
        })
    }

    /// Every weight, in vector order.
    pub fn all() -> impl Iterator<Item = Param> {
        (0..Param::COUNT).filter_map(Param::at)
    }

    /// A readable name: "Material(Knight)", "Square(Pawn, e4)", "PassedPawn(6)", "Tempo".
    pub fn name(self) -> String {
        match self {
            Param::Material(role) => format!("Material({:?})", ROLES[role]),
            Param::Square(role, sq) => {
                let file = (b'a' + (sq % 8) as u8) as char;
                format!("Square({:?}, {file}{})", ROLES[role], 8 - sq / 8)
            }
            other => format!("{other:?}"),
        }
    }
}

impl Weights {
    /// The value of one weight.
    #[inline]
    pub const fn get(&self, param: Param) -> Pair {
        match param {
            Param::Material(role) => self.material[role],
            Param::Square(role, sq) => self.squares[role][sq],
            Param::PassedPawn(rank) => self.passed_pawn[rank],
            Param::IsolatedPawn => self.isolated_pawn,
            Param::DoubledPawn => self.doubled_pawn,
            Param::Mobility(piece) => self.mobility[piece],
            Param::PawnShield(rank) => self.pawn_shield[rank],
            Param::BishopPair => self.bishop_pair,
            Param::RookOpenFile => self.rook_open_file,
            Param::RookHalfOpenFile => self.rook_half_open_file,
            Param::Tempo => self.tempo,
        }
    }

    /// The place of one weight, to change it.
    pub fn get_mut(&mut self, param: Param) -> &mut Pair {
        match param {
            Param::Material(role) => &mut self.material[role],
            Param::Square(role, sq) => &mut self.squares[role][sq],
            Param::PassedPawn(rank) => &mut self.passed_pawn[rank],
            Param::IsolatedPawn => &mut self.isolated_pawn,
            Param::DoubledPawn => &mut self.doubled_pawn,
            Param::Mobility(piece) => &mut self.mobility[piece],
            Param::PawnShield(rank) => &mut self.pawn_shield[rank],
            Param::BishopPair => &mut self.bishop_pair,
            Param::RookOpenFile => &mut self.rook_open_file,
            Param::RookHalfOpenFile => &mut self.rook_half_open_file,
            Param::Tempo => &mut self.tempo,
        }
    }

    /// Every weight in vector order ([`Param::index`]).
    pub fn to_vector(&self) -> Vec<Pair> {
        Param::all().map(|p| self.get(p)).collect()
    }

    /// These weights with those of `vector` (in [`Param::index`] order) put in.
    pub fn with_vector(&self, vector: &[Pair]) -> Weights {
        let mut weights = self.clone();
        for (param, &value) in Param::all().zip(vector) {
            *weights.get_mut(param) = value;
        }
        weights
    }

    /// The Rust source of `src/eval/values.rs` holding these weights, as `engine tune` writes it.
    pub fn to_source(&self, origin: &str) -> String {
        let mut s = String::new();
        s += "//! The positional evaluator's weights (see `weights.rs` for what each one is).\n";
        for line in origin.lines() {
            let _ = writeln!(s, "//! {line}");
        }
        s += "\nuse super::tapered::pair;\nuse super::weights::Weights;\n\n";
        s += "#[rustfmt::skip]\npub const WEIGHTS: Weights = Weights {\n";
        s += &format!("    material: {},\n", pairs(&self.material));
        s += "    squares: [\n";
        for (role, table) in ROLES.iter().zip(&self.squares) {
            let _ = writeln!(s, "        // {role:?}\n        [");
            for rank in table.chunks(8) {
                let cells: Vec<String> = rank.iter().map(|p| cell(*p)).collect();
                let _ = writeln!(s, "            {},", cells.join(", "));
            }
            s += "        ],\n";
        }
        s += "    ],\n";
        let _ = writeln!(s, "    passed_pawn: {},", pairs(&self.passed_pawn));
        let singles = [
            ("isolated_pawn", self.isolated_pawn),
            ("doubled_pawn", self.doubled_pawn),
        ];
        for (name, p) in singles {
            let _ = writeln!(s, "    {name}: {},", cell(p));
        }
        let _ = writeln!(s, "    mobility: {},", pairs(&self.mobility));
        let _ = writeln!(s, "    pawn_shield: {},", pairs(&self.pawn_shield));
        let singles = [
            ("bishop_pair", self.bishop_pair),
            ("rook_open_file", self.rook_open_file),
            ("rook_half_open_file", self.rook_half_open_file),
            ("tempo", self.tempo),
        ];
        for (name, p) in singles {
            let _ = writeln!(s, "    {name}: {},", cell(p));
        }
        s += "};\n";
        s
    }
}

/// One pair as the source writes it, padded so that the tables line up.
fn cell(p: Pair) -> String {
    format!("pair({:>4}, {:>4})", p.mg, p.eg)
}

/// A list of pairs on one line.
fn pairs(list: &[Pair]) -> String {
    let cells: Vec<String> = list.iter().map(|p| cell(*p)).collect();
    format!("[{}]", cells.join(", "))
}

/// A parameter set with every weight zero (a starting point for tests).
pub const ZERO: Weights = Weights {
    material: [pair(0, 0); 6],
    squares: [[pair(0, 0); 64]; 6],
    passed_pawn: [pair(0, 0); 8],
    isolated_pawn: pair(0, 0),
    doubled_pawn: pair(0, 0),
    mobility: [pair(0, 0); 4],
    pawn_shield: [pair(0, 0); 2],
    bishop_pair: pair(0, 0),
    rook_open_file: pair(0, 0),
    rook_half_open_file: pair(0, 0),
    tempo: pair(0, 0),
};

#[cfg(test)]
mod tests {
    use super::super::values::WEIGHTS;
    use super::*;

    #[test]
    fn every_index_names_one_weight_and_back() {
        let params: Vec<Param> = Param::all().collect();
        assert_eq!(params.len(), Param::COUNT);
        for (i, p) in params.iter().enumerate() {
            assert_eq!(p.index(), i, "{p:?}");
        }
        assert_eq!(Param::at(Param::COUNT), None);
        assert_eq!(Param::at(Param::FIRST_TERM), Some(Param::PassedPawn(0)));
        // Five material values (the king has none), then the square tables.
        assert_eq!(Param::at(4), Some(Param::Material(4)));
        assert_eq!(Param::at(5), Some(Param::Square(0, 0)));
        assert!(Param::all().all(|p| p != Param::Material(5)));
        assert_eq!(Param::Square(0, 36).name(), "Square(Pawn, e4)");
        assert_eq!(Param::Square(5, 62).name(), "Square(King, g1)");
        assert_eq!(Param::Square(3, 7).name(), "Square(Rook, h8)");
        assert_eq!(Param::Material(1).name(), "Material(Knight)");
        assert_eq!(Param::PassedPawn(6).name(), "PassedPawn(6)");
        assert_eq!(Param::Tempo.name(), "Tempo");
    }

    #[test]
    fn the_vector_round_trips() {
        let vector = WEIGHTS.to_vector();
        assert_eq!(ZERO.with_vector(&vector), WEIGHTS);
        let mut changed = vector.clone();
        changed[Param::Tempo.index()] = pair(1, 2);
        assert_eq!(WEIGHTS.with_vector(&changed).tempo, pair(1, 2));
    }

    #[test]
    fn the_weights_are_pinned_by_a_checksum() {
        // Every middlegame and endgame value of values.rs, each weighted by its place: a value
        // changed (by a retune or by a slip) changes these sums, and must be changed here on
        // purpose. Their parts: PeSTO's material and square tables (each entry compared with the
        // published ones by tests/eval/pesto.rs), the hand-set terms.
        let (mut mg, mut eg) = (0i64, 0i64);
        for (i, p) in WEIGHTS.to_vector().iter().enumerate() {
            let place = i as i64 + 1;
            mg += place * i64::from(p.mg);
            eg += place * i64::from(p.eg);
        }
        assert_eq!((mg, eg), (-79_714, 224_637));
    }

    #[test]
    fn values_rs_is_what_the_tuner_writes() {
        // So that `engine tune --out src/eval/values.rs` changes the numbers and nothing else.
        let source = include_str!("values.rs");
        let origin: String = source
            .lines()
            .skip(1)
            .map_while(|l| l.strip_prefix("//! "))
            .map(|l| format!("{l}\n"))
            .collect();
        assert_eq!(WEIGHTS.to_source(&origin), source);
    }
}
