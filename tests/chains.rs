//! Chains through the world: ghost-vertex smoothing as named tests (step contacts and
//! move-and-slide along 1,000 collinear segments and along a gently curving chain), the
//! one-sidedness of loops and the two-sidedness of open chains, a brute-force oracle over
//! every segment for pairs, rays and casts on seeded random scenes, and hostile input.
//!
//! y grows upwards in this file: a floor's upper side faces `(0, 1)`.

mod common;

use common::rng::Rng;
use common::{random_shape, Style};
use sepax::math::{Rot, Vec2};
use sepax::raycast::raycast;
use sepax::shape::chain::SMOOTH_TOLERANCE;
use sepax::shape::{Chain, ShapeError, Smoothed, MAX_CHAIN_POINTS};
use sepax::world::{MoveOptions, WorldError};
use sepax::{cast::cast_shape, collide, Contact, Shape, ShapeKind, ShapeOptions, Transform, World};

fn v(x: f32, y: f32) -> Vec2 {
    Vec2::new(x, y)
}

fn opts() -> ShapeOptions {
    ShapeOptions::default()
}

fn static_opts() -> ShapeOptions {
    ShapeOptions {
        is_static: true,
        ..ShapeOptions::default()
    }
}

/// The probes slid along the chains: boxes (flat and tilted) and capsules (lying, tilted,
/// standing), each with its angle.
fn probes() -> Vec<(&'static str, Shape, f32)> {
    vec![
        ("aligned box", Shape::aligned_box(0.5, 0.4).unwrap(), 0.0),
        ("box", Shape::oriented_box(0.5, 0.4).unwrap(), 0.0),
        (
            "box tilted 0.3",
            Shape::oriented_box(0.5, 0.4).unwrap(),
            0.3,
        ),
        (
            "box tilted -0.7",
            Shape::oriented_box(0.5, 0.4).unwrap(),
            -0.7,
        ),
        (
            "box on a corner",
            Shape::oriented_box(0.5, 0.5).unwrap(),
            0.785,
        ),
        ("capsule", Shape::capsule(0.5, 0.25).unwrap(), 0.0),
        (
            "capsule tilted 0.2",
            Shape::capsule(0.5, 0.25).unwrap(),
            0.2,
        ),
        (
            "capsule standing",
            Shape::capsule(0.5, 0.25).unwrap(),
            1.5707964,
        ),
    ]
}

/// The points `(i, 0)` for `i` in `0..=1000`: 1,000 collinear segments of length 1.
fn collinear_points() -> Vec<Vec2> {
    (0..=1000).map(|i| v(i as f32, 0.0)).collect()
}

/// A gently curving chain of 1,000 segments: `y = 8 sin(x / 40)`, `x` from 0 to 500
/// (adjacent segments turn by at most about 0.3°).
fn curve_points() -> Vec<Vec2> {
    (0..=1000)
        .map(|i| {
            let x = i as f32 * 0.5;
            v(x, 8.0 * (x / 40.0).sin())
        })
        .collect()
}

/// How far (radians) a normal may lean past the surface's normals: the smoothing rule's
/// own tolerance (a ghost normal leans far more: a quarter turn on a straight run).
const TOLERANCE: f32 = SMOOTH_TOLERANCE * 1.01;

/// The lowest point of `shape` at angle `angle` relative to its position.
fn lowest(shape: &Shape, angle: f32) -> f32 {
    shape.aabb(&Transform::from_xy_angle(0.0, 0.0, angle)).min.y
}

/// The angles of the face normals (upper side) of the segments of `points` whose x range
/// meets `[lo, hi]`.
fn normal_angles_between(points: &[Vec2], lo: f32, hi: f32) -> (f32, f32) {
    let mut range = (f32::MAX, f32::MIN);
    for w in points.windows(2) {
        if w[1].x < lo || w[0].x > hi {
            continue;
        }
        let d = w[1] - w[0];
        let n = v(-d.y, d.x); // the upper side of a segment running along +x
        let angle = n.y.atan2(n.x);
        range = (range.0.min(angle), range.1.max(angle));
    }
    range
}

#[test]
fn a_box_and_a_capsule_stepped_along_1000_collinear_segments_get_only_the_face_normal() {
    for (name, shape, angle) in probes() {
        for side in [1.0f32, -1.0] {
            let mut world = World::new();
            let chain = Chain::new(&collinear_points(), false).unwrap();
            let floor = world
                .add_chain(chain, 0.0, 0.0, 0.0, static_opts())
                .unwrap();
            // Sunk 0.05 into the floor, from above (side 1) or from below (side -1).
            let a = angle * side;
            let b = shape.aabb(&Transform::from_xy_angle(0.0, 0.0, a));
            let y = if side > 0.0 {
                -0.05 - b.min.y
            } else {
                0.05 - b.max.y
            };
            let id = world.add(shape.clone(), 1.0, y, a, opts()).unwrap();
            let mut x = 1.0f32;
            let mut steps = 0;
            while x < 999.0 {
                world.set_transform(id, x, y, a).unwrap();
                assert_eq!(world.step().unwrap(), 1, "{name} at x = {x} (side {side})");
                assert_eq!(world.pairs(), [floor, id]);
                let c = world.contacts();
                let (n, depth) = (v(c[0], c[1]), c[2]);
                assert!(
                    (n - v(0.0, side)).length() < 1e-4 && (depth - 0.05).abs() < 1e-3,
                    "{name} at x = {x} (side {side}): normal {n:?}, depth {depth}"
                );
                x += 0.0371;
                steps += 1;
            }
            assert!(steps > 26_000);
            world.validate().unwrap();
        }
    }
}

