//! The raw binding's failures: every rejected call returns the sentinel (`u32::MAX` or
//! `false`), `takeError()` hands over the core's message naming the argument (once), and the
//! world is as it was. The messages' numbers are formatted by JavaScript (`float_text`): they
//! must read exactly as the core's `Display` writes them with Rust's formatting.

use super::rng::Mulberry32;
use super::*;
use sepax::wasm::{limit, too_many_points, wasm_memory};
use sepax::world::MoveOptions;
use sepax::{ShapeOptions, World};

#[wasm_bindgen_test]
fn failures_return_the_sentinel_name_the_argument_and_change_nothing() {
    let mut w = world();
    let a = add_circle(&mut w, 0.0, 0.0, 1.0);
    let b = add_circle(&mut w, 1.0, 0.0, 1.0);
    let gone = add(&mut w, ShapeKind::Point, 50.0, 50.0, 0.0, 0.0, 0.0);
    assert!(w.remove(gone));
    w.step();
    let before = pairs(&w);
    assert_eq!(before, [a, b]);
    let circle = ShapeKind::Circle as u8;
    let none: &[f32] = &[];

    // Adds.
    let add_circle_at = |x: f32, radius: f32| {
        move |w: &mut RawWorld| {
            w.add_shape(circle, x, 0.0, 0.0, radius, 0.0, 0.0, LAYER, ALL, false)
        }
    };
    fails(
        &mut w,
        FAILED,
        add_circle_at(f32::NAN, 1.0),
        "x must be a finite number",
    );
    fails(
        &mut w,
        FAILED,
        add_circle_at(2e7, 1.0),
        "x must be between -1e7 and 1e7 (got 2e7)",
    );
    fails(
        &mut w,
        FAILED,
        add_circle_at(0.0, -1.0),
        "radius must be greater than 0 (got -1)",
    );
    let box_kind = ShapeKind::OrientedBox as u8;
    fails(
        &mut w,
        FAILED,
        |w| {
            w.add_shape(
                box_kind,
                0.0,
                0.0,
                f32::INFINITY,
                1.0,
                1.0,
                0.0,
                LAYER,
                ALL,
                false,
            )
        },
        "angle must be a finite number",
    );
    fails(
        &mut w,
        FAILED,
        |w| {
            w.add_shape(
                box_kind,
                0.0,
                0.0,
                0.0,
                1.0,
                f32::NAN,
                0.0,
                LAYER,
                ALL,
                false,
            )
        },
        "halfHeight must be a finite number",
    );
    fails(
        &mut w,
        FAILED,
        |w| w.add_segment(1.0, 2.0, 1.0, 2.0, LAYER, ALL, false),
        "x2, y2 must differ from x1, y1 (a segment needs two distinct ends)",
    );
    fails(
        &mut w,
        FAILED,
        |w| w.add_segment(0.0, 0.0, 1.0, f32::NAN, LAYER, ALL, false),
        "y2 must be a finite number",
    );
    let nan_vertex = [0.0, 0.0, 1.0, 0.0, f32::NAN, 1.0];
    fails(
        &mut w,
        FAILED,
        |w| w.add_polygon(0.0, 0.0, 0.0, &nan_vertex, LAYER, ALL, false),
        "points: vertex 2 is not a finite number",
    );
    fails(
        &mut w,
        FAILED,
        |w| w.add_polygon(0.0, 0.0, 0.0, &[0.0, 0.0, 1.0, 0.0], LAYER, ALL, false),
        "points: a polygon needs at least 3 points (got 2)",
    );
    let collinear = [0.0, 0.0, 1.0, 1.0, 2.0, 2.0];
    fails(
        &mut w,
        FAILED,
        |w| w.add_polygon(0.0, 0.0, 0.0, &collinear, LAYER, ALL, false),
        "points: the polygon has zero area (all points coincide or are collinear)",
    );

    // Ids that name no live shape.
    let unknown = format!("id: {gone} is not the id of a live shape");
    fails(&mut w, false, |w| w.remove(gone), &unknown);
    fails(
        &mut w,
        false,
        |w| w.set_transform(gone, 0.0, 0.0, 0.0),
        &unknown,
    );
    fails(&mut w, false, |w| w.set_layer_mask(gone, 1, 1), &unknown);
    fails(&mut w, false, |w| w.transform(gone), &unknown);
    fails(&mut w, FAILED, |w| w.parts(gone), &unknown);
    fails(
        &mut w,
        FAILED,
        |w| w.shape_record(77),
        "id: 77 is not the id of a live shape",
    );

    // Moves: one bad number and nothing moves, even the entries before it.
    fails(
        &mut w,
        false,
        |w| w.set_transform(b, 0.0, f32::NEG_INFINITY, 0.0),
        "y must be a finite number",
    );
    fails(
        &mut w,
        false,
        |w| w.set_transforms(&[a, b], &[0.0; 5]),
        "xya must have length 6 (got 5)",
    );
    fails(
        &mut w,
        false,
        |w| w.set_transforms(&[a, gone], &[0.0; 6]),
        &format!("ids: {gone} is not the id of a live shape"),
    );
    fails(
        &mut w,
        false,
        |w| w.set_transforms(&[b, a], &[9.0, 9.0, 0.0, 0.0, f32::NAN, 0.0]),
        "xya[4] must be a finite number",
    );

    // Queries and rays.
    fails(
        &mut w,
        FAILED,
        |w| w.query_point(f32::NAN, 0.0, ALL),
        "x must be a finite number",
    );
    fails(
        &mut w,
        FAILED,
        |w| w.query_aabb(0.0, 0.0, 3e7, 1.0, ALL),
        "maxX must be between -1e7 and 1e7 (got 3e7)",
    );
    fails(
        &mut w,
        FAILED,
        |w| w.query_shape(9, 1.0, 0.0, 0.0, 0.0, none, 0.0, 0.0, 0.0, ALL),
        "shape.kind must be a shape kind (got 9)",
    );
    fails(
        &mut w,
        FAILED,
        |w| w.query_shape(circle, -1.0, 0.0, 0.0, 0.0, none, 0.0, 0.0, 0.0, ALL),
        "shape.radius must be greater than 0 (got -1)",
    );
    fails(
        &mut w,
        FAILED,
        |w| w.raycast(f32::INFINITY, 0.0, 1.0, 0.0, 10.0, ALL),
        "x must be a finite number",
    );
    fails(
        &mut w,
        FAILED,
        |w| w.raycast(0.0, 0.0, 1.0, f32::NAN, 10.0, ALL),
        "direction must be a finite number",
    );

    // Nothing changed: same shapes, and a step reports the same pairs.
    assert_eq!(w.size(), 2);
    assert_eq!(w.step(), 1);
    assert_eq!(pairs(&w), before);
}

