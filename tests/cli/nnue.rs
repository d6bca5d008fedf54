//! The neural evaluator's tools end to end: `engine datagen` writes records, `engine train`
//! fits a net to them, and the engine evaluates and searches with that net as `EvalFile` (its
//! `eval` and `bench` differ from the embedded net's), keeping it when a later file is refused.

use crate::common::{run, Engine};

/// A fresh path in the temporary directory.
fn temp_path(name: &str) -> std::path::PathBuf {
    std::env::temp_dir().join(format!("engine-nnue-{}-{name}", std::process::id()))
}

/// `engine datagen` of 60 positions into `data`, then `engine train` of a net on them into
/// `net`; and a second net trained from that one (`--init`), which is then removed.
fn datagen_then_train(data: &std::path::Path, net: &std::path::Path) {
    let (data_arg, net_arg) = (data.to_string_lossy(), net.to_string_lossy());
    let datagen = [
        "datagen",
        "--nodes",
        "200",
        "--positions",
        "60",
        "--format",
        "records",
        "-o",
    ];
    let datagen = run(&[&datagen[..], &[&data_arg]].concat(), "");
    assert!(datagen.status.success(), "{}", datagen.stderr);
    assert!(datagen.stderr.contains("positions"), "{}", datagen.stderr);
    let bytes = std::fs::read(data).expect("datagen wrote the file");
    assert!(bytes.len() >= 60 * 32 && bytes.len().is_multiple_of(32));

    let train = ["train", &data_arg, "-o", &net_arg, "--epochs", "2"];
    let train = run(&[&train[..], &["--batch", "16"]].concat(), "");
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
}

/// Kiwipete, a middlegame where two nets hardly score alike.
const KIWIPETE: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";

/// The output of `command` (its arguments) run with NNUE and, when given, `EvalFile` set to `net`.
fn with_net(net: Option<&str>, command: &[&str]) -> String {
    let set = net.map(|net| format!("EvalFile={net}"));
    let mut args = vec!["--set", "Evaluation=NNUE"];
    if let Some(set) = &set {
        args.extend(["--set", set.as_str()]);
    }
    let out = run(&[&args[..], command].concat(), "");
    assert!(out.status.success(), "{}", out.stderr);
    out.stdout
}

/// The `Evaluation:` line of `eval`'s output.
fn evaluation_line(eval: &str) -> String {
    eval.lines()
        .find(|l| l.starts_with("Evaluation: "))
        .unwrap_or_else(|| panic!("no Evaluation line:\n{eval}"))
        .to_string()
}

/// The `Nodes searched` line of `bench`'s output.
fn nodes_line(bench: &str) -> String {
    bench
        .lines()
        .find(|l| l.starts_with("Nodes searched: "))
        .unwrap_or_else(|| panic!("no Nodes searched line:\n{bench}"))
        .to_string()
}

#[test]
fn datagen_then_train_then_search_with_the_net() {
    let (data, net) = (temp_path("data.bin"), temp_path("net.nnue"));
    let progress = format!("{}.progress", data.display());
    let _ = std::fs::remove_file(&data);
    let _ = std::fs::remove_file(&progress);
    datagen_then_train(&data, &net);
    let net_arg = net.to_string_lossy();

    // The trained net is the one evaluating: `eval` and `bench` differ from the embedded net's,
    // which prints the same shape line (a file read but not used would pass that line).
    let eval = with_net(Some(&net_arg), &["--fen", KIWIPETE, "eval"]);
    assert!(eval.contains("Evaluator: NNUE"), "{eval}");
    assert!(eval.contains("x 8, output bucket 8 (32 pieces)"), "{eval}");
    assert!(eval.contains(&format!("Net: {net_arg}")), "{eval}");
    let embedded = with_net(None, &["--fen", KIWIPETE, "eval"]);
    assert_ne!(evaluation_line(&eval), evaluation_line(&embedded));
    let bench = with_net(Some(&net_arg), &["bench", "3"]);
    assert_ne!(
        nodes_line(&bench),
        nodes_line(&with_net(None, &["bench", "3"]))
    );
    let go = with_net(Some(&net_arg), &["--fen", KIWIPETE, "go", "depth", "5"]);
    assert!(go.contains("bestmove "), "{go}");

    a_refused_file_keeps_the_net_in_use(&net_arg, &data.to_string_lossy());
    for path in [data, net, progress.into()] {
        let _ = std::fs::remove_file(path);
    }
}

/// In one session: `net` loaded, then a missing file and a file that is no net (`not_a_net`)
/// refused; `eval` still gives `net`'s score, not the embedded net's.
fn a_refused_file_keeps_the_net_in_use(net: &str, not_a_net: &str) {
    let mut engine = Engine::start();
    engine.command(&format!("position fen {KIWIPETE}"));
    let evaluation = |engine: &mut Engine| {
        engine.send("eval");
        let lines = engine.read_until("an Evaluation line", |l| l.starts_with("Evaluation: "));
        lines.join("\n")
    };
    let embedded = evaluation_line(&evaluation(&mut engine));
    engine.command(&format!("setoption name EvalFile value {net}"));
    let loaded = evaluation(&mut engine);
    assert_ne!(
        evaluation_line(&loaded),
        embedded,
        "the file's net evaluates"
    );
    let missing = temp_path("no-such.nnue");
    for refused in [missing.to_string_lossy().as_ref(), not_a_net] {
        let out = engine.command(&format!("setoption name EvalFile value {refused}"));
        assert!(
            out.len() == 1 && out[0].contains("the net in use stays"),
            "{out:?}"
        );
        let after = evaluation(&mut engine);
        assert_eq!(
            evaluation_line(&after),
            evaluation_line(&loaded),
            "{refused}"
        );
        assert!(after.contains(&format!("Net: {net}")), "{after}");
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