#[test]
fn a_box_and_a_capsule_moved_by_move_and_slide_along_1000_collinear_segments_never_catch() {
    for (name, shape, angle) in probes() {
        let mut world = World::new();
        let chain = Chain::new(&collinear_points(), false).unwrap();
        let floor = world
            .add_chain(chain, 0.0, 0.0, 0.0, static_opts())
            .unwrap();
        let y0 = 0.001 - lowest(&shape, angle);
        let id = world.add(shape.clone(), 0.7, y0, angle, opts()).unwrap();
        world.step().unwrap();
        let options = MoveOptions {
            up: v(0.0, 1.0),
            ..MoveOptions::default()
        };
        let mut moves = 0;
        loop {
            let (x, _, _) = world.transform(id).unwrap();
            if x > 998.0 {
                break;
            }
            // Along the floor and into it, as gravity would.
            let r = world.move_and_slide(id, v(0.31, -0.05), &options).unwrap();
            assert!(r.grounded, "{name} at x = {x}");
            assert!(
                (r.position.x - (x + 0.31)).abs() < 1e-3,
                "{name} caught at x = {x}: moved to {:?}",
                r.position
            );
            for contact in world.move_contacts().chunks_exact(3) {
                assert_eq!(contact[0], floor as f32);
                let n = v(contact[1], contact[2]);
                assert!(
                    (n - v(0.0, 1.0)).length() < 1e-5,
                    "{name} at x = {x}: normal {n:?}"
                );
            }
            world.step().unwrap();
            moves += 1;
        }
        assert!(moves > 3000, "{name}: {moves} moves");
    }
}

#[test]
fn a_box_and_a_capsule_along_a_gently_curving_chain_get_only_the_surface_normal() {
    let points = curve_points();
    for (name, shape, angle) in probes() {
        let mut world = World::new();
        let chain = Chain::new(&points, false).unwrap();
        world
            .add_chain(chain, 0.0, 0.0, 0.0, static_opts())
            .unwrap();
        let id = world.add(shape.clone(), 1.0, 0.0, angle, opts()).unwrap();
        let half_width = shape
            .aabb(&Transform::from_xy_angle(0.0, 0.0, angle))
            .extents()
            .x
            * 0.5;
        let (mut x, mut touching, mut frames) = (2.0f32, 0, 0);
        while x < 498.0 {
            // Its lowest point 0.05 below the curve's highest point under it (a tilted box's
            // lowest corner may be over a lower part of the curve: not every frame touches).
            let top = (0..=20)
                .map(|i| x - half_width + half_width * i as f32 / 10.0)
                .map(|x| 8.0 * (x / 40.0).sin())
                .fold(f32::MIN, f32::max);
            let y = top - lowest(&shape, angle) - 0.05;
            world.set_transform(id, x, y, angle).unwrap();
            x += 0.0713;
            frames += 1;
            if world.step().unwrap() == 0 {
                // Nothing reported: no segment overlaps it (smoothing never loses a contact).
                let pose = Transform::from_xy_angle(x - 0.0713, y, angle);
                for w in points.windows(2) {
                    let segment = Shape::segment(w[0], w[1]).unwrap();
                    let c = collide(&segment, &Transform::IDENTITY, &shape, &pose);
                    assert!(
                        c.map_or(true, |c| c.depth < 1e-4),
                        "{name} at x = {}: lost {c:?} on {w:?}",
                        x - 0.0713
                    );
                }
                continue;
            }
            touching += 1;
            let x = x - 0.0713;
            let c = world.contacts();
            let n = v(c[0], c[1]);
            let a = n.y.atan2(n.x);
            // Within the normals of the segments under the shape: never a side normal out of
            // a joint, never the far end of an internal edge.
            let (lo, hi) = normal_angles_between(&points, x - half_width, x + half_width);
            assert!(
                a >= lo - TOLERANCE && a <= hi + TOLERANCE,
                "{name} at x = {x}: normal {n:?} ({a} rad), surface {lo}..{hi}"
            );
        }
        assert!(touching * 5 > frames, "{name}: {touching} of {frames}");
        // Moved along it by move and slide: it never stops, and every plane is the surface's.
        let y = 8.0 * (1.0f32 / 40.0).sin() - lowest(&shape, angle) + 0.01;
        world.set_transform(id, 1.0, y, angle).unwrap();
        world.step().unwrap();
        let options = MoveOptions {
            up: v(0.0, 1.0),
            ..MoveOptions::default()
        };
        let mut moves = 0;
        loop {
            let (x, _, _) = world.transform(id).unwrap();
            if x > 495.0 {
                break;
            }
            let r = world.move_and_slide(id, v(0.31, -0.3), &options).unwrap();
            assert!(
                r.position.x - x > 0.15,
                "{name} caught at x = {x}: {:?}",
                r.position
            );
            let (lo, hi) =
                normal_angles_between(&points, x - half_width - 0.5, x + half_width + 0.5);
            for contact in world.move_contacts().chunks_exact(3) {
                let n = v(contact[1], contact[2]);
                let a = n.y.atan2(n.x);
                assert!(
                    a >= lo - TOLERANCE && a <= hi + TOLERANCE,
                    "{name} moved at x = {x}: normal {n:?} ({a} rad), surface {lo}..{hi}"
                );
            }
            world.step().unwrap();
            moves += 1;
        }
        assert!(moves > 1500, "{name}: {moves} moves");
    }
}

