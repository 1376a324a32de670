//! Precision far from the origin, through the `World`.
//!
//! ## The precision model
//!
//! Positions are stored as `f32`: a position near `B` is a multiple of the spacing
//! `u = ulp(B)` (`2^-7 ≈ 0.0078` at 1e5, `2^-4 = 0.0625` at 1e6, `1` at 1e7 =
//! `MAX_COORDINATE`). The kernels first form the difference of the two positions (exact
//! when the two are close: both are multiples of `u` and the difference is small), then work
//! in the frame of one shape, so everything after the storage is as precise as it is at the
//! origin. Hence:
//!
//! - a gap or overlap that is a whole number of `u` is stored exactly and resolved exactly:
//!   3 ulps apart is apart, 3 ulps of overlap is a pair of depth 3 ulps, touching is a pair
//!   of depth 0;
//! - the same relative placement gives bit-identical contacts at 1e5, at 1e6 and at the
//!   origin (translation invariance, for offsets that are representable at both places);
//! - anything finer than `u` is lost when the position is stored (rounded to nearest), so
//!   for arbitrary placements the error of a depth is at most about one `u`.
//!
//! The boxes of the broad phase are computed from the same stored values with monotonic
//! rounding, so they never lose a pair that the kernel finds.

mod common;

use sepax::math::{Rot, Vec2};
use sepax::{Shape, ShapeOptions, World};

/// The spacing of f32 values at `x` (the unit in the last place).
fn ulp(x: f32) -> f32 {
    let x = x.abs();
    f32::from_bits(x.to_bits() + 1) - x
}

/// One stepped world holding `a` at `(xa, ya)` and `b` at `(xb, yb)`, both turned by
/// `angle`; returns the contact of the pair `(a, b)`, if any.
fn contact_in_world(
    a: &Shape,
    (xa, ya): (f32, f32),
    b: &Shape,
    (xb, yb): (f32, f32),
    angle: f32,
) -> Option<(Vec2, f32)> {
    let mut world = World::new();
    let o = ShapeOptions::default();
    let ia = world.add(a.clone(), xa, ya, angle, o).unwrap();
    let ib = world.add(b.clone(), xb, yb, angle, o).unwrap();
    assert!(ia < ib);
    world.step().unwrap();
    world.validate().unwrap();
    match world.pairs() {
        [] => None,
        [pa, pb] => {
            assert_eq!((*pa, *pb), (ia, ib));
            let c = world.contacts();
            Some((Vec2::new(c[0], c[1]), c[2]))
        }
        more => panic!("two shapes, pairs {more:?}"),
    }
}

/// 1e5 and 1e6 from the origin; at 1e7 (`MAX_COORDINATE`) the spacing is a whole unit, coarser than
/// the shapes used here.
const BASES: [f32; 2] = [1.0e5, 1.0e6];

#[test]
fn circles_three_ulps_apart_are_apart_and_three_ulps_deep_collide() {
    let r = 1.0f32;
    let circle = Shape::circle(r).unwrap();
    for base in BASES {
        let u = ulp(base);
        for (dx, dy) in [(1.0f32, 0.0f32), (0.0, 1.0), (-1.0, 0.0)] {
            let at = |offset: f32| (base + dx * offset, base + dy * offset);
            let apart = contact_in_world(&circle, at(0.0), &circle, at(2.0 * r + 3.0 * u), 0.0);
            assert_eq!(apart, None, "base {base:e}: 3 ulps apart collided");
            let touching = contact_in_world(&circle, at(0.0), &circle, at(2.0 * r), 0.0)
                .unwrap_or_else(|| panic!("base {base:e}: touching circles missed"));
            assert_eq!(touching.1, 0.0, "base {base:e}: touching depth");
            let (normal, depth) =
                contact_in_world(&circle, at(0.0), &circle, at(2.0 * r - 3.0 * u), 0.0)
                    .unwrap_or_else(|| panic!("base {base:e}: 3 ulps deep missed"));
            assert_eq!(depth, 3.0 * u, "base {base:e}: depth");
            assert_eq!(normal, Vec2::new(dx, dy), "base {base:e}: normal");
        }
    }
}

