//! Contact points through the raw binding: a world made with `RawWorld::new(true, u32::MAX)` fills
//! result buffer 4 (`7 × pairCount` floats, what the package's `contactPoints()` view reads),
//! equal to the core's `manifold` for every pair; one made with `false` leaves it empty and
//! reports the same pairs.

use super::*;
use sepax::narrow_phase::manifold;
use sepax::Contact;

fn contact_points(w: &RawWorld) -> Vec<f32> {
    read_f32(w.result_ptr(CONTACT_POINTS), 7 * w.pair_count())
}

#[wasm_bindgen_test]
fn contact_points_follow_the_pairs_and_equal_the_core() {
    let (mut on, mut off) = (
        RawWorld::new(true, u32::MAX),
        RawWorld::new(false, u32::MAX),
    );
    let mut rng = Mulberry32::new(0xC0A7);
    let mut shapes = Vec::new();
    for kind in 0..70 {
        let (x, y, a) = (
            rng.range(0.0, 12.0),
            rng.range(0.0, 12.0),
            rng.range(-3.0, 3.0),
        );
        shapes.push(add_kind(&mut on, kind, x, y, a));
        add_kind(&mut off, kind, x, y, a);
    }
    assert_eq!(on.step(), off.step());
    assert_eq!(pairs(&on), pairs(&off));
    assert_eq!(contacts(&on), contacts(&off));
    assert_eq!(off.result_capacity(CONTACT_POINTS), 0);
    assert!(on.result_capacity(CONTACT_POINTS) >= 7 * on.pair_count());
    let got = contact_points(&on);
    let contact_list = contacts(&on);
    assert!(on.pair_count() > 20, "the scene must be crowded");
    for (k, pair) in pairs(&on).chunks_exact(2).enumerate() {
        let find = |id: u32| shapes.iter().find(|s| s.0 == id).unwrap();
        let ((_, sa, ta), (_, sb, tb)) = (find(pair[0]), find(pair[1]));
        let c = &contact_list[3 * k..3 * k + 3];
        let contact = Contact {
            normal: Vec2::new(c[0], c[1]),
            depth: c[2],
        };
        let want = manifold(sa, ta, sb, tb, &contact).to_array();
        assert_eq!(&got[7 * k..7 * k + 7], &want[..], "pair {pair:?}");
    }
}

#[wasm_bindgen_test]
fn face_to_face_boxes_give_two_points_through_the_binding() {
    let mut w = RawWorld::new(true, u32::MAX);
    add(&mut w, ShapeKind::AlignedBox, 0.0, 0.0, 0.0, 5.0, 1.0);
    add(&mut w, ShapeKind::OrientedBox, 0.0, 1.9, 0.0, 1.0, 1.0);
    assert_eq!(w.step(), 1);
    let p = contact_points(&w);
    assert_eq!(p[0], 2.0);
    let mut xs = [p[1], p[4]];
    xs.sort_by(f32::total_cmp);
    assert!(
        (xs[0] + 1.0).abs() < 1e-5 && (xs[1] - 1.0).abs() < 1e-5,
        "{p:?}"
    );
    for (y, d) in [(p[2], p[3]), (p[5], p[6])] {
        assert!((y - 0.95).abs() < 1e-5 && (d - 0.1).abs() < 1e-5, "{p:?}");
    }
}