/// A square loop from `(0, 0)` to `(10, 10)`, counter-clockwise (y up) or clockwise.
fn square_loop(counter_clockwise: bool) -> Chain {
    let mut points = vec![v(0.0, 0.0), v(10.0, 0.0), v(10.0, 10.0), v(0.0, 10.0)];
    if !counter_clockwise {
        points.reverse();
    }
    Chain::new(&points, true).unwrap()
}

/// The pair of a world holding a chain (id 0) and one other shape (id 1), after a step.
fn only_pair(world: &mut World) -> Option<Contact> {
    match world.step().unwrap() {
        0 => None,
        1 => {
            assert_eq!(world.pairs(), [0, 1]);
            let c = world.contacts();
            Some(Contact {
                normal: v(c[0], c[1]),
                depth: c[2],
            })
        }
        n => panic!("{n} pairs"),
    }
}

#[test]
fn a_counter_clockwise_loop_is_solid_from_outside_and_open_from_inside() {
    let mut world = World::new();
    world
        .add_chain(square_loop(true), 0.0, 0.0, 0.0, static_opts())
        .unwrap();
    let probe = world
        .add(
            Shape::aligned_box(0.5, 0.5).unwrap(),
            5.0,
            -0.45,
            0.0,
            opts(),
        )
        .unwrap();
    // Outside, below the bottom face: the normal points out of the loop, towards the box.
    let c = only_pair(&mut world).unwrap();
    assert!((c.normal - v(0.0, -1.0)).length() < 1e-6 && (c.depth - 0.05).abs() < 1e-5);
    // Inside, pressed against the bottom face from above: nothing.
    world.set_transform(probe, 5.0, 0.45, 0.0).unwrap();
    assert!(only_pair(&mut world).is_none());
    // Inside, pressed into a corner: nothing.
    world.set_transform(probe, 0.45, 0.45, 0.0).unwrap();
    assert!(only_pair(&mut world).is_none());
    // Outside a corner, touching both faces' ends: the corner's normals.
    world.set_transform(probe, -0.45, -0.45, 0.0).unwrap();
    let c = only_pair(&mut world).unwrap();
    assert!(c.normal.x <= 1e-6 && c.normal.y <= 1e-6, "{c:?}");
    // Queries and rays agree: a probe inside touches nothing, a ray from inside passes.
    let mut ids = Vec::new();
    let inside = Shape::aligned_box(0.5, 0.5).unwrap();
    world
        .query_shape(&inside, 5.0, 0.45, 0.0, u32::MAX, &mut ids)
        .unwrap();
    assert_eq!(ids, []);
    world
        .query_shape(&inside, 5.0, -0.45, 0.0, u32::MAX, &mut ids)
        .unwrap();
    assert_eq!(ids, [0]);
    let from_inside = world
        .raycast(v(5.0, 5.0), v(0.0, -1.0), 100.0, u32::MAX)
        .unwrap();
    assert!(from_inside.is_none(), "{from_inside:?}");
    let hit = world
        .raycast(v(5.0, 20.0), v(0.0, -1.0), 100.0, u32::MAX)
        .unwrap()
        .unwrap();
    assert_eq!(hit.id, 0);
    assert!((hit.hit.distance - 10.0).abs() < 1e-5);
    assert_eq!(hit.hit.normal, v(0.0, 1.0));
}

#[test]
fn a_clockwise_loop_is_a_cave_solid_from_inside() {
    let mut world = World::new();
    world
        .add_chain(square_loop(false), 0.0, 0.0, 0.0, static_opts())
        .unwrap();
    let probe = world
        .add(Shape::circle(0.5).unwrap(), 5.0, 0.45, 0.0, opts())
        .unwrap();
    let c = only_pair(&mut world).unwrap();
    assert!((c.normal - v(0.0, 1.0)).length() < 1e-6 && (c.depth - 0.05).abs() < 1e-5);
    world.set_transform(probe, 5.0, -0.45, 0.0).unwrap();
    assert!(only_pair(&mut world).is_none());
    // A ball in an inner corner is pushed out of both walls, never along a diagonal ghost.
    world.set_transform(probe, 0.3, 0.3, 0.0).unwrap();
    let c = only_pair(&mut world).unwrap();
    assert!(
        (c.normal - v(0.0, 1.0)).length() < 1e-6 || (c.normal - v(1.0, 0.0)).length() < 1e-6,
        "{c:?}"
    );
    assert!((c.depth - 0.2).abs() < 1e-5);
}