#[test]
fn boxes_and_polygons_resolve_single_ulps_far_from_the_origin() {
    let square = Shape::polygon(&[
        Vec2::new(-1.0, -1.0),
        Vec2::new(1.0, -1.0),
        Vec2::new(1.0, 1.0),
        Vec2::new(-1.0, 1.0),
    ])
    .unwrap();
    let shapes = [
        Shape::aligned_box(1.0, 1.0).unwrap(),
        Shape::oriented_box(1.0, 1.0).unwrap(),
        square,
        Shape::capsule(0.5, 0.5).unwrap(),
    ];
    for base in BASES {
        let u = ulp(base);
        for shape in &shapes {
            // Every one of these is 2 units wide along x at angle 0.
            for (steps, want) in [
                (1.0f32, None),
                (0.0, Some(0.0)),
                (-1.0, Some(u)),
                (-3.0, Some(3.0 * u)),
            ] {
                let got = contact_in_world(
                    shape,
                    (base, base),
                    shape,
                    (base + 2.0 + steps * u, base),
                    0.0,
                );
                assert_eq!(
                    got.map(|(_, depth)| depth),
                    want,
                    "base {base:e}, {shape:?}, {steps} ulps"
                );
            }
        }
    }
}

/// Same relative placement, far away and at the origin: bit-identical contacts, for every
/// kind against every kind and a turned pose, as long as the offset is representable at both.
#[test]
fn contacts_far_away_equal_contacts_at_the_origin() {
    let kinds = [
        Shape::circle(1.5).unwrap(),
        Shape::aligned_box(2.0, 1.0).unwrap(),
        Shape::oriented_box(2.0, 0.5).unwrap(),
        Shape::polygon(&[
            Vec2::new(0.0, -1.0),
            Vec2::new(2.0, 0.0),
            Vec2::new(0.5, 1.5),
            Vec2::new(-1.0, 0.5),
        ])
        .unwrap(),
        Shape::capsule(1.0, 0.5).unwrap(),
        Shape::segment(Vec2::new(-1.5, -0.5), Vec2::new(1.5, 0.5)).unwrap(),
        Shape::point(),
    ];
    let mut compared = 0;
    for base in BASES {
        let u = ulp(base);
        for a in &kinds {
            for b in &kinds {
                for (ox, oy) in [(1.0f32, 0.5f32), (0.25, -1.0), (2.0, 2.0), (0.0, 0.0)] {
                    // Offsets rounded to the far spacing, so that both placements are exact.
                    let (ox, oy) = ((ox / u).round() * u, (oy / u).round() * u);
                    for angle in [0.0f32, 0.7] {
                        let near = contact_in_world(a, (0.0, 0.0), b, (ox, oy), angle);
                        let far =
                            contact_in_world(a, (base, -base), b, (base + ox, -base + oy), angle);
                        let bits = |c: Option<(Vec2, f32)>| {
                            c.map(|(n, d)| [n.x.to_bits(), n.y.to_bits(), d.to_bits()])
                        };
                        assert_eq!(
                            bits(far),
                            bits(near),
                            "base {base:e}: {a:?} vs {b:?} at ({ox}, {oy}), angle {angle}"
                        );
                        compared += usize::from(near.is_some());
                    }
                }
            }
        }
    }
    assert!(
        compared > 300,
        "only {compared} colliding placements compared"
    );
}

/// Arbitrary placements (not multiples of the spacing): the stored positions are rounded,
/// and the depth is within about one spacing of the depth of the placement asked for.
#[test]
fn depth_errors_stay_within_an_ulp_of_the_coordinate() {
    let r = 1.0f32;
    let circle = Shape::circle(r).unwrap();
    for base in BASES {
        let u = ulp(base) as f64;
        let mut worst = 0.0f64;
        for k in 0..200 {
            // Overlaps of 0.1 to 0.6 units along a turning direction, asked for in f64.
            let t = k as f64 * 0.1;
            let overlap = 0.1 + 0.5 * (k as f64 / 200.0);
            let d = 2.0 * r as f64 - overlap;
            let (bx, by) = (base as f64 + d * t.cos(), base as f64 + d * t.sin());
            let (_, depth) =
                contact_in_world(&circle, (base, base), &circle, (bx as f32, by as f32), 0.0)
                    .unwrap_or_else(|| panic!("base {base:e}, k {k}: missed"));
            worst = worst.max((depth as f64 - overlap).abs() / u);
        }
        println!("base {base:e}: spacing {u}, worst depth error {worst:.3} spacings");
        assert!(worst <= 1.0, "base {base:e}: depth error {worst} spacings");
    }
}

