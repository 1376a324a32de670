//! The casts through the raw binding: `castShape`'s hit in `io`, `sweep` and `raycastMany`
//! read through views of the cast buffers (as the package's `sweepResults()` and
//! `rayResults()` do) and equal to the single calls, and their failures, which write no
//! result.

use super::*;

/// What the cast buffers hold for the first `count` items.
#[derive(Debug, PartialEq)]
struct CastResults {
    ids: Vec<u32>,
    /// `t` of a sweep, the distance of a ray.
    t: Vec<f32>,
    normals: Vec<f32>,
    points: Vec<f32>,
}

/// The cast buffers, read from the addresses `castResultPtrs` writes to `io[0..4]` (`t`,
/// `ids`, `normals`, `points`).
fn cast_results(w: &mut RawWorld, count: u32) -> CastResults {
    w.cast_result_ptrs();
    let at = io(w);
    assert!(w.cast_results_length() >= count);
    CastResults {
        t: read_f32(at[0] as u32, count),
        ids: read_u32(at[1] as u32, count),
        normals: read_f32(at[2] as u32, 2 * count),
        points: read_f32(at[3] as u32, 2 * count),
    }
}

/// A cast of a circle probe of `radius`: its `io` hit (`id, t, x, y, nx, ny`) or `None`.
fn cast_circle(
    w: &mut RawWorld,
    radius: f32,
    (x, y): (f32, f32),
    (dx, dy): (f32, f32),
    mask: u32,
) -> Option<Vec<f64>> {
    let kind = ShapeKind::Circle as u8;
    match w.cast_shape(kind, radius, 0.0, 0.0, 0.0, &[], x, y, 0.0, dx, dy, mask) {
        0 => None,
        1 => Some(io(w)[..6].to_vec()),
        other => panic!("castShape returned {other}: {}", w.take_error()),
    }
}

/// Walls of every kind in a row, and bullets (circles on layer 2, mask 1) to the left of
/// them.
fn range_scene() -> (RawWorld, Vec<u32>, Vec<u32>) {
    let mut w = world();
    let mut walls = Vec::new();
    for k in 0..7 {
        let (id, _, _) = add_kind(&mut w, k, 20.0 + 3.0 * k as f32, 4.0 * k as f32 - 12.0, 0.3);
        walls.push(id);
    }
    let circle = ShapeKind::Circle as u8;
    let bullets = (0..28)
        .map(|k| {
            w.add_shape(
                circle,
                0.0,
                k as f32 - 14.0,
                0.0,
                0.25,
                0.0,
                0.0,
                2,
                1,
                false,
            )
        })
        .collect();
    w.step();
    (w, walls, bullets)
}

#[wasm_bindgen_test]
fn cast_shape_writes_the_closest_hit_or_returns_0() {
    let mut w = world();
    let wall = add(&mut w, ShapeKind::AlignedBox, 6.0, 0.0, 0.0, 1.0, 5.0);
    w.step();
    let hit = cast_circle(&mut w, 0.5, (0.0, 0.0), (10.0, 0.0), ALL).expect("a hit");
    assert_eq!(hit[0] as u32, wall);
    assert_eq!(hit[1], f64::from(0.45f32));
    assert_eq!(hit[2..], [5.0, 0.0, -1.0, 0.0]);
    // Aimed above the wall, or filtered out by the mask: 0.
    assert_eq!(cast_circle(&mut w, 0.5, (0.0, 6.0), (10.0, 0.0), ALL), None);
    assert_eq!(cast_circle(&mut w, 0.5, (0.0, 0.0), (10.0, 0.0), 2), None);
    // A polygon probe (a unit square) reaches the wall when its edge does.
    let square = [-0.5, -0.5, 0.5, -0.5, 0.5, 0.5, -0.5, 0.5];
    let kind = ShapeKind::Polygon as u8;
    assert_eq!(
        w.cast_shape(kind, 0.0, 0.0, 0.0, 0.0, &square, 0.0, 0.0, 0.0, 10.0, 0.0, ALL),
        1
    );
    assert_eq!(io(&w)[..2], [f64::from(wall), f64::from(0.45f32)]);
}

