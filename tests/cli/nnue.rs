//! The neural evaluator's tools end to end: `engine datagen` writes records, `engine train`
//! fits a net to them, and the engine evaluates and searches with that net as `EvalFile`.

use crate::common::run;

/// A fresh path in the temporary directory.
fn temp_path(name: &str) -> std::path::PathBuf {
    std::env::temp_dir().join(format!("engine-nnue-{}-{name}", std::process::id()))
}

#[test]
fn datagen_then_train_then_search_with_the_net() {
    let (data, net) = (temp_path("data.bin"), temp_path("net.nnue"));
    let progress = format!("{}.progress", data.display());
    let _ = std::fs::remove_file(&data);
    let _ = std::fs::remove_file(&progress);
    let (data_arg, net_arg) = (data.to_string_lossy(), net.to_string_lossy());
    let datagen = run(
        &[
            "datagen",
            "--nodes",
            "200",
            "--positions",
            "60",
            "--format",
            "records",
            "-o",
            &data_arg,
        ],
        "",
    );
    assert!(datagen.status.success(), "{}", datagen.stderr);
    assert!(datagen.stderr.contains("positions"), "{}", datagen.stderr);
    let bytes = std::fs::read(&data).expect("datagen wrote the file");
    assert!(bytes.len() >= 60 * 32 && bytes.len() % 32 == 0);

    let train = run(
        &[
            "train", &data_arg, "-o", &net_arg, "--epochs", "2", "--batch", "16",
        ],
        "",
    );
    assert!(train.status.success(), "{}", train.stderr);
    assert!(train.stdout.contains("epoch   2"), "{}", train.stdout);
    // 60 records are fewer than a held-out block: there is no held-out loss to show.
    assert!(
        train.stdout.contains("no held-out data"),
        "{}",
        train.stdout
    );

    let tuned = temp_path("tuned.nnue");
    let tuned_arg = tuned.to_string_lossy();
    let from_net = ["train", &data_arg, "-o", &tuned_arg, "--epochs", "1"];
    let init = run(
        &[&from_net[..], &["--batch", "16", "--init", &net_arg]].concat(),
        "",
    );
    assert!(init.status.success(), "{}", init.stderr);
    assert!(init.stdout.contains("epoch   0"), "{}", init.stdout);
    assert!(init.stdout.contains("(the --init net)"), "{}", init.stdout);
    let missing = temp_path("missing.nnue");
    let no_net = run(
        &[&from_net[..], &["--init", &missing.to_string_lossy()]].concat(),
        "",
    );
    assert_eq!(no_net.status.code(), Some(2), "{}", no_net.stderr);
    assert!(no_net.stderr.contains("missing.nnue"), "{}", no_net.stderr);
    let _ = std::fs::remove_file(tuned);

    let set = format!("EvalFile={net_arg}");
    let eval = run(&["--set", "Evaluation=NNUE", "--set", &set, "eval"], "");
    assert!(eval.status.success(), "{}", eval.stderr);
    assert!(eval.stdout.contains("Evaluator: NNUE"), "{}", eval.stdout);
    assert!(
        eval.stdout.contains("x 8, output bucket 8 (32 pieces)"),
        "{}",
        eval.stdout
    );
    let go = run(
        &[
            "--set",
            "Evaluation=NNUE",
            "--set",
            &set,
            "go",
            "depth",
            "5",
        ],
        "",
    );
    assert!(go.stdout.contains("bestmove "), "{}", go.stdout);
    for path in [data, net, progress.into()] {
        let _ = std::fs::remove_file(path);
    }
}

/// A finished game as fastchess writes it: five scored moves, of which the two captures
/// (exd5, Qxd5) are not training positions.
const MATCH_GAME: &str = r#"[Event "Fastchess Tournament"]
[White "new"]
[Black "base"]
[Result "1/2-1/2"]

1. e4 {+0.30/9 0.010s, tl=0.000s} d5 {-0.25/9 0.011s, tl=0.000s}
2. exd5 {+0.35/10 0.01s} Qxd5 {-0.20/9 0.01s} 3. Nc3 {+0.40/9 0.01s} 1/2-1/2
"#;

#[test]
fn datagen_takes_the_positions_of_played_games_into_a_new_file_only() {
    let (pgn, data) = (temp_path("games.pgn"), temp_path("imported.bin"));
    std::fs::write(&pgn, MATCH_GAME).expect("a temporary file");
    let _ = std::fs::remove_file(&data);
    let (pgn_arg, data_arg) = (pgn.to_string_lossy(), data.to_string_lossy());
    let args = ["datagen", "--pgn", &pgn_arg, "-o", &data_arg];
    let import = run(&args, "");
    assert!(import.status.success(), "{}", import.stderr);
    assert!(import.stderr.contains("1 games"), "{}", import.stderr);
    let bytes = std::fs::read(&data).expect("the import wrote the file");
    assert_eq!(bytes.len(), 3 * 32, "e4, d5 and Nc3 kept");
    assert!(bytes.chunks(32).all(|r| r[26] == 1), "every record a draw");

    let again = run(&args, "");
    assert_eq!(again.status.code(), Some(2), "{}", again.stderr);
    assert!(
        again.stderr.contains("already holds data"),
        "{}",
        again.stderr
    );
    for path in [pgn, data] {
        let _ = std::fs::remove_file(path);
    }
}

/// `engine train` prints the held-out loss when some records are held out, and says there are
/// none when the files are too small to hold one out (not a loss of 0).
#[test]
fn train_says_when_there_is_no_held_out_data() {
    let sample = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/nnue-sample.bin");
    let bytes = std::fs::read(sample).expect("the sample records");
    // 1,000 records of 32 bytes: the 20th block of 256, the first held out, starts at 4,865.
    let small = temp_path("small.bin");
    std::fs::write(&small, &bytes[..1000 * 32]).expect("writable");
    let net = temp_path("held-out.nnue");
    let train = |data: &str| {
        let args = ["train", data, "-o", &net.to_string_lossy(), "--epochs", "1"];
        let out = run(&[&args[..], &["--batch", "256"]].concat(), "");
        assert!(out.status.success(), "{}", out.stderr);
        out.stdout
    };
    let without = train(&small.to_string_lossy());
    assert!(
        without.contains("Records: 1000 training, 0 held out"),
        "{without}"
    );
    let epoch = without
        .lines()
        .find(|l| l.starts_with("epoch "))
        .expect("an epoch line");
    assert!(
        epoch.contains("no held-out data") && !epoch.contains("held-out loss"),
        "{epoch}"
    );
    let with = train(sample);
    let epoch = with
        .lines()
        .find(|l| l.starts_with("epoch "))
        .expect("an epoch line");
    assert!(epoch.contains("held-out loss 0."), "{epoch}");
    for path in [small, net] {
        let _ = std::fs::remove_file(path);
    }
}
