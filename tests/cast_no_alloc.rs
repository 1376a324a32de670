//! The shape cast and the mover's plane solver allocate nothing: every ordered pair of
//! kinds is cast (hits, misses, starts in contact, zero deltas) and the planes of the hits
//! are solved and clipped, all under the allocation counter.

// Host only: the counting allocator is a host dev-dependency.
#![cfg(not(target_arch = "wasm32"))]

use sepax::cast::{cast_shape, cast_skin, clip_vector, solve_planes, Plane, MAX_PLANES};
use sepax::{Shape, Transform, Vec2};

#[test]
fn casts_and_plane_solves_do_not_allocate() {
    // Shapes are built (a polygon allocates) before the measurement.
    let many: Vec<Vec2> = (0..64)
        .map(|k| {
            let a = k as f32 * core::f32::consts::TAU / 64.0;
            Vec2::new(a.cos(), 0.6 * a.sin())
        })
        .collect();
    let shapes = [
        Shape::circle(1.0).unwrap(),
        Shape::aligned_box(1.0, 0.75).unwrap(),
        Shape::oriented_box(1.0, 0.5).unwrap(),
        Shape::polygon(&[
            Vec2::new(-1.0, -0.8),
            Vec2::new(1.0, -0.6),
            Vec2::new(0.7, 0.9),
            Vec2::new(-0.6, 1.0),
        ])
        .unwrap(),
        Shape::polygon(&many).unwrap(),
        Shape::capsule(0.8, 0.4).unwrap(),
        Shape::segment(Vec2::new(-1.0, -0.3), Vec2::new(0.9, 0.6)).unwrap(),
        Shape::point(),
    ];
    let starts = [
        Transform::from_xy_angle(-6.0, 0.3, 0.4),
        Transform::from_xy_angle(0.5, 0.2, 1.1),
        Transform::from_xy_angle(-3.0, 5.0, -0.7),
    ];
    let deltas = [Vec2::new(12.0, 0.0), Vec2::ZERO, Vec2::new(3e7, -1e6)];
    let target_pose = Transform::from_xy_angle(0.0, 0.0, 0.25);
    let (mut hits, mut casts) = (0, 0);
    let info = allocation_counter::measure(|| {
        let mut planes = [Plane {
            normal: Vec2::Y,
            offset: 0.0,
        }; MAX_PLANES];
        let mut plane_count = 0;
        for moving in &shapes {
            for target in &shapes {
                for start in &starts {
                    for &delta in &deltas {
                        casts += 1;
                        let Some(hit) = cast_shape(moving, start, delta, target, &target_pose)
                        else {
                            continue;
                        };
                        hits += 1;
                        let skin = cast_skin(moving, start, delta, target, &target_pose);
                        let safe = hit.safe_fraction(delta, skin);
                        planes[plane_count % MAX_PLANES] =
                            Plane::from_separation(hit.normal, -safe, skin);
                        plane_count += 1;
                    }
                }
            }
        }
        let used = &planes[..plane_count.min(MAX_PLANES)];
        let solved = solve_planes(Vec2::new(1.0, -2.0), used, 20);
        let clipped = clip_vector(Vec2::new(1.0, -2.0), used);
        assert!(solved.delta.is_finite() && clipped.is_finite());
    });
    assert!(hits > casts / 4, "only {hits} hits of {casts}");
    assert_eq!(
        info.count_total, 0,
        "{} allocations ({} bytes) in {casts} casts",
        info.count_total, info.bytes_total
    );
}