#[test]
fn queries_and_rays_far_from_the_origin() {
    for base in BASES {
        let u = ulp(base);
        let mut world = World::new();
        let id = world
            .add(
                Shape::aligned_box(1.0, 1.0).unwrap(),
                base,
                base,
                0.0,
                ShapeOptions::default(),
            )
            .unwrap();
        world.step().unwrap();
        let mut hits = Vec::new();
        world
            .query_point(Vec2::new(base + 1.0, base), u32::MAX, &mut hits)
            .unwrap();
        assert_eq!(hits, [id], "base {base:e}: the edge point is inside");
        hits.clear();
        world
            .query_point(Vec2::new(base + 1.0 + u, base), u32::MAX, &mut hits)
            .unwrap();
        assert!(hits.is_empty(), "base {base:e}: one ulp outside is outside");
        let hit = world
            .raycast(
                Vec2::new(base - 10.0, base),
                Vec2::new(1.0, 0.0),
                100.0,
                u32::MAX,
            )
            .unwrap()
            .expect("hits the box");
        assert_eq!(hit.id, id);
        assert_eq!(hit.hit.distance, 9.0, "base {base:e}");
        assert_eq!(hit.hit.normal, Vec2::new(-1.0, 0.0));
    }
}

// ----- angles: the rotation of an f32 angle of any size ------------------------------------

/// The bits of π after the point, 288 of them (π = 3.243f6a88… in hexadecimal).
const PI_FRACTION: [u32; 9] = [
    0x243f_6a88,
    0x85a3_08d3,
    0x1319_8a2e,
    0x0370_7344,
    0xa409_3822,
    0x299f_31d0,
    0x082e_fa98,
    0xec4e_6c89,
    0x4528_21e6,
];

/// Fraction bits of the fixed-point numbers of [`exact_reduction`].
const FRACTION_BITS: usize = 32 * PI_FRACTION.len();

/// A non-negative integer as 32-bit limbs, least significant first.
type Big = Vec<u64>;

fn big_shl(a: &Big, shift: usize) -> Big {
    let (limbs, bits) = (shift / 32, shift % 32);
    let mut out = vec![0u64; a.len() + limbs + 1];
    for (i, &v) in a.iter().enumerate() {
        let wide = v << bits;
        out[i + limbs] |= wide & 0xffff_ffff;
        out[i + limbs + 1] |= wide >> 32;
    }
    out
}

fn big_cmp(a: &Big, b: &Big) -> std::cmp::Ordering {
    let len = a.len().max(b.len());
    let at = |v: &Big, i: usize| v.get(i).copied().unwrap_or(0);
    (0..len)
        .rev()
        .map(|i| at(a, i).cmp(&at(b, i)))
        .find(|o| o.is_ne())
        .unwrap_or(std::cmp::Ordering::Equal)
}

/// `a - b` for `a >= b`.
fn big_sub(a: &Big, b: &Big) -> Big {
    let mut borrow = 0i64;
    let out: Big = (0..a.len().max(b.len()))
        .map(|i| {
            let at = |v: &Big| v.get(i).copied().unwrap_or(0) as i64;
            let d = at(a) - at(b) - borrow;
            borrow = i64::from(d < 0);
            (d + (borrow << 32)) as u64
        })
        .collect();
    assert_eq!(borrow, 0);
    out
}

fn big_to_f64(a: &Big) -> f64 {
    a.iter()
        .rev()
        .fold(0.0, |acc, &v| acc * 4_294_967_296.0 + v as f64)
}

/// The angle in `[-π, π]` that differs from `x` by a whole number of turns, computed with
/// integers: `x = m·2^e` exactly, and π to 288 bits, so the remainder is off by less than
/// 2^126 turns × 2^-287 = 2^-161, whatever `x`.
fn exact_reduction(x: f32) -> f64 {
    let bits = x.abs().to_bits();
    let (m, e) = match bits >> 23 {
        0 => (bits, -149),
        exp => (bits & 0x7f_ffff | 0x80_0000, exp as i32 - 150),
    };
    // π·2^FRACTION_BITS and 2π·2^FRACTION_BITS as integers.
    let pi: Big = PI_FRACTION
        .iter()
        .rev()
        .map(|&v| u64::from(v))
        .chain([3])
        .collect();
    let two_pi = big_shl(&pi, 1);
    let mut rest = big_shl(&vec![u64::from(m)], (e + FRACTION_BITS as i32) as usize);
    // Long division by 2π, keeping the remainder.
    let bit_length = |v: &Big| {
        let top = v.iter().rposition(|&limb| limb != 0);
        top.map_or(0, |i| 32 * i + 64 - v[i].leading_zeros() as usize)
    };
    let mut shift = bit_length(&rest).saturating_sub(bit_length(&two_pi));
    loop {
        let step = big_shl(&two_pi, shift);
        if big_cmp(&rest, &step).is_ge() {
            rest = big_sub(&rest, &step);
        }
        if shift == 0 {
            break;
        }
        shift -= 1;
    }
    let scale = 0.5f64.powi(FRACTION_BITS as i32);
    let reduced = if big_cmp(&rest, &pi).is_gt() {
        -big_to_f64(&big_sub(&two_pi, &rest)) * scale
    } else {
        big_to_f64(&rest) * scale
    };
    if x < 0.0 {
        -reduced
    } else {
        reduced
    }
}