#[test]
fn a_shape_crossing_into_a_loop_is_pushed_out_until_its_centre_is_inside() {
    let mut world = World::new();
    world
        .add_chain(square_loop(true), 0.0, 0.0, 0.0, static_opts())
        .unwrap();
    let probe = world
        .add(
            Shape::oriented_box(0.5, 0.5).unwrap(),
            5.0,
            -1.0,
            0.0,
            opts(),
        )
        .unwrap();
    let mut y = -1.0f32;
    while y < 1.0 {
        world.set_transform(probe, 5.0, y, 0.0).unwrap();
        let c = only_pair(&mut world);
        if y < -0.5 {
            assert!(c.is_none(), "apart at y = {y}");
        } else if y < -0.01 {
            // Entering from outside: pushed back out, as deep as its top is past the face.
            let c = c.unwrap_or_else(|| panic!("no pair at y = {y}"));
            assert!((c.normal - v(0.0, -1.0)).length() < 1e-6, "y = {y}: {c:?}");
            assert!((c.depth - (y + 0.5)).abs() < 1e-5, "y = {y}: {c:?}");
        } else if y > 0.01 {
            // More inside than out: the loop's back faces it, nothing.
            assert!(c.is_none(), "y = {y}: {c:?}");
        }
        y += 0.013;
    }
}

#[test]
fn a_capsule_across_a_segment_next_to_a_sharp_joint_is_found() {
    // A V of two segments meeting at (-3, -0.70) at 69°, and a thin capsule lying across
    // the first segment just short of the joint, on the side where the joint is concave.
    // Each segment alone sees a ghost normal (leaning into the joint), and the shape's
    // deepest point below the first segment's face lies past the joint, where the second
    // segment does not reach: smoothing dropped both, and the overlap went unreported.
    let points = [
        v(-5.0, 1.418_231_7),
        v(-3.0, -0.703_350_5),
        v(-1.0, 0.134_310_68),
        v(1.0, -0.850_867_6),
    ];
    let capsule = Shape::capsule(1.000_044_1, 0.209_906_01).unwrap();
    let (cx, cy, ca) = (5.287_393_6, -2.859_455_6, 0.277_136_2);
    let mut world = World::new();
    let chain = Chain::new(&points, false).unwrap();
    let floor = world
        .add_chain(chain, 6.117_409, -6.122_521_4, -1.328_124, static_opts())
        .unwrap();
    world.add(capsule.clone(), cx, cy, ca, opts()).unwrap();
    // The capsule's core crosses the first segment: they overlap by far more than rounding.
    let contact = only_pair(&mut world).expect("the step reports the pair");
    assert!(contact.depth > 0.1, "{contact:?}");
    let mut found = Vec::new();
    world
        .query_shape(&capsule, cx, cy, ca, u32::MAX, &mut found)
        .unwrap();
    assert!(found.contains(&floor), "{found:?}");
}

#[test]
fn an_open_chain_collides_on_both_sides() {
    let mut world = World::new();
    let zigzag = [v(0.0, 0.0), v(3.0, 1.0), v(6.0, 0.0), v(9.0, 1.0)];
    world
        .add_chain(Chain::new(&zigzag, false).unwrap(), 0.0, 0.0, 0.0, opts())
        .unwrap();
    let probe = world
        .add(Shape::circle(0.5).unwrap(), 4.5, 1.0, 0.0, opts())
        .unwrap();
    // Above the middle segment (from (3, 1) down to (6, 0)): its upper normal.
    let up = v(1.0, 3.0) * (1.0 / 10f32.sqrt());
    let on = v(4.5, 0.5);
    world
        .set_transform(probe, on.x + up.x * 0.4, on.y + up.y * 0.4, 0.0)
        .unwrap();
    let c = only_pair(&mut world).unwrap();
    assert!(
        (c.normal - up).length() < 1e-5 && (c.depth - 0.1).abs() < 1e-5,
        "{c:?}"
    );
    // Below it: the lower normal.
    world
        .set_transform(probe, on.x - up.x * 0.4, on.y - up.y * 0.4, 0.0)
        .unwrap();
    let c = only_pair(&mut world).unwrap();
    assert!(
        (c.normal + up).length() < 1e-5 && (c.depth - 0.1).abs() < 1e-5,
        "{c:?}"
    );
    // Rays hit either side.
    world.set_transform(probe, 50.0, 50.0, 0.0).unwrap();
    world.step().unwrap();
    let hit = world
        .raycast(v(4.5, -5.0), v(0.0, 1.0), 20.0, u32::MAX)
        .unwrap()
        .unwrap();
    assert_eq!(hit.id, 0);
    assert!((hit.hit.normal + up).length() < 1e-5);
    let hit = world
        .raycast(v(4.5, 5.0), v(0.0, -1.0), 20.0, u32::MAX)
        .unwrap()
        .unwrap();
    assert!((hit.hit.normal - up).length() < 1e-5);
}

