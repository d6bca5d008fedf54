//! `engine datagen --format games` keeps whole games in a fraction of the bytes of training
//! records, and `engine train` reads either into the same positions: the same seed's two files
//! train the same net, byte for byte.

use crate::common::run;

/// A file of the temporary directory for this test run.
fn temp(name: &str) -> String {
    let path = std::env::temp_dir().join(format!("engine-datagen-{}-{name}", std::process::id()));
    let _ = std::fs::remove_file(&path);
    let _ = std::fs::remove_file(format!("{}.progress", path.display()));
    path.to_string_lossy().into_owned()
}

#[test]
fn games_and_records_of_one_seed_train_the_same_net() {
    let mut nets = Vec::new();
    let mut sizes = Vec::new();
    for format in ["games", "records"] {
        let (data, net) = (
            temp(&format!("{format}.data")),
            temp(&format!("{format}.nnue")),
        );
        let datagen = run(
            &[
                "datagen",
                "--nodes",
                "200",
                "--positions",
                "300",
                "--format",
                format,
                "-o",
                &data,
            ],
            "",
        );
        assert!(datagen.status.success(), "{format}: {}", datagen.stderr);
        sizes.push(std::fs::metadata(&data).expect("written").len());
        let train = run(
            &["train", &data, "-o", &net, "--epochs", "1", "--batch", "64"],
            "",
        );
        assert!(train.status.success(), "{format}: {}", train.stderr);
        nets.push(std::fs::read(&net).expect("a net written"));
        let _ = std::fs::remove_file(&data);
        let _ = std::fs::remove_file(&net);
    }
    assert!(nets[0] == nets[1], "the two formats trained different nets");
    assert!(
        sizes[0] * 4 <= sizes[1],
        "games {} bytes, records {}",
        sizes[0],
        sizes[1]
    );
}
