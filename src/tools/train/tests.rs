//! The trainer's tests on the committed sample (`tests/data/nnue-sample.bin`, 5,000 records of
//! `engine datagen`).

use super::*;

/// The committed sample.
const SAMPLE: &[u8] = include_bytes!("../../../tests/data/nnue-sample.bin");

fn sample_records() -> Vec<Record> {
    record::read_all(&mut &SAMPLE[..]).expect("the sample is whole records")
}

fn settings(epochs: usize) -> TrainSettings {
    TrainSettings {
        epochs,
        batch: 256,
        rate: 0.002,
        decay: 0.01,
        lambda: 0.5,
        threads: 2,
        seed: 5,
        checkpoint: None,
        init: None,
    }
}

#[test]
fn training_and_held_out_losses_fall_on_the_sample() {
    let records = sample_records();
    assert_eq!(records.len(), 5000);
    let (mut train_set, holdout) = (records[..4500].to_vec(), records[4500..].to_vec());
    let start = Model::random(5);
    let (train_before, holdout_before) = (
        mean_loss(&start, &train_set, 0.5),
        mean_loss(&start, &holdout, 0.5),
    );
    let mut reports = Vec::new();
    let model =
        train(&settings(4), &mut train_set, &holdout, |r| reports.push(*r)).expect("training runs");
    assert_eq!(reports.len(), 4);
    let last = reports[3];
    assert!(
        last.train_loss < 0.8 * train_before,
        "{train_before} -> {last:?}"
    );
    assert!(
        last.holdout_loss < holdout_before,
        "{holdout_before} -> {last:?}"
    );
    assert!(mean_loss(&model, &train_set, 0.5) < reports[0].train_loss);
}

#[test]
fn the_quantised_net_scores_as_the_float_model_does() {
    let records = sample_records();
    let mut train_set = records[..2000].to_vec();
    let model = train(&settings(3), &mut train_set, &[], |_| {}).expect("training runs");
    let net = model.quantise();
    // Tolerance: 10 cp on average, 40 cp at most (rounding of ~30 rows of weights at 1/255).
    let (max, mean) = quantisation_error(&model, &net, &records[4000..]);
    assert!(mean < 10.0 && max < 40.0, "mean {mean} max {max}");
}

#[test]
fn a_net_read_back_into_floats_quantises_to_itself() {
    let net = crate::eval::nnue::embedded();
    let model = Model::from_net(net, 1);
    assert_eq!(model.params.len(), PARAMS);
    assert_eq!(&model.quantise(), net);
    let records = sample_records();
    let (max, mean) = quantisation_error(&model, net, &records[..1000]);
    assert!(mean < 1.0 && max < 5.0, "mean {mean} max {max}");
}

#[test]
fn training_from_a_net_starts_where_it_is_and_lowers_its_loss() {
    let records = sample_records();
    let (mut train_set, holdout) = (records[..4500].to_vec(), records[4500..].to_vec());
    let mut from_random = Vec::new();
    let start = train(&settings(3), &mut train_set, &holdout, |r| {
        from_random.push(*r)
    })
    .expect("training runs");
    let init = Model::from_net(&start.quantise(), 1);
    let loss_before = mean_loss(&init, &train_set, 0.5);
    let tuned = TrainSettings {
        init: Some(init),
        rate: 0.0005,
        ..settings(2)
    };
    let mut from_net = Vec::new();
    let model =
        train(&tuned, &mut train_set, &holdout, |r| from_net.push(*r)).expect("training runs");
    assert!(
        from_net[0].train_loss < from_random[0].train_loss,
        "{from_net:?} {from_random:?}"
    );
    assert!(mean_loss(&model, &train_set, 0.5) < loss_before);
}

#[test]
fn the_gradient_is_the_slope_of_the_loss_and_only_the_samples_bucket_learns() {
    use crate::eval::nnue::{bucket, HIDDEN};
    use model::{OUTPUT_BIAS, OUTPUT_WEIGHTS};
    let records = sample_records();
    let model = Model::random(9);
    let sample = Sample::new(&records[17]);
    let target = sample.target(0.5);
    let mut gradient = vec![0.0f32; PARAMS];
    model.backward(&sample, target, &mut gradient);
    let own = bucket(sample.count);
    let feature = usize::from(sample.us[0]);
    let checked = [
        OUTPUT_BIAS + own,
        OUTPUT_WEIGHTS + own * 2 * HIDDEN + 3,
        OUTPUT_WEIGHTS + own * 2 * HIDDEN + HIDDEN + 5,
        feature * HIDDEN + 7,
        model::FEATURE_BIAS + 11,
    ];
    for at in checked {
        let eps = 1e-3;
        let mut up = model.clone();
        up.params[at] += eps;
        let mut down = model.clone();
        down.params[at] -= eps;
        let slope = (up.loss(&sample, target) - down.loss(&sample, target)) / (2.0 * eps);
        assert!(
            (slope - gradient[at]).abs() <= 1e-3 * slope.abs().max(1e-3) + 2e-5,
            "parameter {at}: slope {slope}, gradient {}",
            gradient[at]
        );
    }
    let other = (own + 1) % crate::eval::nnue::BUCKETS;
    assert_eq!(gradient[OUTPUT_BIAS + other], 0.0);
    let other_weights = &gradient[OUTPUT_WEIGHTS + other * 2 * HIDDEN..][..2 * HIDDEN];
    assert!(other_weights.iter().all(|&g| g == 0.0));
    assert_ne!(gradient[OUTPUT_BIAS + own], 0.0);
}

#[test]
fn a_narrower_net_is_widened_with_new_neurons_that_score_nothing_until_trained() {
    use crate::eval::nnue::HIDDEN;
    let records = sample_records();
    let (mut train_set, holdout) = (records[..4500].to_vec(), records[4500..].to_vec());
    let trained = train(&settings(2), &mut train_set, &holdout, |_| {}).expect("training runs");
    let mut narrow = trained.quantise();
    let neurons = HIDDEN / 2;
    narrow.zero_neurons_from(neurons);
    let zero_padded = Model::from_net(&narrow, 3);
    narrow.neurons = neurons;
    let widened = Model::from_net(&narrow, 3);
    let new_weights = |model: &Model| {
        model.params[..model::FEATURE_BIAS]
            .chunks_exact(HIDDEN)
            .flat_map(|row| row[neurons..].to_vec())
            .collect::<Vec<f32>>()
    };
    assert!(new_weights(&zero_padded).iter().all(|&w| w == 0.0));
    assert!(new_weights(&widened).iter().all(|&w| w != 0.0));
    for record in &records[..200] {
        let sample = Sample::new(record);
        assert_eq!(widened.score(&sample), zero_padded.score(&sample));
    }
    let further = TrainSettings {
        init: Some(widened.clone()),
        rate: 0.0005,
        ..settings(1)
    };
    let model = train(&further, &mut train_set, &holdout, |_| {}).expect("training runs");
    let output_weights = &model.params[model::OUTPUT_WEIGHTS..model::OUTPUT_BIAS];
    let new_outputs = output_weights
        .chunks_exact(HIDDEN)
        .flat_map(|half| &half[neurons..]);
    assert!(new_outputs.filter(|&&w| w != 0.0).count() > neurons);
    assert!(mean_loss(&model, &train_set, 0.5) < mean_loss(&widened, &train_set, 0.5));
}
