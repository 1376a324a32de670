//! The casts through the binding: `castShape`'s object, `sweep` and `raycastMany` read
//! through views of wasm memory (as the package's `castResults()` does) and equal to the
//! single calls, their raw variants, and their errors.

use super::*;

/// The cast results of the first `count` items: ids, t, normals, points.
fn cast_results(w: &WasmWorld, count: u32) -> (Vec<u32>, Vec<f32>, Vec<f32>, Vec<f32>) {
    let ptrs = w.cast_result_ptrs().to_vec();
    assert!(w.cast_results_length() >= count);
    (
        read_u32(ptrs[1], count),
        read_f32(ptrs[0], count),
        read_f32(ptrs[2], 2 * count),
        read_f32(ptrs[3], 2 * count),
    )
}

fn field(object: &JsValue, key: &str) -> f64 {
    Reflect::get(object, &JsValue::from_str(key))
        .unwrap()
        .as_f64()
        .unwrap()
}

fn circle_probe(radius: f64) -> JsValue {
    opts(&[("kind", JsValue::from_str("circle")), ("radius", n(radius))])
}

/// Walls of every kind in a row (static), and bullets (circles on layer 2, mask 1) to the
/// left of them.
fn range_scene() -> (WasmWorld, Vec<u32>, Vec<u32>) {
    let mut w = world();
    let mut walls = Vec::new();
    for k in 0..7 {
        let (id, _, _) = add_kind(&mut w, k, 20.0 + 3.0 * k as f32, 4.0 * k as f32 - 12.0, 0.3);
        walls.push(id);
    }
    let bullet = opts(&[("layer", n(2.0)), ("mask", n(1.0))]);
    let bullets = (0..28)
        .map(|k| {
            let y = k as f64 - 14.0;
            w.add_circle(n(0.0), n(y), n(0.25), bullet.clone()).unwrap()
        })
        .collect();
    w.step().unwrap();
    (w, walls, bullets)
}

#[wasm_bindgen_test]
fn cast_shape_returns_the_closest_hit_or_null() {
    let mut w = world();
    let wall = w
        .add_aligned_box(n(6.0), n(0.0), n(1.0), n(5.0), NONE)
        .unwrap();
    w.step().unwrap();
    let hit = w
        .cast_shape(
            circle_probe(0.5),
            n(0.0),
            n(0.0),
            n(0.0),
            n(10.0),
            n(0.0),
            NONE,
        )
        .unwrap();
    assert_eq!(field(&hit, "id") as u32, wall);
    assert_eq!(field(&hit, "t"), 0.45f32 as f64);
    assert_eq!((field(&hit, "x"), field(&hit, "y")), (5.0, 0.0));
    assert_eq!((field(&hit, "nx"), field(&hit, "ny")), (-1.0, 0.0));
    // Aimed above the wall, or filtered out by the mask: null.
    let miss = w.cast_shape(
        circle_probe(0.5),
        n(0.0),
        n(6.0),
        n(0.0),
        n(10.0),
        n(0.0),
        NONE,
    );
    assert!(miss.unwrap().is_null());
    let masked = w.cast_shape(
        circle_probe(0.5),
        n(0.0),
        n(0.0),
        n(0.0),
        n(10.0),
        n(0.0),
        n(2.0),
    );
    assert!(masked.unwrap().is_null());
}

#[wasm_bindgen_test]
fn sweep_equals_cast_shape_and_raycast_many_equals_raycast() {
    let (mut w, walls, bullets) = range_scene();
    let ids = Uint32Array::from(&bullets[..]);
    let motion: Vec<f32> = (0..bullets.len())
        .flat_map(|k| [40.0 + 10.0 * k as f32, (k % 5) as f32 - 2.0])
        .collect();
    let count = w
        .sweep(ids.into(), Float32Array::from(&motion[..]).into(), NONE)
        .unwrap();
    assert_eq!(count as usize, bullets.len());
    let (hit_ids, t, normals, points) = cast_results(&w, count);
    let mut hits = 0;
    for (k, &id) in bullets.iter().enumerate() {
        let (x, y) = (0.0, k as f64 - 14.0);
        let (dx, dy) = (motion[2 * k] as f64, motion[2 * k + 1] as f64);
        let single = w
            .cast_shape(circle_probe(0.25), n(x), n(y), n(0.0), n(dx), n(dy), n(1.0))
            .unwrap();
        if single.is_null() {
            assert_eq!((hit_ids[k], t[k]), (u32::MAX, 1.0), "bullet {id}");
            assert_eq!(
                (points[2 * k], points[2 * k + 1]),
                ((x + dx) as f32, (y + dy) as f32)
            );
        } else {
            hits += 1;
            assert!(walls.contains(&hit_ids[k]));
            assert_eq!(hit_ids[k], field(&single, "id") as u32, "bullet {id}");
            assert_eq!(t[k] as f64, field(&single, "t"));
            assert_eq!(normals[2 * k] as f64, field(&single, "nx"));
            assert_eq!(points[2 * k + 1] as f64, field(&single, "y"));
        }
    }
    assert!(hits >= 7, "only {hits} hits");

    let rays: Vec<f32> = (0..40)
        .flat_map(|k| [-5.0, k as f32 - 20.0, 1.0, 0.05 * (k % 7) as f32 - 0.15])
        .collect();
    let count = w
        .raycast_many(Float32Array::from(&rays[..]).into(), n(100.0), n(1.0))
        .unwrap();
    assert_eq!(count, 40);
    let (hit_ids, t, _, points) = cast_results(&w, count);
    let mut hits = 0;
    for (k, r) in rays.chunks_exact(4).enumerate() {
        let (x, y, dx, dy) = (r[0] as f64, r[1] as f64, r[2] as f64, r[3] as f64);
        let single = w
            .raycast(n(x), n(y), n(dx), n(dy), n(100.0), n(1.0))
            .unwrap();
        if single.is_null() {
            assert_eq!((hit_ids[k], t[k]), (u32::MAX, 100.0));
        } else {
            hits += 1;
            assert_eq!(hit_ids[k], field(&single, "id") as u32, "ray {k}");
            assert_eq!(t[k] as f64, field(&single, "distance"));
            assert_eq!(points[2 * k] as f64, field(&single, "x"));
        }
    }
    assert!(hits >= 7, "only {hits} ray hits");
}

