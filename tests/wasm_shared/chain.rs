//! Chains through the raw binding: `addChain` gives one id whose smoothed pairs equal the
//! native world's, `chainPoints` and `parts` write it back to the floats, and bad points (too
//! few distinct or too many, NaN, too far) and ids that are not chains fail with the core's
//! message and change nothing.

use super::*;
use sepax::shape::Chain;
use sepax::{ShapeOptions, World};

/// A wavy floor of 200 segments, `x, y` pairs.
fn wavy() -> Vec<f32> {
    (0..=200)
        .flat_map(|i| {
            let x = i as f32 * 0.25;
            [x, (x * 0.7).sin()]
        })
        .collect()
}

#[wasm_bindgen_test]
fn chain_pairs_equal_the_native_world_and_points_are_returned() {
    let mut w = world();
    let mut native = World::new();
    let o = ShapeOptions::default();
    let values = wavy();
    let local: Vec<Vec2> = values.chunks(2).map(|p| Vec2::new(p[0], p[1])).collect();
    let floor = w.add_chain(&values, false, LAYER, ALL, true);
    let fixed = ShapeOptions {
        is_static: true,
        ..o
    };
    let chain = Chain::new(&local, false).unwrap();
    assert_eq!(native.add_chain(chain, 0.0, 0.0, 0.0, fixed), Ok(floor));
    // Moved and turned like any shape.
    assert!(w.set_transform(floor, 3.0, -1.0, 0.2));
    native.set_transform(floor, 3.0, -1.0, 0.2).unwrap();
    let mut rng = Mulberry32::new(7);
    for _ in 0..300 {
        let (x, y, r) = (
            rng.range(0.0, 55.0),
            rng.range(-3.0, 14.0),
            rng.range(0.1, 0.8),
        );
        if rng.below(2) == 0 {
            add_circle(&mut w, x, y, r);
            native.add(Shape::circle(r).unwrap(), x, y, 0.0, o).unwrap();
        } else {
            add(&mut w, ShapeKind::OrientedBox, x, y, 1.0, r, 0.3);
            let shape = Shape::oriented_box(r, 0.3).unwrap();
            native.add(shape, x, y, 1.0, o).unwrap();
        }
    }
    let count = w.step();
    assert_eq!(count as usize, native.step().unwrap());
    let got = pairs(&w);
    assert_eq!(got, native.pairs());
    let floor_pairs = got.chunks(2).filter(|p| p[0] == floor).count();
    assert!(floor_pairs > 10, "{floor_pairs} pairs with the floor");
    assert_eq!(contacts(&w), native.contacts());
    let n = w.chain_points(floor);
    assert_eq!(floats(&w, n), values);
    let mut want = Vec::new();
    native.parts(floor, &mut want).unwrap();
    let n = w.parts(floor);
    assert_eq!(floats(&w, n), want);
    assert_eq!(want[0], 200.0, "one part of 2 points per segment");
    // A loop: its last point joins its first.
    let square = [0.0, 0.0, 4.0, 0.0, 4.0, 4.0, 0.0, 4.0];
    let ring = w.add_chain(&square, true, LAYER, ALL, false);
    let n = w.chain_points(ring);
    assert_eq!(floats(&w, n), square);
    assert_eq!(w.shape_record(ring), 8);
    assert_eq!(
        io(&w)[10],
        2.0,
        "a loop's record has FLAG_LOOP, not FLAG_STATIC"
    );
}

#[wasm_bindgen_test]
fn bad_chains_fail_with_the_cores_message_and_change_nothing() {
    let mut w = world();
    let a = add_circle(&mut w, 0.0, 0.0, 1.0);
    let b = add_circle(&mut w, 1.0, 0.0, 1.0);
    w.step();
    let too_many = vec![0.0; 2 * 4097];
    for (points, is_loop, message) in [
        (
            &[1.0, 2.0][..],
            false,
            "points: a chain needs at least 2 distinct points (got 1)",
        ),
        (
            &[1.0, 2.0, 1.0, 2.0][..],
            false,
            "points: a chain needs at least 2 distinct points (got 1)",
        ),
        (
            &[0.0, 0.0, 1.0, 0.0][..],
            true,
            "points: a chain needs at least 3 distinct points (got 2)",
        ),
        (
            &[0.0, 0.0, f32::NAN, 1.0][..],
            false,
            "points: vertex 1 is not a finite number",
        ),
        (
            &[0.0, 0.0, 1.0, 2e7][..],
            false,
            "points: vertex 1 is further than 1e7 from the origin",
        ),
        (
            &too_many[..],
            false,
            "points: a chain has at most 4096 points (got 4097)",
        ),
    ] {
        fails(
            &mut w,
            FAILED,
            |w| w.add_chain(points, is_loop, LAYER, ALL, false),
            message,
        );
    }
    let not_a_chain = format!("id: shape {a} is not a chain");
    fails(&mut w, FAILED, |w| w.chain_points(a), &not_a_chain);
    fails(
        &mut w,
        FAILED,
        |w| w.chain_points(7),
        "id: 7 is not the id of a live shape",
    );
    // Nothing changed.
    assert_eq!(w.size(), 2);
    assert_eq!(w.step(), 1);
    assert_eq!(pairs(&w), [a, b]);
}