#[wasm_bindgen_test]
fn sweep_equals_cast_shape_and_raycast_many_equals_raycast() {
    let (mut w, walls, bullets) = range_scene();
    let motion: Vec<f32> = (0..bullets.len())
        .flat_map(|k| [40.0 + 10.0 * k as f32, (k % 5) as f32 - 2.0])
        .collect();
    let count = w.sweep(&bullets, &motion, ALL);
    assert_eq!(count as usize, bullets.len());
    let swept = cast_results(&mut w, count);
    let mut hits = 0;
    for (k, &id) in bullets.iter().enumerate() {
        let (x, y) = (0.0, k as f32 - 14.0);
        let (dx, dy) = (motion[2 * k], motion[2 * k + 1]);
        match cast_circle(&mut w, 0.25, (x, y), (dx, dy), 1) {
            None => {
                assert_eq!((swept.ids[k], swept.t[k]), (u32::MAX, 1.0), "bullet {id}");
                assert_eq!(swept.normals[2 * k..2 * k + 2], [0.0, 0.0]);
                assert_eq!(swept.points[2 * k..2 * k + 2], [x + dx, y + dy]);
            }
            Some(single) => {
                hits += 1;
                assert!(walls.contains(&swept.ids[k]));
                let got = [
                    f64::from(swept.ids[k]),
                    f64::from(swept.t[k]),
                    f64::from(swept.points[2 * k]),
                    f64::from(swept.points[2 * k + 1]),
                    f64::from(swept.normals[2 * k]),
                    f64::from(swept.normals[2 * k + 1]),
                ];
                assert_eq!(got[..], single[..], "bullet {id}");
            }
        }
    }
    assert!(hits >= 7, "only {hits} hits");

    let rays: Vec<f32> = (0..40)
        .flat_map(|k| [-5.0, k as f32 - 20.0, 1.0, 0.05 * (k % 7) as f32 - 0.15])
        .collect();
    let count = w.raycast_many(&rays, 100.0, 1);
    assert_eq!(count, 40);
    let cast = cast_results(&mut w, count);
    let mut hits = 0;
    for (k, r) in rays.chunks_exact(4).enumerate() {
        match w.raycast(r[0], r[1], r[2], r[3], 100.0, 1) {
            0 => assert_eq!((cast.ids[k], cast.t[k]), (u32::MAX, 100.0), "ray {k}"),
            1 => {
                hits += 1;
                let single = io(&w);
                let got = [
                    f64::from(cast.ids[k]),
                    f64::from(cast.t[k]),
                    f64::from(cast.points[2 * k]),
                    f64::from(cast.points[2 * k + 1]),
                    f64::from(cast.normals[2 * k]),
                    f64::from(cast.normals[2 * k + 1]),
                ];
                assert_eq!(got[..], single[..6], "ray {k}");
            }
            other => panic!("raycast returned {other}: {}", w.take_error()),
        }
    }
    assert!(hits >= 7, "only {hits} ray hits");
}

#[wasm_bindgen_test]
fn cast_buffers_grow_with_a_new_version_and_keep_it_otherwise() {
    let (mut w, _, bullets) = range_scene();
    assert_eq!(w.sweep(&bullets[..2], &[50.0, 0.0, 50.0, 0.0], ALL), 2);
    let version = w.cast_results_version();
    assert_eq!(w.sweep(&bullets[..1], &[50.0, 0.0], ALL), 1);
    assert_eq!(w.raycast_many(&[0.0, 0.0, 1.0, 0.0], 10.0, ALL), 1);
    assert_eq!(
        w.cast_results_version(),
        version,
        "the buffers did not grow"
    );
    let rays: Vec<f32> = (0..5000).flat_map(|k| [0.0, k as f32, 1.0, 0.0]).collect();
    assert_eq!(w.raycast_many(&rays, 10.0, ALL), 5000);
    assert_ne!(w.cast_results_version(), version, "the buffers grew");
    assert!(w.cast_results_length() >= 5000);
    // Read through views built after the growth: the last ray (y = 4999) hits nothing.
    let cast = cast_results(&mut w, 5000);
    assert_eq!((cast.ids[4999], cast.t[4999]), (u32::MAX, 10.0));
    assert_eq!(cast.points[2 * 4999..], [10.0, 4999.0]);
}

