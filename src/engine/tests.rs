use std::sync::mpsc::{self, Receiver};
use std::sync::Mutex;
use std::time::Duration;

use super::*;
use crate::search::pvs::tt::TranspositionTable;
use task::TaskKind;

/// An engine whose events are collected, and the channel its task-done calls arrive on.
fn engine() -> (Engine, Arc<Mutex<Vec<Event>>>, Receiver<()>) {
    let events = Arc::new(Mutex::new(Vec::new()));
    let collected = Arc::clone(&events);
    let sink: Sink = Arc::new(move |event| collected.lock().expect("events").push(event));
    let (done, task_done) = mpsc::channel();
    let notify: Notify = Arc::new(move || {
        let _ = done.send(());
    });
    (Engine::new(sink, notify), events, task_done)
}

fn set_hash(engine: &mut Engine, mb: usize) {
    engine.handle(Command::SetOption {
        name: "Hash".into(),
        value: Some(mb.to_string()),
    });
}

#[test]
fn the_engine_shows_the_position_and_options_it_was_given() {
    let (mut engine, _, _) = engine();
    set_hash(&mut engine, 2);
    engine.handle(Command::Position {
        setup: Setup::StartPos,
        moves: ["e2e4", "c7c5", "g1f3"].map(String::from).to_vec(),
    });
    assert_eq!(engine.settings().hash_mb, 2);
    let table = &engine
        .state
        .as_ref()
        .expect("idle: the engine holds its state")
        .tt;
    assert_eq!(table.slots(), TranspositionTable::new(2).slots());
    // The FEN after 1.e4 c5 2.Nf3 as the FEN standard's usual example gives it.
    assert_eq!(
        engine.game().fen(),
        "rnbqkbnr/pp1ppppp/8/2p5/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2"
    );
}

#[test]
fn a_failed_search_thread_still_answers_and_leaves_a_fresh_state_of_the_hash_size() {
    let (mut engine, events, task_done) = engine();
    set_hash(&mut engine, 2);
    let kind = TaskKind {
        pondering: false,
        waits_for_stop: false,
        fallback: Some(Event::NullMove),
    };
    engine.spawn(kind, |_, _, _| panic!("a search thread that fails (test)"));
    task_done
        .recv_timeout(Duration::from_secs(60))
        .expect("the failed thread still reports its end");
    engine.on_task_done();
    let events = events.lock().expect("events");
    let last_two: Vec<String> = events
        .iter()
        .rev()
        .take(2)
        .map(|e| format!("{e:?}"))
        .collect();
    assert_eq!(
        last_two,
        [
            "NullMove".to_string(),
            format!(
                "{:?}",
                Event::Message("the search thread failed; search state was reset".into())
            )
        ]
    );
    let state = engine
        .state
        .as_ref()
        .expect("the engine has its state back");
    assert_eq!(state.tt.slots(), TranspositionTable::new(2).slots());
}
