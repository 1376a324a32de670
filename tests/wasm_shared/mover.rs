//! `moveAndSlide` through the raw binding: its options read from `io[MOVE_OPTIONS..]` (the
//! defaults written there by `moveOptionDefaults`, kept there by every other call), its result
//! in `io[0..3]` and its contacts at the address in `io[3]`, equal to the native world's move;
//! and its failures, which name the argument or option and move nothing.

use super::*;
use sepax::wasm::MOVE_OPTIONS;
use sepax::world::MoveOptions;
use sepax::{ShapeOptions, World};

/// What a move returned: its contact count, `x, y, grounded` and the contacts (`id, nx, ny`).
type Moved = (u32, [f64; 3], Vec<f32>);

fn move_by(w: &mut RawWorld, id: u32, dx: f32, dy: f32) -> Moved {
    let count = w.move_and_slide(id, dx, dy);
    assert_ne!(count, FAILED, "{}", w.take_error());
    let out = io(w);
    let contacts = read_f32(out[3] as u32, 3 * count);
    (count, [out[0], out[1], out[2]], contacts)
}

/// The options' slots as numbers, in the binding's order.
fn options_slots(o: &MoveOptions) -> [f64; 5] {
    [
        f64::from(o.max_iterations),
        f64::from(o.up.x),
        f64::from(o.up.y),
        f64::from(o.max_slope),
        f64::from(o.skin),
    ]
}

#[wasm_bindgen_test]
fn move_and_slide_lands_on_a_floor_and_equals_the_native_move() {
    let (mut w, mut native) = (world(), World::new());
    let fixed = ShapeOptions {
        is_static: true,
        ..ShapeOptions::default()
    };
    let floor = w.add_shape(
        ShapeKind::AlignedBox as u8,
        0.0,
        1.0,
        0.0,
        50.0,
        1.0,
        0.0,
        LAYER,
        ALL,
        true,
    );
    let id = add(&mut w, ShapeKind::AlignedBox, 0.0, -3.0, 0.0, 0.5, 1.0);
    native
        .add(Shape::aligned_box(50.0, 1.0).unwrap(), 0.0, 1.0, 0.0, fixed)
        .unwrap();
    let body = Shape::aligned_box(0.5, 1.0).unwrap();
    native
        .add(body, 0.0, -3.0, 0.0, ShapeOptions::default())
        .unwrap();
    w.step();
    native.step().unwrap();

    w.move_option_defaults();
    let defaults = MoveOptions::default();
    assert_eq!(
        io(&w)[MOVE_OPTIONS..MOVE_OPTIONS + 5],
        options_slots(&defaults)
    );
    let (count, [x, y, grounded], contacts) = move_by(&mut w, id, 2.0, 5.0);
    assert!((x - 2.0).abs() < 1e-5, "{x}");
    assert!((y + 1.01).abs() < 1e-4, "{y}");
    assert_eq!((count, grounded), (1, 1.0));
    assert_eq!(contacts, [floor as f32, 0.0, -1.0]);
    let want = native
        .move_and_slide(id, Vec2::new(2.0, 5.0), &defaults)
        .unwrap();
    assert_eq!([x as f32, y as f32], [want.position.x, want.position.y]);
    assert_eq!(contacts, native.move_contacts()[..3]);
    // Written like setTransform.
    assert!(w.transform(id));
    assert_eq!(io(&w)[..3], [x, y, 0.0]);

    // y-up: the floor is a ceiling, not ground. The options stay in their slots while other
    // calls write their results to io.
    let y_up = MoveOptions {
        up: Vec2::new(0.0, 1.0),
        ..defaults
    };
    write_io(&w, MOVE_OPTIONS, &options_slots(&y_up));
    w.step();
    assert_eq!(w.raycast(0.0, -10.0, 0.0, 1.0, 100.0, ALL), 1);
    assert_eq!(w.shape_record(floor), 0);
    w.transform_ptrs();
    w.cast_result_ptrs();
    w.snapshot();
    w.step_profiled();
    let (count, [_, _, grounded], _) = move_by(&mut w, id, 0.0, 0.5);
    assert_eq!((count, grounded), (1, 0.0));
    // And the defaults come back when written again.
    w.move_option_defaults();
    let (_, [_, _, grounded], _) = move_by(&mut w, id, 0.0, 0.5);
    assert_eq!(grounded, 1.0);
}

#[wasm_bindgen_test]
fn move_failures_name_the_argument_and_move_nothing() {
    let mut w = world();
    w.add_shape(
        ShapeKind::AlignedBox as u8,
        0.0,
        1.0,
        0.0,
        50.0,
        1.0,
        0.0,
        LAYER,
        ALL,
        true,
    );
    let id = add_circle(&mut w, 0.0, -3.0, 0.5);
    w.step();
    w.move_option_defaults();
    let moving = |dx: f32, dy: f32| move |w: &mut RawWorld| w.move_and_slide(id, dx, dy);
    fails(
        &mut w,
        FAILED,
        |w| w.move_and_slide(99, 0.0, 0.0),
        "id: 99 is not the id of a live shape",
    );
    fails(
        &mut w,
        FAILED,
        moving(f32::NAN, 0.0),
        "dx must be a finite number",
    );
    fails(
        &mut w,
        FAILED,
        moving(0.0, f32::INFINITY),
        "dy must be a finite number",
    );
    fails(
        &mut w,
        FAILED,
        moving(3e7, 0.0),
        "x + dx must be between -1e7 and 1e7 (got 3e7)",
    );
    // Each option out of its range, written to its slot: the core's message for it.
    let defaults = MoveOptions::default();
    let bad = [
        MoveOptions {
            max_iterations: 0,
            ..defaults
        },
        MoveOptions {
            max_iterations: 17,
            ..defaults
        },
        MoveOptions {
            up: Vec2::ZERO,
            ..defaults
        },
        MoveOptions {
            up: Vec2::new(f32::NAN, 1.0),
            ..defaults
        },
        MoveOptions {
            max_slope: -1.0,
            ..defaults
        },
        MoveOptions {
            max_slope: f32::NAN,
            ..defaults
        },
        MoveOptions {
            skin: -0.1,
            ..defaults
        },
    ];
    let messages: Vec<String> = bad
        .iter()
        .map(|options| options.validate().unwrap_err().to_string())
        .collect();
    assert_eq!(
        messages[0],
        "opts.maxIterations must be an integer from 1 to 16 (got 0)"
    );
    for (options, message) in bad.iter().zip(&messages) {
        assert!(message.starts_with("opts."), "{message}");
        write_io(&w, MOVE_OPTIONS, &options_slots(options));
        fails(&mut w, FAILED, moving(0.0, 1.0), message);
    }
    // Still usable: a good move works.
    w.move_option_defaults();
    let (count, [x, y, grounded], _) = move_by(&mut w, id, 0.0, 5.0);
    assert_eq!((count, x, grounded), (1, 0.0, 1.0));
    assert!((y + 0.51).abs() < 1e-4, "{y}");
}
