//! Concave polygons through the raw binding: `addConcave` gives one id whose pairs come from
//! its parts (equal to the native world's), `parts` writes them to the floats, and bad
//! outlines (self-intersecting, zero area, NaN, too far, too many points) fail with the core's
//! message naming the vertex and change nothing.

use super::*;
use sepax::{ConcavePolygon, ShapeOptions, World};

/// A U (the notch 2 wide and 3 deep opens towards −y) as `x, y` pairs.
const CUP: [f32; 16] = [
    0.0, 0.0, 1.0, 0.0, 1.0, 3.0, 3.0, 3.0, 3.0, 0.0, 4.0, 0.0, 4.0, 4.0, 0.0, 4.0,
];

#[wasm_bindgen_test]
fn concave_pairs_equal_the_native_world_and_parts_are_returned() {
    let mut w = world();
    let mut native = World::new();
    let o = ShapeOptions::default();
    let local: Vec<Vec2> = CUP.chunks(2).map(|p| Vec2::new(p[0], p[1])).collect();
    let cup = w.add_concave(0.0, 0.0, 0.3, &CUP, LAYER, ALL, false);
    let concave = ConcavePolygon::new(&local).unwrap();
    assert_eq!(native.add_concave(concave, 0.0, 0.0, 0.3, o), Ok(cup));
    // Circles scattered over and around the cup, notch included.
    let mut rng = Mulberry32::new(5);
    for _ in 0..200 {
        let (x, y, r) = (
            rng.range(-2.0, 6.0),
            rng.range(-2.0, 6.0),
            rng.range(0.1, 0.5),
        );
        add_circle(&mut w, x, y, r);
        native.add(Shape::circle(r).unwrap(), x, y, 0.0, o).unwrap();
    }
    let count = w.step();
    assert_eq!(count as usize, native.step().unwrap());
    let got_pairs = pairs(&w);
    assert_eq!(got_pairs, native.pairs());
    assert_eq!(contacts(&w), native.contacts());
    assert!(count > 20, "{count} pairs");
    // Some circles lie inside the cup's hull but in its notch, untouched.
    let hull = native.shape(cup).unwrap();
    let mut hull_hits = 0;
    for id in 1..=200u32 {
        let (shape, (x, y, _)) = (native.shape(id).unwrap(), native.transform(id).unwrap());
        let touches_hull = collide(
            hull,
            &Transform::from_xy_angle(0.0, 0.0, 0.3),
            shape,
            &Transform::from_xy_angle(x, y, 0.0),
        )
        .is_some();
        hull_hits += usize::from(touches_hull);
    }
    let cup_pairs = got_pairs.chunks(2).filter(|p| p[0] == cup).count();
    assert!(cup_pairs > 10, "{cup_pairs} pairs with the cup");
    assert!(hull_hits > cup_pairs, "the notch holds no circle");
    let n = w.parts(cup);
    let parts = floats(&w, n);
    let mut want = Vec::new();
    native.parts(cup, &mut want).unwrap();
    assert_eq!(parts, want);
    let part_count = parts[0];
    assert!((2.0..=3.0).contains(&part_count), "{part_count} parts");
    // Its record is the outline as given (kind 7, no sizes).
    assert_eq!(w.shape_record(cup), CUP.len() as u32);
    assert_eq!(floats(&w, CUP.len() as u32), CUP);
    assert_eq!(
        io(&w)[..8],
        [7.0, 0.0, 0.0, f64::from(0.3f32), 0.0, 0.0, 0.0, 0.0]
    );
}

#[wasm_bindgen_test]
fn bad_outlines_fail_naming_the_vertex_and_change_nothing() {
    let mut w = world();
    let a = add_circle(&mut w, 0.0, 0.0, 1.0);
    let b = add_circle(&mut w, 1.0, 0.0, 1.0);
    w.step();
    let bow_tie = [0.0, 0.0, 1.0, 1.0, 2.0, 1.0, 2.0, 0.0, 1.0, 1.0, 0.0, 2.0];
    // A spike folding back onto its own edge at vertex 4: named at vertex 3.
    let spike = [
        0.0, 0.0, 4.0, 0.0, 4.0, 4.0, 2.0, 4.0, 2.0, 6.0, 2.0, 5.0, 0.0, 4.0,
    ];
    let flat = [0.0, 0.0, 1.0, 1.0, 2.0, 2.0, 3.0, 3.0];
    let nan = [0.0, 0.0, 1.0, 0.0, f32::NAN, 1.0];
    let far = [0.0, 0.0, -3e7, 1.0, 0.0, 1.0];
    let many = [0.0; 2 * 1025];
    for (points, message) in [
        (
            &bow_tie[..],
            "points: the outline crosses itself at the edge from vertex 0",
        ),
        (
            &spike[..],
            "points: the outline crosses itself at the edge from vertex 3",
        ),
        (
            &flat[..],
            "points: the polygon has zero area (all points coincide or are collinear)",
        ),
        (&nan[..], "points: vertex 2 is not a finite number"),
        (
            &far[..],
            "points: vertex 1 is further than 1e7 from the origin",
        ),
        (
            &many[..],
            "points: a concave polygon has at most 1024 points (got 1025)",
        ),
    ] {
        fails(
            &mut w,
            FAILED,
            |w| w.add_concave(0.0, 0.0, 0.0, points, LAYER, ALL, false),
            message,
        );
    }
    for (x, angle, message) in [
        (f32::NAN, 0.0, "x must be a finite number"),
        (0.0, f32::INFINITY, "angle must be a finite number"),
    ] {
        fails(
            &mut w,
            FAILED,
            |w| w.add_concave(x, 0.0, angle, &CUP, LAYER, ALL, false),
            message,
        );
    }
    fails(
        &mut w,
        FAILED,
        |w| w.parts(7),
        "id: 7 is not the id of a live shape",
    );
    // Nothing changed.
    assert_eq!(w.size(), 2);
    assert_eq!(w.step(), 1);
    assert_eq!(pairs(&w), [a, b]);
}
