//! `snapshot` and `loadSnapshot` through the raw binding (the package's `World.restore` is
//! `loadSnapshot` on a new world): the bytes are read from the address `snapshot` writes to
//! `io[0]`, a restored world (fresh or loaded in place) replays the same frames with the same
//! ids, pairs, contacts and events, and bytes that are not a snapshot fail with the core's
//! message (`bytes: …`) and change nothing.

use super::*;
use sepax::World;

/// What a frame gave: the ids added, then pairs, contact bits, started and ended.
type Frame = [Vec<u32>; 5];

/// Moves a few shapes, adds one now and then, steps; what a game reads afterwards.
fn frame(w: &mut RawWorld, f: u32) -> Frame {
    let mut rng = Mulberry32::new(77 ^ f);
    let mut added = Vec::new();
    for id in 0..w.slot_count() {
        if w.has(id) && rng.below(2) == 0 {
            let (x, y) = (rng.range(0.0, 20.0), rng.range(0.0, 20.0));
            assert!(w.set_transform(id, x, y, 0.5));
        }
    }
    if f % 3 == 0 {
        added.push(add_circle(w, 5.0, 5.0, 1.5));
    }
    if f % 4 == 1 && w.has(2) {
        assert!(w.remove(2));
    }
    assert_ne!(w.step(), FAILED);
    let bits = contacts(w).iter().map(|c| c.to_bits()).collect();
    [added, pairs(w), bits, started(w), ended(w)]
}

fn crowd() -> RawWorld {
    let mut w = world();
    for k in 0..30 {
        let (x, y) = ((k % 6) as f32 * 3.0, (k / 6) as f32 * 3.0);
        add(&mut w, ShapeKind::OrientedBox, x, y, 0.3, 1.8, 1.0);
    }
    w
}

#[wasm_bindgen_test]
fn a_restored_world_replays_the_same_frames() {
    let mut w = crowd();
    let mut first = Vec::new();
    let mut saved = None;
    for f in 0..30 {
        first.push(frame(&mut w, f));
        if f == 9 {
            saved = Some(snapshot(&mut w));
        }
    }
    let bytes = saved.unwrap();
    assert!(first[10..]
        .iter()
        .any(|r| !r[1].is_empty() && !r[3].is_empty()));
    let mut restored = world();
    assert!(restored.load_snapshot(&bytes));
    assert!(snapshot(&mut restored) == bytes);
    let mut loaded = crowd();
    loaded.step();
    assert!(loaded.load_snapshot(&bytes));
    for (f, want) in first.iter().enumerate().skip(10) {
        assert_eq!(&frame(&mut restored, f as u32), want, "restored, frame {f}");
        assert_eq!(&frame(&mut loaded, f as u32), want, "loaded, frame {f}");
    }
}

/// The core's message for `bytes`, as the binding words it.
fn core_message(bytes: &[u8]) -> String {
    let error = World::new().load_snapshot(bytes).unwrap_err();
    format!("bytes: {error}")
}

#[wasm_bindgen_test]
fn bytes_that_are_not_a_snapshot_change_nothing() {
    let mut w = crowd();
    w.step();
    let bytes = snapshot(&mut w);
    let mut wrong = bytes.clone();
    wrong[4] = 2;
    let mut longer = bytes.clone();
    longer.push(0);
    for (bad, needle) in [
        (&bytes[..40], "bytes: truncated at byte 40"),
        (
            &b"not a snapshot"[..],
            "bytes: bad magic (not a sepax snapshot)",
        ),
        (&wrong[..], "bytes: version 2 is not supported"),
        (&longer[..], "(lengths that lie)"),
    ] {
        let message = core_message(bad);
        assert!(message.contains(needle), "{message:?}");
        fails(&mut w, false, |w| w.load_snapshot(bad), &message);
    }
    for len in (0..bytes.len()).step_by(5) {
        let message = core_message(&bytes[..len]);
        fails(&mut w, false, |w| w.load_snapshot(&bytes[..len]), &message);
    }
    assert!(snapshot(&mut w) == bytes);
    assert_eq!(w.step(), w.pair_count());
}
