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
    assert!(train.stdout.contains("held-out loss"), "{}", train.stdout);

    let set = format!("EvalFile={net_arg}");
    let eval = run(&["--set", "Evaluation=NNUE", "--set", &set, "eval"], "");
    assert!(eval.status.success(), "{}", eval.stderr);
    assert!(eval.stdout.contains("Evaluator: NNUE"), "{}", eval.stdout);
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