/// Checks that a raw call (its result `raw`) failed exactly when the core's call did; returns
/// the raw message and the core's `Display` of its error, or `None` when both succeeded.
fn same_outcome<T, E: core::fmt::Display>(
    w: &mut RawWorld,
    raw: u32,
    core: Result<T, E>,
) -> Option<(String, String)> {
    match core {
        Ok(_) => {
            assert_ne!(
                raw,
                FAILED,
                "the core accepted what the binding refused: {}",
                w.take_error()
            );
            None
        }
        Err(e) => {
            assert_eq!(
                raw, FAILED,
                "the binding accepted what the core refused: {e}"
            );
            Some((w.take_error(), e.to_string()))
        }
    }
}

/// Every number a message can carry, formatted by JavaScript in the binding, reads as Rust's
/// `{}` and `{:e}` write it in the core's `Display`: sizes (`{}`), coordinates out of range
/// (`{:e}`) and the mover's options, over seeded bit patterns of every exponent.
#[wasm_bindgen_test]
fn messages_equal_the_cores_display_for_seeded_numbers() {
    let mut rng = Mulberry32::new(0xE770);
    let mut values = vec![
        0.0f32,
        -0.0,
        -1.0,
        1e-46,
        2e7,
        1.5e7,
        -1e30,
        f32::MAX,
        f32::MIN,
    ];
    values.extend([
        f32::NAN,
        f32::INFINITY,
        f32::NEG_INFINITY,
        f32::from_bits(1),
    ]);
    values.extend((0..600).map(|_| f32::from_bits(rng.next_u32())));
    let (mut w, mut native) = (world(), World::new());
    let circle = ShapeKind::Circle as u8;
    let unit = Shape::circle(1.0).unwrap();
    let o = ShapeOptions::default();
    let mover = add_circle(&mut w, 0.0, 0.0, 1.0);
    native.add(unit.clone(), 0.0, 0.0, 0.0, o).unwrap();
    w.move_option_defaults();
    let mut compared = 0;
    for &v in &values {
        let mut outcomes = Vec::new();
        // A size ({} in NonPositiveParameter, {:e} in ParameterTooLarge).
        let raw = w.add_shape(circle, 0.0, 0.0, 0.0, v, 0.0, 0.0, LAYER, ALL, false);
        let shape = Shape::circle(v);
        if let Ok(shape) = &shape {
            native.add(shape.clone(), 0.0, 0.0, 0.0, o).unwrap();
        }
        outcomes.push(same_outcome(&mut w, raw, shape));
        // A coordinate ({:e} in OutOfRange).
        let raw = w.add_shape(circle, 3.0, v, 0.0, 1.0, 0.0, 0.0, LAYER, ALL, false);
        outcomes.push(same_outcome(
            &mut w,
            raw,
            native.add(unit.clone(), 3.0, v, 0.0, o),
        ));
        // A mover's option ({} in InvalidValue), written where the entry writes it.
        write_io(&w, sepax::wasm::MOVE_OPTIONS + 4, &[f64::from(v)]);
        let raw = w.move_and_slide(mover, 0.0, 0.0);
        let options = MoveOptions {
            skin: v,
            ..MoveOptions::default()
        };
        let core = native.move_and_slide(mover, Vec2::ZERO, &options);
        outcomes.push(same_outcome(&mut w, raw, core));
        for (got, want) in outcomes.into_iter().flatten() {
            assert_eq!(got, want, "the message of {v:?} (bits {:#x})", v.to_bits());
            compared += 1;
        }
        // Both worlds stay alike: what one added, the other did.
        assert_eq!(w.size() as usize, native.len());
    }
    assert!(compared > 600, "only {compared} messages compared");
}