#[test]
fn a_moving_chain_collides_where_its_transform_puts_it() {
    let mut world = World::new();
    let floor = Chain::new(&[v(-5.0, 0.0), v(0.0, 0.0), v(5.0, 0.0)], false).unwrap();
    let chain = world.add_chain(floor, 0.0, 0.0, 0.0, opts()).unwrap();
    let ball = world
        .add(Shape::circle(0.5).unwrap(), 100.0, 50.45, 0.0, opts())
        .unwrap();
    assert!(only_pair(&mut world).is_none());
    // Turned a quarter turn and moved beside the ball: its local +y now points along -x.
    world
        .set_transform(chain, 100.0, 50.0, core::f32::consts::FRAC_PI_2)
        .unwrap();
    world.set_transform(ball, 99.55, 50.0, 0.0).unwrap();
    let c = only_pair(&mut world).unwrap();
    assert_eq!(world.pairs(), [chain, ball]);
    assert!(
        (c.normal - v(-1.0, 0.0)).length() < 1e-5 && (c.depth - 0.05).abs() < 1e-4,
        "{c:?}"
    );
}

/// The furthest point of `shape` at `pose` along the unit `d`, by the definition of each
/// kind (independent of the library's own support functions).
fn support(shape: &Shape, pose: &Transform, d: Vec2) -> Vec2 {
    let pick = |points: &[Vec2]| {
        *points
            .iter()
            .max_by(|p, q| p.dot(d).total_cmp(&q.dot(d)))
            .unwrap()
    };
    match shape {
        Shape::Circle { radius } => pose.translation + d * *radius,
        Shape::AlignedBox { half_extents: h } => {
            pose.translation + v(h.x.copysign(d.x), h.y.copysign(d.y))
        }
        Shape::OrientedBox { half_extents: h } => {
            let corners = [v(h.x, h.y), v(-h.x, h.y), v(-h.x, -h.y), v(h.x, -h.y)];
            let world: Vec<Vec2> = corners.iter().map(|&c| pose.apply(c)).collect();
            pick(&world)
        }
        Shape::Polygon(p) => {
            let world: Vec<Vec2> = p.vertices().iter().map(|&c| pose.apply(c)).collect();
            pick(&world)
        }
        Shape::Capsule {
            half_length: h,
            radius,
            upright,
        } => {
            let end = if *upright { v(0.0, *h) } else { v(*h, 0.0) };
            let ends = [pose.apply(end), pose.apply(-end)];
            pick(&ends) + d * *radius
        }
        Shape::Segment { a, b } => pick(&[pose.apply(*a), pose.apply(*b)]),
        Shape::Point => pose.translation,
    }
}

/// What segment `k` of a chain reports of a shape (see [`segment_contact`]).
enum SegmentContact {
    /// A contact through the smoothing rule.
    Kept(Contact),
    /// The kernel's contact, which the rule dropped as a ghost: it counts only when no
    /// segment keeps one.
    Ghost(Contact),
    /// No contact, or one behind a loop's segment.
    Nothing,
}

/// The brute-force contact of segment `k` of `chain` (at `pose`) with `shape` (at
/// `shape_pose`), the normal from the chain to the shape: the kernel's contact through the
/// smoothing rule (a ghost falls back to the face, over the segment only; both faces of an
/// open chain, the shallower).
fn segment_contact(
    chain: &Chain,
    pose: &Transform,
    k: usize,
    shape: &Shape,
    shape_pose: &Transform,
) -> SegmentContact {
    let segment = &chain.segments()[k];
    let Some(raw) = collide(segment, pose, shape, shape_pose) else {
        return SegmentContact::Nothing;
    };
    let rot: Rot = pose.rotation;
    match chain.smooth(k, rot.apply_inv(raw.normal)) {
        Smoothed::Keep => SegmentContact::Kept(raw),
        Smoothed::Skip => SegmentContact::Nothing,
        Smoothed::Face(face) => {
            let Shape::Segment { a, b } = *segment else {
                unreachable!()
            };
            let (wa, wb) = (pose.apply(a), pose.apply(b));
            let face_of = |normal: Vec2| {
                let deepest = support(shape, shape_pose, -normal);
                let depth = (wa - deepest).dot(normal);
                let e = (wb - wa) * (1.0 / (wb - wa).length());
                let along = (deepest - wa).dot(e);
                let slack = 1e-4 * (1.0 + wa.x.abs() + wa.y.abs());
                let over = along >= -slack && along <= (wb - wa).length() + slack;
                (Contact { normal, depth }, over)
            };
            let normal = rot.apply(face);
            let front = face_of(normal);
            // Both faces of an open chain: the shallower, then only over the segment.
            let (c, over) = match chain.is_loop() {
                false if face_of(-normal).0.depth < front.0.depth => face_of(-normal),
                _ => front,
            };
            if over && c.depth >= 0.0 {
                SegmentContact::Kept(c)
            } else {
                SegmentContact::Ghost(raw)
            }
        }
    }
}