#[wasm_bindgen_test]
fn failed_casts_name_the_argument_and_write_no_result() {
    let (mut w, _, bullets) = range_scene();
    assert_eq!(w.sweep(&bullets[..2], &[50.0, 0.0, 50.0, 0.0], ALL), 2);
    let before = cast_results(&mut w, 2);
    let two = &bullets[..2];
    fails(
        &mut w,
        FAILED,
        |w| w.sweep(two, &[1.0, 0.0, 1.0], ALL),
        "dxy must have length 4 (got 3)",
    );
    fails(
        &mut w,
        FAILED,
        |w| w.sweep(two, &[1.0, 0.0, 1.0, f32::NAN], ALL),
        "dxy[3] must be a finite number",
    );
    fails(
        &mut w,
        FAILED,
        |w| w.sweep(&[bullets[0], 99_999], &[1.0, 0.0, 1.0, 0.0], ALL),
        "ids: 99999 is not the id of a live shape",
    );
    fails(
        &mut w,
        FAILED,
        |w| w.raycast_many(&[0.0; 5], 10.0, ALL),
        "rays must have length 8 (got 5)",
    );
    fails(
        &mut w,
        FAILED,
        |w| w.raycast_many(&[0.0, 0.0, 1.0, 0.0, 0.0, 0.0, 0.0, 0.0], 10.0, ALL),
        "rays[6], rays[7] must not both be 0",
    );
    fails(
        &mut w,
        FAILED,
        |w| w.raycast_many(&[0.0, 2e7, 1.0, 0.0], 10.0, ALL),
        "rays[1] must be between -1e7 and 1e7 (got 2e7)",
    );
    fails(
        &mut w,
        FAILED,
        |w| w.raycast_many(&[0.0, 0.0, 1.0, 0.0], f32::NAN, ALL),
        "maxDistance must be >= 0 (got NaN)",
    );
    let circle = ShapeKind::Circle as u8;
    let none: &[f32] = &[];
    fails(
        &mut w,
        FAILED,
        |w| {
            w.cast_shape(
                circle,
                0.5,
                0.0,
                0.0,
                0.0,
                none,
                0.0,
                0.0,
                0.0,
                f32::NAN,
                0.0,
                ALL,
            )
        },
        "dx must be a finite number",
    );
    fails(
        &mut w,
        FAILED,
        |w| {
            w.cast_shape(
                circle,
                0.5,
                0.0,
                0.0,
                0.0,
                none,
                0.0,
                0.0,
                f32::NAN,
                1.0,
                0.0,
                ALL,
            )
        },
        "angle must be a finite number",
    );
    let capsule = ShapeKind::Capsule as u8;
    fails(
        &mut w,
        FAILED,
        |w| {
            w.cast_shape(
                capsule, 1.0, 0.0, 0.0, 0.0, none, 0.0, 0.0, 0.0, 1.0, 0.0, ALL,
            )
        },
        "shape.radius must be greater than 0 (got 0)",
    );
    let polygon = ShapeKind::Polygon as u8;
    fails(
        &mut w,
        FAILED,
        |w| {
            w.cast_shape(
                polygon,
                0.0,
                0.0,
                0.0,
                0.0,
                &[0.0, 0.0],
                0.0,
                0.0,
                0.0,
                1.0,
                0.0,
                ALL,
            )
        },
        "shape.points: a polygon needs at least 3 points (got 1)",
    );
    // Nothing was written by the failed calls.
    assert_eq!(cast_results(&mut w, 2), before);
    assert_eq!(w.sweep(two, &[50.0, 0.0, 50.0, 0.0], ALL), 2);
    assert_eq!(cast_results(&mut w, 2), before);
}