/// A transform written through the columns' view (as `transforms().xs[id] = …` does) is
/// checked at the step: the step fails naming the shape, keeps the last results, and the
/// world steps again once the value is fixed.
#[wasm_bindgen_test]
fn a_step_that_fails_keeps_its_error_and_the_last_results() {
    let mut w = world();
    let a = add_circle(&mut w, 0.0, 0.0, 1.0);
    let b = add_circle(&mut w, 1.0, 0.0, 1.0);
    assert_eq!(w.step(), 1);
    assert_eq!(w.take_error(), "", "no failure, no message");
    let results = (pairs(&w), contacts(&w));
    w.transform_ptrs();
    let xs = io(&w)[0] as u32;
    Float32Array::new_with_byte_offset_and_length(&memory_buffer(), xs, w.slot_count())
        .set_index(b, f32::INFINITY);
    let message = format!("x of shape {b} must be a finite number");
    fails(&mut w, FAILED, |w| w.step(), &message);
    fails(&mut w, FAILED, |w| w.step_profiled(), &message);
    fails(
        &mut w,
        FAILED,
        |w| w.sweep(&[b], &[1.0, 0.0], ALL),
        &message,
    );
    write_io(&w, sepax::wasm::MOVE_OPTIONS, &[4.0, 0.0, -1.0, 0.7, 0.01]);
    fails(&mut w, FAILED, |w| w.move_and_slide(b, 1.0, 0.0), &message);
    assert_eq!(
        (pairs(&w), contacts(&w)),
        results,
        "a failed step is not a step"
    );

    // Fixed through the setter, the world steps again.
    assert!(w.set_transform(b, 5.0, 0.0, 0.0));
    assert_eq!(w.step(), 0);
    assert_eq!(ended(&w), [a, b]);
}

/// The limits the entry checks lengths against before it copies anything, and the messages
/// it throws for them, are the core's: one point too many gets from the entry what it gets
/// from the core.
#[wasm_bindgen_test]
fn limits_and_their_messages_are_the_cores() {
    assert_eq!(
        [limit(0), limit(1), limit(2), limit(3)],
        [64, 1024, 4096, 1 << 24]
    );
    assert_eq!(limit(u32::MAX), limit(3));
    let mut w = world();
    let (x, y, a) = (0.0, 0.0, 0.0);
    for which in 0..3 {
        let count = limit(which) + 1;
        // A regular polygon of `count` points: too many is the first thing wrong with it.
        let points: Vec<f32> = (0..count)
            .flat_map(|k| {
                let angle = core::f32::consts::TAU * k as f32 / count as f32;
                [10.0 * angle.cos(), 10.0 * angle.sin()]
            })
            .collect();
        let message = too_many_points(which, count);
        assert!(message.starts_with("points: "), "{message}");
        assert!(message.ends_with(&format!(" (got {count})")), "{message}");
        let add: &dyn Fn(&mut RawWorld) -> u32 = match which {
            0 => &|w| w.add_polygon(x, y, a, &points, LAYER, ALL, false),
            1 => &|w| w.add_concave(x, y, a, &points, LAYER, ALL, false),
            _ => &|w| w.add_chain(&points, false, LAYER, ALL, false),
        };
        fails(&mut w, FAILED, add, &message);
    }
    // The memory the entry builds its views from is the one these tests read.
    assert!(js_sys::Object::is(&wasm_memory(), &wasm_bindgen::memory()));
}