#[wasm_bindgen_test]
fn cast_errors_are_type_or_range_errors_and_change_nothing() {
    let (mut w, _, bullets) = range_scene();
    let ids = || JsValue::from(Uint32Array::from(&bullets[..2]));
    let dxy = |v: &[f32]| JsValue::from(Float32Array::from(v));
    w.sweep(ids(), dxy(&[50.0, 0.0, 50.0, 0.0]), NONE).unwrap();
    let before = cast_results(&w, 2);
    let plain = Array::of2(&n(0.0), &n(1.0));
    assert_type_error(
        w.sweep(plain.clone().into(), dxy(&[1.0, 0.0]), NONE),
        "ids must be a Uint32Array",
    );
    assert_type_error(
        w.sweep(ids(), plain.clone().into(), NONE),
        "dxy must be a Float32Array",
    );
    assert_type_error(
        w.sweep(ids(), dxy(&[1.0, 0.0, 1.0, 0.0]), JsValue::from_str("1")),
        "mask",
    );
    assert_range_error(
        w.sweep(ids(), dxy(&[1.0, 0.0, 1.0]), NONE),
        "dxy must have length 4 (got 3)",
    );
    assert_range_error(
        w.sweep(ids(), dxy(&[1.0, 0.0, 1.0, f32::NAN]), NONE),
        "dxy[3]",
    );
    let unknown = JsValue::from(Uint32Array::from(&[bullets[0], 99_999][..]));
    assert_range_error(
        w.sweep(unknown, dxy(&[1.0, 0.0, 1.0, 0.0]), NONE),
        "ids: 99999",
    );
    assert_type_error(
        w.raycast_many(plain.into(), NONE, NONE),
        "rays must be a Float32Array",
    );
    assert_range_error(
        w.raycast_many(dxy(&[0.0; 5]), NONE, NONE),
        "rays must have length 8 (got 5)",
    );
    assert_range_error(
        w.raycast_many(dxy(&[0.0, 0.0, 0.0, 0.0]), NONE, NONE),
        "rays[2], rays[3] must not both be 0",
    );
    assert_range_error(
        w.raycast_many(dxy(&[0.0, 0.0, 1.0, 0.0]), n(-1.0), NONE),
        "maxDistance",
    );
    let probe = circle_probe(0.5);
    assert_range_error(
        w.cast_shape(
            probe.clone(),
            n(0.0),
            n(0.0),
            n(0.0),
            n(f64::NAN),
            n(0.0),
            NONE,
        ),
        "dx",
    );
    assert_type_error(
        w.cast_shape(probe.clone(), n(0.0), n(0.0), NONE, n(1.0), n(0.0), NONE),
        "angle",
    );
    assert_type_error(
        w.cast_shape(n(1.0), n(0.0), n(0.0), n(0.0), n(1.0), n(0.0), NONE),
        "shape",
    );
    // The raw variants keep the error for takeError() and answer 0xFFFFFFFF.
    assert_eq!(
        w.sweep_raw(&bullets[..1], &[f32::INFINITY, 0.0], NONE),
        u32::MAX
    );
    let error = w.take_error();
    assert!(
        String::from(error.dyn_ref::<RangeError>().unwrap().message()).starts_with("sweep: dxy[0]")
    );
    assert_eq!(w.raycast_many_raw(&[0.0, 0.0, 1.0], NONE, NONE), u32::MAX);
    let error = w.take_error();
    assert!(
        String::from(error.dyn_ref::<RangeError>().unwrap().message())
            .starts_with("raycastMany: rays")
    );
    assert_eq!(w.sweep_raw(&bullets[..1], &[1.0, 0.0], n(1.5)), u32::MAX);
    assert!(w.take_error().is_instance_of::<RangeError>());
    // Nothing was written by the failed calls.
    assert_eq!(cast_results(&w, 2), before);
    assert_eq!(w.sweep_raw(&bullets[..2], &[50.0, 0.0, 50.0, 0.0], NONE), 2);
    assert_eq!(cast_results(&w, 2), before);
}
