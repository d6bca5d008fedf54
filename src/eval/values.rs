//! The positional evaluator's weights (see `weights.rs` for what each one is).
//! PeSTO's material and piece-square tables (Ronald Friederich's, Texel-tuned, as the Chess
//! Programming Wiki gives them); the other terms set by hand. `engine tune --out` writes this file.

use super::tapered::pair;
use super::weights::Weights;

#[rustfmt::skip]
pub const WEIGHTS: Weights = Weights {
    material: [pair(  82,   94), pair( 337,  281), pair( 365,  297), pair( 477,  512), pair(1025,  936), pair(   0,    0)],
    squares: [
        // Pawn
        [
            pair(   0,    0), pair(   0,    0), pair(   0,    0), pair(   0,    0), pair(   0,    0), pair(   0,    0), pair(   0,    0), pair(   0,    0),
            pair(  98,  178), pair( 134,  173), pair(  61,  158), pair(  95,  134), pair(  68,  147), pair( 126,  132), pair(  34,  165), pair( -11,  187),
            pair(  -6,   94), pair(   7,  100), pair(  26,   85), pair(  31,   67), pair(  65,   56), pair(  56,   53), pair(  25,   82), pair( -20,   84),
            pair( -14,   32), pair(  13,   24), pair(   6,   13), pair(  21,    5), pair(  23,   -2), pair(  12,    4), pair(  17,   17), pair( -23,   17),
            pair( -27,   13), pair(  -2,    9), pair(  -5,   -3), pair(  12,   -7), pair(  17,   -7), pair(   6,   -8), pair(  10,    3), pair( -25,   -1),
            pair( -26,    4), pair(  -4,    7), pair(  -4,   -6), pair( -10,    1), pair(   3,    0), pair(   3,   -5), pair(  33,   -1), pair( -12,   -8),
            pair( -35,   13), pair(  -1,    8), pair( -20,    8), pair( -23,   10), pair( -15,   13), pair(  24,    0), pair(  38,    2), pair( -22,   -7),
            pair(   0,    0), pair(   0,    0), pair(   0,    0), pair(   0,    0), pair(   0,    0), pair(   0,    0), pair(   0,    0), pair(   0,    0),
        ],
        // Knight
        [
            pair(-167,  -58), pair( -89,  -38), pair( -34,  -13), pair( -49,  -28), pair(  61,  -31), pair( -97,  -27), pair( -15,  -63), pair(-107,  -99),
            pair( -73,  -25), pair( -41,   -8), pair(  72,  -25), pair(  36,   -2), pair(  23,   -9), pair(  62,  -25), pair(   7,  -24), pair( -17,  -52),
            pair( -47,  -24), pair(  60,  -20), pair(  37,   10), pair(  65,    9), pair(  84,   -1), pair( 129,   -9), pair(  73,  -19), pair(  44,  -41),
            pair(  -9,  -17), pair(  17,    3), pair(  19,   22), pair(  53,   22), pair(  37,   22), pair(  69,   11), pair(  18,    8), pair(  22,  -18),
            pair( -13,  -18), pair(   4,   -6), pair(  16,   16), pair(  13,   25), pair(  28,   16), pair(  19,   17), pair(  21,    4), pair(  -8,  -18),
            pair( -23,  -23), pair(  -9,   -3), pair(  12,   -1), pair(  10,   15), pair(  19,   10), pair(  17,   -3), pair(  25,  -20), pair( -16,  -22),
            pair( -29,  -42), pair( -53,  -20), pair( -12,  -10), pair(  -3,   -5), pair(  -1,   -2), pair(  18,  -20), pair( -14,  -23), pair( -19,  -44),
            pair(-105,  -29), pair( -21,  -51), pair( -58,  -23), pair( -33,  -15), pair( -17,  -22), pair( -28,  -18), pair( -19,  -50), pair( -23,  -64),
        ],
        // Bishop
        [
            pair( -29,  -14), pair(   4,  -21), pair( -82,  -11), pair( -37,   -8), pair( -25,   -7), pair( -42,   -9), pair(   7,  -17), pair(  -8,  -24),
            pair( -26,   -8), pair(  16,   -4), pair( -18,    7), pair( -13,  -12), pair(  30,   -3), pair(  59,  -13), pair(  18,   -4), pair( -47,  -14),
            pair( -16,    2), pair(  37,   -8), pair(  43,    0), pair(  40,   -1), pair(  35,   -2), pair(  50,    6), pair(  37,    0), pair(  -2,    4),
            pair(  -4,   -3), pair(   5,    9), pair(  19,   12), pair(  50,    9), pair(  37,   14), pair(  37,   10), pair(   7,    3), pair(  -2,    2),
            pair(  -6,   -6), pair(  13,    3), pair(  13,   13), pair(  26,   19), pair(  34,    7), pair(  12,   10), pair(  10,   -3), pair(   4,   -9),
            pair(   0,  -12), pair(  15,   -3), pair(  15,    8), pair(  15,   10), pair(  14,   13), pair(  27,    3), pair(  18,   -7), pair(  10,  -15),
            pair(   4,  -14), pair(  15,  -18), pair(  16,   -7), pair(   0,   -1), pair(   7,    4), pair(  21,   -9), pair(  33,  -15), pair(   1,  -27),
            pair( -33,  -23), pair(  -3,   -9), pair( -14,  -23), pair( -21,   -5), pair( -13,   -9), pair( -12,  -16), pair( -39,   -5), pair( -21,  -17),
        ],
        // Rook
        [
            pair(  32,   13), pair(  42,   10), pair(  32,   18), pair(  51,   15), pair(  63,   12), pair(   9,   12), pair(  31,    8), pair(  43,    5),
            pair(  27,   11), pair(  32,   13), pair(  58,   13), pair(  62,   11), pair(  80,   -3), pair(  67,    3), pair(  26,    8), pair(  44,    3),
            pair(  -5,    7), pair(  19,    7), pair(  26,    7), pair(  36,    5), pair(  17,    4), pair(  45,   -3), pair(  61,   -5), pair(  16,   -3),
            pair( -24,    4), pair( -11,    3), pair(   7,   13), pair(  26,    1), pair(  24,    2), pair(  35,    1), pair(  -8,   -1), pair( -20,    2),
            pair( -36,    3), pair( -26,    5), pair( -12,    8), pair(  -1,    4), pair(   9,   -5), pair(  -7,   -6), pair(   6,   -8), pair( -23,  -11),
            pair( -45,   -4), pair( -25,    0), pair( -16,   -5), pair( -17,   -1), pair(   3,   -7), pair(   0,  -12), pair(  -5,   -8), pair( -33,  -16),
            pair( -44,   -6), pair( -16,   -6), pair( -20,    0), pair(  -9,    2), pair(  -1,   -9), pair(  11,   -9), pair(  -6,  -11), pair( -71,   -3),
            pair( -19,   -9), pair( -13,    2), pair(   1,    3), pair(  17,   -1), pair(  16,   -5), pair(   7,  -13), pair( -37,    4), pair( -26,  -20),
        ],
        // Queen
        [
            pair( -28,   -9), pair(   0,   22), pair(  29,   22), pair(  12,   27), pair(  59,   27), pair(  44,   19), pair(  43,   10), pair(  45,   20),
            pair( -24,  -17), pair( -39,   20), pair(  -5,   32), pair(   1,   41), pair( -16,   58), pair(  57,   25), pair(  28,   30), pair(  54,    0),
            pair( -13,  -20), pair( -17,    6), pair(   7,    9), pair(   8,   49), pair(  29,   47), pair(  56,   35), pair(  47,   19), pair(  57,    9),
            pair( -27,    3), pair( -27,   22), pair( -16,   24), pair( -16,   45), pair(  -1,   57), pair(  17,   40), pair(  -2,   57), pair(   1,   36),
            pair(  -9,  -18), pair( -26,   28), pair(  -9,   19), pair( -10,   47), pair(  -2,   31), pair(  -4,   34), pair(   3,   39), pair(  -3,   23),
            pair( -14,  -16), pair(   2,  -27), pair( -11,   15), pair(  -2,    6), pair(  -5,    9), pair(   2,   17), pair(  14,   10), pair(   5,    5),
            pair( -35,  -22), pair(  -8,  -23), pair(  11,  -30), pair(   2,  -16), pair(   8,  -16), pair(  15,  -23), pair(  -3,  -36), pair(   1,  -32),
            pair(  -1,  -33), pair( -18,  -28), pair(  -9,  -22), pair(  10,  -43), pair( -15,   -5), pair( -25,  -32), pair( -31,  -20), pair( -50,  -41),
        ],
        // King
        [
            pair( -65,  -74), pair(  23,  -35), pair(  16,  -18), pair( -15,  -18), pair( -56,  -11), pair( -34,   15), pair(   2,    4), pair(  13,  -17),
            pair(  29,  -12), pair(  -1,   17), pair( -20,   14), pair(  -7,   17), pair(  -8,   17), pair(  -4,   38), pair( -38,   23), pair( -29,   11),
            pair(  -9,   10), pair(  24,   17), pair(   2,   23), pair( -16,   15), pair( -20,   20), pair(   6,   45), pair(  22,   44), pair( -22,   13),
            pair( -17,   -8), pair( -20,   22), pair( -12,   24), pair( -27,   27), pair( -30,   26), pair( -25,   33), pair( -14,   26), pair( -36,    3),
            pair( -49,  -18), pair(  -1,   -4), pair( -27,   21), pair( -39,   24), pair( -46,   27), pair( -44,   23), pair( -33,    9), pair( -51,  -11),
            pair( -14,  -19), pair( -14,   -3), pair( -22,   11), pair( -46,   21), pair( -44,   23), pair( -30,   16), pair( -15,    7), pair( -27,   -9),
            pair(   1,  -27), pair(   7,  -11), pair(  -8,    4), pair( -64,   13), pair( -43,   14), pair( -16,    4), pair(   9,   -5), pair(   8,  -17),
            pair( -15,  -53), pair(  36,  -34), pair(  12,  -21), pair( -54,  -11), pair(   8,  -28), pair( -28,  -14), pair(  24,  -24), pair(  14,  -43),
        ],
    ],
    passed_pawn: [pair(   0,    0), pair(   2,    6), pair(   5,   12), pair(  10,   22), pair(  20,   38), pair(  35,   60), pair(  50,   85), pair(   0,    0)],
    isolated_pawn: pair( -10,  -14),
    doubled_pawn: pair( -10,  -22),
    mobility: [pair(   4,    4), pair(   5,    5), pair(   2,    4), pair(   1,    2)],
    pawn_shield: [pair(  12,    0), pair(   6,    0)],
    bishop_pair: pair(  30,   50),
    rook_open_file: pair(  25,   10),
    rook_half_open_file: pair(  12,    6),
    tempo: pair(  10,   10),
};