/// A random chain about `size` across: a random walk, open or closed into a
/// (star-shaped, so simple) loop of either winding.
fn random_chain(rng: &mut Rng, size: f64) -> Chain {
    if rng.chance(0.5) {
        let n = rng.int(3, 40) as usize;
        let mut points: Vec<Vec2> = (0..n)
            .map(|i| {
                let t = i as f64 / n as f64 * std::f64::consts::TAU;
                let r = size * rng.range(0.3, 0.6);
                v((r * t.cos()) as f32, (r * t.sin()) as f32)
            })
            .collect();
        if rng.chance(0.5) {
            points.reverse();
        }
        Chain::new(&points, true).unwrap()
    } else {
        let n = rng.int(2, 60) as usize;
        let mut p = rng.vec(size * 0.5);
        let mut heading = rng.range(0.0, std::f64::consts::TAU);
        let mut points = vec![p];
        for _ in 1..n {
            heading += rng.range(-0.8, 0.8);
            let step = size * rng.range(0.02, 0.15);
            p += v((step * heading.cos()) as f32, (step * heading.sin()) as f32);
            points.push(p);
        }
        Chain::new(&points, false).unwrap()
    }
}

#[test]
fn pairs_equal_a_brute_force_over_every_segment_on_random_scenes() {
    let mut rng = Rng::new(0x00c4_a1e5);
    let mut pairs_seen = 0;
    for scene in 0..60 {
        let mut world = World::new();
        let mut chains: Vec<(u32, Chain)> = Vec::new();
        let mut shapes: Vec<(u32, Shape)> = Vec::new();
        for _ in 0..rng.int(1, 4) {
            let chain = random_chain(&mut rng, 30.0);
            let at = rng.vec(15.0);
            let angle = rng.angle();
            let o = if rng.chance(0.5) {
                static_opts()
            } else {
                opts()
            };
            let id = world
                .add_chain(chain.clone(), at.x, at.y, angle, o)
                .unwrap();
            chains.push((id, chain));
        }
        for _ in 0..80 {
            let kind = ShapeKind::ALL[rng.int(0, 6) as usize];
            let shape = random_shape(&mut rng, kind, Style::Generic, 2.0);
            let at = rng.vec(25.0);
            let id = world
                .add(shape.clone(), at.x, at.y, rng.angle(), opts())
                .unwrap();
            shapes.push((id, shape));
        }
        for frame in 0..3 {
            if frame > 0 {
                for (id, _) in &shapes {
                    let at = rng.vec(25.0);
                    world.set_transform(*id, at.x, at.y, rng.angle()).unwrap();
                }
                for (id, _) in &chains {
                    if !world.is_static(*id).unwrap() {
                        let at = rng.vec(15.0);
                        world.set_transform(*id, at.x, at.y, rng.angle()).unwrap();
                    }
                }
            }
            world.step().unwrap();
            world.validate().unwrap();
            let pose = |id: u32| {
                let (x, y, a) = world.transform(id).unwrap();
                Transform::from_xy_angle(x, y, a)
            };
            // Reference: every chain against every shape, every segment, the deepest kept.
            let mut want: Vec<(u32, u32, Contact)> = Vec::new();
            for (cid, chain) in &chains {
                for (sid, shape) in &shapes {
                    // The deepest kept contact; with none, the deepest ghost (smoothing
                    // never hides an overlap).
                    let (mut best, mut ghost): (Option<Contact>, Option<Contact>) = (None, None);
                    for k in 0..chain.segments().len() {
                        let (slot, c) =
                            match segment_contact(chain, &pose(*cid), k, shape, &pose(*sid)) {
                                SegmentContact::Kept(c) => (&mut best, c),
                                SegmentContact::Ghost(c) => (&mut ghost, c),
                                SegmentContact::Nothing => continue,
                            };
                        if slot.map_or(true, |b| c.depth > b.depth) {
                            *slot = Some(c);
                        }
                    }
                    if let Some(c) = best.or(ghost) {
                        // As the world reports it: `a < b`, the normal from A to B.
                        let flipped = Contact {
                            normal: -c.normal,
                            depth: c.depth,
                        };
                        let c = if cid < sid { c } else { flipped };
                        want.push((*cid.min(sid), *cid.max(sid), c));
                    }
                }
            }
            want.sort_by_key(|p| (p.0, p.1));
            let got: Vec<(u32, u32, Contact)> = world
                .pairs()
                .chunks_exact(2)
                .zip(world.contacts().chunks_exact(3))
                .filter(|(p, _)| {
                    let is_chain = |id| chains.iter().any(|(c, _)| *c == id);
                    is_chain(p[0]) != is_chain(p[1])
                })
                .map(|(p, c)| {
                    (
                        p[0],
                        p[1],
                        Contact {
                            normal: v(c[0], c[1]),
                            depth: c[2],
                        },
                    )
                })
                .collect();
            let got_keys: Vec<(u32, u32)> = got.iter().map(|p| (p.0, p.1)).collect();
            let want_keys: Vec<(u32, u32)> = want.iter().map(|p| (p.0, p.1)).collect();
            assert_eq!(got_keys, want_keys, "scene {scene} frame {frame}");
            for (g, w) in got.iter().zip(&want) {
                let w_normal = w.2.normal;
                assert!(
                    (g.2.depth - w.2.depth).abs() <= 1e-4 * (1.0 + w.2.depth),
                    "scene {scene} frame {frame} pair {:?}: depth {} want {}",
                    (g.0, g.1),
                    g.2.depth,
                    w.2.depth
                );
                assert!(
                    (g.2.normal - w_normal).length() < 1e-3,
                    "scene {scene} frame {frame} pair {:?}: normal {:?} want {:?}",
                    (g.0, g.1),
                    g.2.normal,
                    w_normal
                );
                pairs_seen += 1;
            }
        }
    }
    assert!(pairs_seen > 200, "{pairs_seen} chain pairs checked");
}

