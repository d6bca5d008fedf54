//! The net's tests: the accumulators follow every kind of move, a mirrored position scores the
//! same, and bad files are refused.

use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use shakmaty::{CastlingMode, Chess, EnPassantMode, Position};

use super::accumulator::evaluate_board;
use super::net::{MAX_FEATURE_WEIGHT, MAX_OUTPUT_WEIGHT};
use super::*;
use crate::board::game::Game;

/// A net of random weights within the bounds.
fn random_net(seed: u64) -> Net {
    let mut rng = StdRng::seed_from_u64(seed);
    let mut net = Net::zeros();
    let f = MAX_FEATURE_WEIGHT / 4;
    for row in &mut net.feature_weights {
        row.iter_mut().for_each(|w| *w = rng.random_range(-f..=f));
    }
    net.feature_bias
        .iter_mut()
        .for_each(|w| *w = rng.random_range(0..=f));
    for layer in &mut net.outputs {
        let o = MAX_OUTPUT_WEIGHT;
        for row in &mut layer.weights {
            row.iter_mut().for_each(|w| *w = rng.random_range(-o..=o));
        }
        layer.bias = rng.random_range(-500..=500);
    }
    net
}

#[test]
fn the_accumulators_follow_random_games() {
    let net = random_net(1);
    let mut rng = StdRng::seed_from_u64(2);
    let starts = [
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
        "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
        "n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    ];
    let (mut castles, mut en_passants, mut promotions, mut nulls) = (0, 0, 0, 0);
    for game in 0..200 {
        let mut pos = Game::from_fen(starts[game % starts.len()])
            .expect("legal")
            .position()
            .clone();
        let mut acc = NnueAccumulator::new(&net, pos.board());
        for _ in 0..150 {
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            if !pos.is_check() && rng.random_bool(0.05) {
                // A null move: the accumulators are copied as they are.
                let Ok(swapped) = pos.clone().swap_turn() else {
                    continue;
                };
                pos = swapped;
                nulls += 1;
            } else {
                let m = moves[rng.random_range(0..moves.len())];
                castles += usize::from(m.is_castle());
                en_passants += usize::from(m.is_en_passant());
                promotions += usize::from(m.is_promotion());
                let parent = acc;
                acc.set_after(&parent, &net, &pos, m);
                pos.play_unchecked(m);
            }
            assert_eq!(acc, NnueAccumulator::new(&net, pos.board()));
        }
    }
    assert!(castles > 0 && en_passants > 0 && promotions > 0 && nulls > 0);
}

#[test]
fn a_mirrored_position_scores_the_same() {
    let net = random_net(3);
    for fen in [
        "r1bqk2r/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP3PPP/R1BQKB1R w KQkq - 3 7",
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 b - - 0 1",
        "n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1",
    ] {
        let pos = Game::from_fen(fen).expect("legal").position().clone();
        let mirrored: Chess = pos
            .to_setup(EnPassantMode::Legal)
            .into_mirrored()
            .position(CastlingMode::Standard)
            .expect("a mirrored legal position is legal");
        let score = evaluate_board(&net, pos.board(), pos.turn());
        assert_ne!(score, 0, "{fen}");
        assert_eq!(
            score,
            evaluate_board(&net, mirrored.board(), mirrored.turn()),
            "{fen}"
        );
    }
}

#[test]
fn nets_round_trip_and_bad_files_are_refused() {
    let net = random_net(4);
    assert_eq!(Net::from_bytes(&net.to_bytes()), Ok(net.clone()));
    let bytes = net.to_bytes();
    assert!(Net::from_bytes(&bytes[..bytes.len() - 2]).is_err());
    assert!(Net::from_bytes(b"not a net").is_err());
    let mut wild = net.clone();
    wild.outputs[BUCKETS - 1].weights[1][0] = MAX_OUTPUT_WEIGHT + 1;
    assert!(Net::from_bytes(&wild.to_bytes()).is_err());
}

#[test]
fn each_field_of_the_header_is_checked() {
    let good = random_net(5).to_bytes();
    assert!(Net::from_bytes(&good).is_ok());
    // A wrong magic, version, neuron count or bucket count, each alone in a file of the right
    // length.
    for (at, byte) in [(0, b'X'), (3, b'V'), (4, 4), (8, 64), (12, 1)] {
        let mut bad = good.clone();
        bad[at] = byte;
        assert!(Net::from_bytes(&bad).is_err(), "byte {at} = {byte}");
    }
    // Headers cut short, down to one byte short of the neuron count: refused, no panic.
    for len in [0, 4, 8, 11, 12, 15, 16] {
        assert!(Net::from_bytes(&good[..len]).is_err(), "{len} bytes");
    }
    let mut longer = good.clone();
    longer.extend([0, 0]);
    assert!(Net::from_bytes(&longer).is_err());
}

#[test]
fn weights_up_to_their_bounds_are_accepted_and_beyond_refused() {
    let mut edge = Net::zeros();
    edge.feature_weights[0][0] = MAX_FEATURE_WEIGHT;
    edge.feature_weights[767][127] = -MAX_FEATURE_WEIGHT;
    edge.feature_bias[5] = MAX_FEATURE_WEIGHT;
    edge.outputs[0].weights[0][1] = MAX_OUTPUT_WEIGHT;
    edge.outputs[BUCKETS - 1].weights[1][2] = -MAX_OUTPUT_WEIGHT;
    edge.outputs[3].bias = i16::MAX;
    assert_eq!(Net::from_bytes(&edge.to_bytes()), Ok(edge.clone()));
    let beyond: [fn(&mut Net); 5] = [
        |net| net.feature_weights[0][0] = MAX_FEATURE_WEIGHT + 1,
        |net| net.feature_weights[767][127] = -MAX_FEATURE_WEIGHT - 1,
        |net| net.feature_bias[5] = MAX_FEATURE_WEIGHT + 1,
        |net| net.outputs[0].weights[0][1] = MAX_OUTPUT_WEIGHT + 1,
        |net| net.outputs[BUCKETS - 1].weights[1][2] = -MAX_OUTPUT_WEIGHT - 1,
    ];
    for (i, change) in beyond.into_iter().enumerate() {
        let mut net = edge.clone();
        change(&mut net);
        assert!(Net::from_bytes(&net.to_bytes()).is_err(), "change {i}");
    }
}

#[test]
fn an_eval_file_is_used_until_the_embedded_net_is_asked_for() {
    // The only test that loads a net: a copy of the embedded one, so that the evaluations of
    // the tests running beside it do not change.
    let path = std::env::temp_dir().join(format!("engine-nnue-test-{}.nnue", std::process::id()));
    std::fs::write(&path, EMBEDDED_NET).expect("a temporary file");
    let before = current();
    assert!(use_file(std::path::Path::new("/no/such/net.nnue")).is_err());
    assert!(std::ptr::eq(before, current()));
    assert_eq!(use_file(&path), Ok(()));
    let loaded = current();
    assert!(!std::ptr::eq(loaded, embedded()));
    assert_eq!(loaded, embedded());
    use_embedded();
    assert!(std::ptr::eq(current(), embedded()));
    std::fs::remove_file(&path).expect("removed");
}

#[test]
fn the_embedded_net_is_the_file_the_build_chose() {
    // build.rs embeds the file ENGINE_EVALFILE names (`make EVALFILE=...`), else nets/default.nnue.
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let chosen = match option_env!("ENGINE_EVALFILE") {
        Some(file) if !file.is_empty() => root.join(file),
        _ => root.join("nets/default.nnue"),
    };
    assert_eq!(std::path::Path::new(env!("ENGINE_EMBEDDED_NET")), chosen);
    let bytes = std::fs::read(&chosen).expect("the chosen net is readable");
    assert!(
        bytes == EMBEDDED_NET,
        "the embedded bytes are {}'s",
        chosen.display()
    );
}

#[test]
fn the_embedded_net_is_well_formed() {
    assert_eq!(Net::from_bytes(EMBEDDED_NET).as_ref(), Ok(embedded()));
}

/// The bytes of `net` in the file format of one output layer (version 2): its first bucket's.
fn one_bucket_file(net: &Net) -> Vec<u8> {
    let mut bytes = b"ENNU".to_vec();
    bytes.extend(2u32.to_le_bytes());
    bytes.extend((HIDDEN as u32).to_le_bytes());
    let features = net
        .feature_weights
        .iter()
        .flatten()
        .chain(&net.feature_bias);
    let layer = &net.outputs[0];
    let output = layer.weights.iter().flatten().chain([&layer.bias]);
    for w in features.chain(output) {
        bytes.extend(w.to_le_bytes());
    }
    bytes
}

#[test]
fn a_file_of_one_output_layer_gives_it_to_every_bucket() {
    let net = random_net(6);
    let read = Net::from_bytes(&one_bucket_file(&net)).expect("a version 2 file is read");
    assert_eq!(read.feature_weights, net.feature_weights);
    assert!(read.outputs.iter().all(|layer| *layer == net.outputs[0]));
    let bytes = one_bucket_file(&net);
    assert!(Net::from_bytes(&bytes[..bytes.len() - 2]).is_err());
}

#[test]
fn the_piece_count_chooses_the_output_layer() {
    assert_eq!(
        (2..=32).map(bucket).collect::<Vec<_>>(),
        [
            0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 6, 6, 6, 6, 7,
            7, 7
        ]
    );
    let net = random_net(7);
    let pos = Chess::default();
    let score = evaluate_board(&net, pos.board(), pos.turn());
    let mut other = net.clone();
    other.outputs[bucket(32)].bias += 256;
    assert_ne!(evaluate_board(&other, pos.board(), pos.turn()), score);
    // The other buckets' layers do not count for 32 pieces.
    other = net.clone();
    for layer in &mut other.outputs[..bucket(32)] {
        layer.bias += 256;
    }
    assert_eq!(evaluate_board(&other, pos.board(), pos.turn()), score);
}

/// The bytes of `net`'s first `neurons` neurons in the file format (version 3).
fn narrow_file(net: &Net, neurons: usize) -> Vec<u8> {
    let mut bytes = b"ENNU".to_vec();
    for word in [3, neurons as u32, BUCKETS as u32] {
        bytes.extend(word.to_le_bytes());
    }
    let mut rows: Vec<&[i16]> = net.feature_weights.iter().map(|row| &row[..]).collect();
    rows.push(&net.feature_bias);
    for layer in &net.outputs {
        rows.extend(layer.weights.iter().map(|half| &half[..]));
        rows.push(std::slice::from_ref(&layer.bias));
    }
    for row in rows {
        for w in &row[..neurons.min(row.len())] {
            bytes.extend(w.to_le_bytes());
        }
    }
    bytes
}

#[test]
fn a_file_of_fewer_neurons_fills_the_first_and_scores_as_it_did() {
    let neurons = HIDDEN / 2;
    let net = random_net(8);
    let read = Net::from_bytes(&narrow_file(&net, neurons)).expect("a narrower net is read");
    assert_eq!(read.neurons, neurons);
    let mut narrow = net.clone();
    narrow.zero_neurons_from(neurons);
    assert_eq!(
        read,
        Net {
            neurons,
            ..narrow.clone()
        }
    );
    let pos = Chess::default();
    let score = evaluate_board(&read, pos.board(), pos.turn());
    assert_eq!(score, evaluate_board(&narrow, pos.board(), pos.turn()));
    assert_ne!(score, evaluate_board(&net, pos.board(), pos.turn()));
    assert_eq!(Net::from_bytes(&narrow_file(&net, HIDDEN)), Ok(net.clone()));
    for refused in [0, HIDDEN + 1] {
        let mut bytes = narrow_file(&net, HIDDEN);
        bytes[8..12].copy_from_slice(&(refused as u32).to_le_bytes());
        assert!(Net::from_bytes(&bytes).is_err(), "{refused} neurons");
    }
}