/// How many `f32` steps apart `a` and `b` are.
fn ulps(a: f32, b: f32) -> u64 {
    let key = |v: f32| {
        let bits = v.to_bits() as i32;
        i64::from(bits ^ (((bits >> 31) as u32) >> 1) as i32)
    };
    (key(a) - key(b)).unsigned_abs()
}

#[test]
fn the_table_of_pi_is_pi() {
    let top = (u64::from(PI_FRACTION[0]) << 32 | u64::from(PI_FRACTION[1])) as f64;
    assert_eq!(3.0 + top * 0.5f64.powi(64), std::f64::consts::PI);
    // 7 - 2π = 0.71681469282041352307…, which f64 arithmetic with f64 π misses by an ulp.
    assert_eq!(exact_reduction(7.0), 0.716_814_692_820_413_5);
    assert_eq!(exact_reduction(-3.0), -3.0);
}

/// Every f32 angle turns by exactly its value: the cosine and sine of `Rot::from_angle` are
/// within one f32 step of the true ones (the f64 functions of the exact remainder modulo 2π,
/// rounded to f32), and nearly always that rounding, over huge, tiny and ordinary angles.
#[test]
fn rotations_of_any_angle_match_an_exact_reduction() {
    let mut angles = vec![
        0.0f32,
        -0.0,
        0.7,
        3.0,
        100.0,
        1e5,
        1e6,
        1e10,
        1e20,
        f32::MAX,
        f32::MIN_POSITIVE,
        f32::MIN_POSITIVE / 3.0,
        f32::from_bits(1),
        core::f32::consts::FRAC_PI_2,
        16_367_173.0 * 2f32.powi(72),
    ];
    for k in 1..128 {
        let p = 2f32.powi(k);
        angles.extend([
            p,
            f32::from_bits(p.to_bits() - 1),
            f32::from_bits(p.to_bits() + 1),
        ]);
    }
    // The f32s nearest to multiples of a quarter turn, the hardest to reduce.
    for k in (1..2_000_000).step_by(997) {
        angles.push((f64::from(k) * std::f64::consts::FRAC_PI_2) as f32);
    }
    let mut rng = common::rng::Rng::new(21);
    for _ in 0..20_000 {
        angles.push(f32::from_bits(
            (rng.next_u64() >> 32) as u32 % f32::MAX.to_bits(),
        ));
    }
    let negated: Vec<f32> = angles.iter().map(|&x| -x).collect();
    angles.extend(negated);
    let (mut worst_ulps, mut worst_abs, mut off) = (0, 0.0f64, 0);
    for &x in &angles {
        let (sin, cos) = exact_reduction(x).sin_cos();
        // A second opinion: the platform's f64 functions reduce exactly too.
        let (lib_sin, lib_cos) = f64::from(x).sin_cos();
        assert!(
            (sin - lib_sin).abs() < 1e-15 && (cos - lib_cos).abs() < 1e-15,
            "{x:e}"
        );
        let rot = Rot::from_angle(x);
        for (got, want) in [(rot.cos, cos), (rot.sin, sin)] {
            let d = ulps(got, want as f32);
            assert!(
                d <= 1,
                "angle {x:e}: {rot:?}, want cos {cos:e}, sin {sin:e}"
            );
            worst_ulps = worst_ulps.max(d);
            worst_abs = worst_abs.max((f64::from(got) - want).abs());
            off += usize::from(d != 0);
        }
    }
    println!(
        "{} angles: worst {worst_ulps} f32 steps, {worst_abs:e} absolute, {off} components not the nearest f32",
        angles.len()
    );
    assert!(off < 10, "{off} components not the nearest f32");
}

/// Issue 21: `Rot::from_angle` snapped angles within |angle|·2^-23 of a multiple of π/2
/// to it, so from about 5.9e6 rad every angle was snapped. A box turned by 1e10 rad
/// (an exact f32; 5.774 rad modulo 2π) missed a point inside it.
#[test]
fn a_box_turned_by_a_huge_angle_turns_by_that_angle() {
    let mut world = World::new();
    let o = ShapeOptions::default();
    let b = world
        .add(Shape::oriented_box(2.0, 0.5).unwrap(), 0.0, 0.0, 1e10, o)
        .unwrap();
    let p = world.add(Shape::point(), 1.5716, -0.8775, 0.0, o).unwrap();
    assert_eq!(world.step().unwrap(), 1);
    assert_eq!(world.pairs(), [b, p]);
}