#[test]
fn rays_and_casts_hit_the_chain_where_a_brute_force_over_the_segments_says() {
    let mut rng = Rng::new(0x5e9_ca57);
    let (mut hits, mut cast_hits) = (0, 0);
    for scene in 0..80 {
        let mut world = World::new();
        let chain = random_chain(&mut rng, 30.0);
        let at = rng.vec(5.0);
        let angle = rng.angle();
        let id = world
            .add_chain(chain.clone(), at.x, at.y, angle, opts())
            .unwrap();
        world.step().unwrap();
        let pose = Transform::from_xy_angle(at.x, at.y, angle);
        for ray in 0..20 {
            let origin = rng.vec(30.0);
            let heading = rng.range(0.0, std::f64::consts::TAU);
            let dir = v(heading.cos() as f32, heading.sin() as f32);
            // Reference: the closest hit over the segments a loop shows its front to.
            let mut want: Option<(f32, usize)> = None;
            for (k, segment) in chain.segments().iter().enumerate() {
                if let Some(hit) = raycast(segment, &pose, origin, dir, 60.0) {
                    let front = pose.rotation.apply(chain.face_normal(k));
                    if chain.is_loop() && hit.normal.dot(front) < 0.0 {
                        continue;
                    }
                    if want.map_or(true, |w| hit.distance < w.0) {
                        want = Some((hit.distance, k));
                    }
                }
            }
            let got = world.raycast(origin, dir, 60.0, u32::MAX).unwrap();
            match (got, want) {
                (None, None) => {}
                (Some(g), Some((d, _))) => {
                    assert_eq!(g.id, id);
                    assert!((g.hit.distance - d).abs() < 1e-4, "scene {scene} ray {ray}");
                    hits += 1;
                }
                (g, w) => panic!("scene {scene} ray {ray}: got {g:?}, want {w:?}"),
            }
            // A shape cast along the same line.
            let kind = ShapeKind::ALL[rng.int(0, 6) as usize];
            let probe = random_shape(&mut rng, kind, Style::Generic, 1.0);
            let probe_angle = rng.angle();
            let probe_pose = Transform::from_xy_angle(origin.x, origin.y, probe_angle);
            let delta = dir * 40.0;
            let mut want: Option<f32> = None;
            for (k, segment) in chain.segments().iter().enumerate() {
                if let Some(hit) = cast_shape(&probe, &probe_pose, delta, segment, &pose) {
                    let local = pose.rotation.apply_inv(hit.normal);
                    if chain.smooth(k, local) == Smoothed::Skip {
                        continue;
                    }
                    if want.map_or(true, |w| hit.t < w) {
                        want = Some(hit.t);
                    }
                }
            }
            let got = world
                .cast_shape(&probe, origin.x, origin.y, probe_angle, delta, u32::MAX)
                .unwrap();
            match (got, want) {
                (None, None) => {}
                (Some(g), Some(t)) => {
                    assert!(
                        (g.hit.t - t).abs() < 1e-5,
                        "scene {scene} cast {ray}: {} vs {t}",
                        g.hit.t
                    );
                    cast_hits += 1;
                }
                (g, w) => panic!("scene {scene} cast {ray}: got {g:?}, want {w:?}"),
            }
        }
    }
    assert!(
        hits > 200 && cast_hits > 200,
        "{hits} ray hits, {cast_hits} cast hits"
    );
}

#[test]
fn hostile_chains_are_clear_errors_and_change_nothing() {
    let mut world = World::new();
    world
        .add(Shape::circle(1.0).unwrap(), 0.0, 0.0, 0.0, opts())
        .unwrap();
    world
        .add(Shape::circle(1.0).unwrap(), 1.0, 0.0, 0.0, opts())
        .unwrap();
    world.step().unwrap();
    let before = (world.len(), world.pairs().to_vec());
    let cases: Vec<(Vec<Vec2>, bool, ShapeError)> = vec![
        (
            vec![v(0.0, 0.0), v(f32::NAN, 1.0)],
            false,
            ShapeError::NonFinitePoint { index: 1 },
        ),
        (
            vec![v(0.0, 0.0), v(1.0, f32::INFINITY), v(2.0, 0.0)],
            false,
            ShapeError::NonFinitePoint { index: 1 },
        ),
        (
            vec![v(0.0, 0.0)],
            false,
            ShapeError::TooFewChainPoints {
                count: 1,
                needed: 2,
            },
        ),
        (
            vec![],
            false,
            ShapeError::TooFewChainPoints {
                count: 0,
                needed: 2,
            },
        ),
        (
            vec![v(0.0, 0.0), v(1.0, 0.0)],
            true,
            ShapeError::TooFewChainPoints {
                count: 2,
                needed: 3,
            },
        ),
        (
            vec![v(3.0, 3.0), v(3.0, 3.0), v(3.0, 3.0)],
            false,
            ShapeError::TooFewChainPoints {
                count: 1,
                needed: 2,
            },
        ),
        (
            vec![v(0.0, 0.0), v(1.0, 0.0), v(0.0, 0.0)],
            true,
            ShapeError::TooFewChainPoints {
                count: 2,
                needed: 3,
            },
        ),
        (
            vec![v(0.0, 0.0); MAX_CHAIN_POINTS + 1],
            false,
            ShapeError::TooManyChainPoints {
                count: MAX_CHAIN_POINTS + 1,
            },
        ),
        (
            vec![v(0.0, 0.0), v(0.0, -2e7)],
            false,
            ShapeError::PointTooFar { index: 1 },
        ),
    ];
    for (points, is_loop, error) in cases {
        assert_eq!(
            Chain::new(&points, is_loop),
            Err(error.clone()),
            "{points:?}"
        );
        assert!(!error.to_string().is_empty());
    }
    // A good chain at a bad place is a world error, and nothing is added.
    let chain = Chain::new(&[v(0.0, 0.0), v(1.0, 0.0)], false).unwrap();
    assert!(matches!(
        world.add_chain(chain.clone(), f32::NAN, 0.0, 0.0, opts()),
        Err(WorldError::NonFinite { .. })
    ));
    assert!(matches!(
        world.add_chain(chain, 0.0, 0.0, f32::INFINITY, opts()),
        Err(WorldError::NonFinite { .. })
    ));
    world.step().unwrap();
    assert_eq!((world.len(), world.pairs().to_vec()), before);
    world.validate().unwrap();
    // 4,096 points are accepted.
    let long: Vec<Vec2> = (0..MAX_CHAIN_POINTS)
        .map(|i| v(i as f32, (i % 7) as f32))
        .collect();
    let id = world
        .add_chain(Chain::new(&long, false).unwrap(), 0.0, 0.0, 0.0, opts())
        .unwrap();
    assert_eq!(
        world.chain(id).unwrap().unwrap().segments().len(),
        MAX_CHAIN_POINTS - 1
    );
}

#[test]
fn zero_length_segments_are_merged_and_points_read_back() {
    let mut world = World::new();
    let points = [
        v(0.0, 0.0),
        v(1.0, 0.0),
        v(1.0, 0.0),
        v(2.0, 1.0),
        v(2.0, 1.0),
    ];
    let chain = Chain::new(&points, false).unwrap();
    assert_eq!(chain.points(), [v(0.0, 0.0), v(1.0, 0.0), v(2.0, 1.0)]);
    // A loop's repeated first point closes it and is merged too.
    let square = [v(0.0, 0.0), v(1.0, 0.0), v(1.0, 1.0), v(0.0, 0.0)];
    assert_eq!(Chain::new(&square, true).unwrap().segments().len(), 3);
    let id = world.add_chain(chain, 5.0, 5.0, 0.0, opts()).unwrap();
    let mut out = Vec::new();
    world.chain_points(id, &mut out).unwrap();
    assert_eq!(out, [0.0, 0.0, 1.0, 0.0, 2.0, 1.0]);
    world.parts(id, &mut out).unwrap();
    assert_eq!(out, [2.0, 2.0, 0.0, 0.0, 1.0, 0.0, 2.0, 1.0, 0.0, 2.0, 1.0]);
    let ball = world
        .add(Shape::circle(1.0).unwrap(), 0.0, 0.0, 0.0, opts())
        .unwrap();
    assert_eq!(
        world.chain_points(ball, &mut out),
        Err(WorldError::NotAChain { id: ball })
    );
    world.remove(id).unwrap();
    assert_eq!(
        world.chain(id),
        Err(WorldError::UnknownId { arg: "id", id })
    );
    world.validate().unwrap();
}

#[test]
fn contact_points_of_a_box_across_joints_lie_on_the_floor_and_in_the_box() {
    use sepax::WorldOptions;
    let mut world = World::with_options(WorldOptions {
        contact_points: true,
        ..WorldOptions::default()
    });
    let chain = Chain::new(&collinear_points(), false).unwrap();
    world
        .add_chain(chain, 0.0, 0.0, 0.0, static_opts())
        .unwrap();
    // Flat, sunk 0.1: its bottom face lies on the floor, across a joint at every x.
    let flat = world
        .add(
            Shape::oriented_box(0.5, 0.4).unwrap(),
            1.0,
            0.3,
            0.0,
            opts(),
        )
        .unwrap();
    let mut x = 1.0f32;
    while x < 100.0 {
        world.set_transform(flat, x, 0.3, 0.0).unwrap();
        assert_eq!(world.step().unwrap(), 1);
        let p = world.contact_points();
        let count = p[0] as usize;
        assert!(count >= 1, "x = {x}: {p:?}");
        for k in 0..count {
            let (px, py, depth) = (p[1 + 3 * k], p[2 + 3 * k], p[3 + 3 * k]);
            // Midway between the surfaces: 0.05 below y = 0 is where they meet.
            assert!((py + 0.05).abs() < 1e-4, "x = {x}: point {k} at y = {py}");
            assert!((depth - 0.1).abs() < 1e-4, "x = {x}: depth {depth}");
            assert!(
                (px - x).abs() <= 0.5 + 1e-4,
                "x = {x}: point {k} at x = {px}"
            );
        }
        x += 0.0913;
    }
}
