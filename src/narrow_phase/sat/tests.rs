//! Unit tests of the SAT machinery: range-safe normalisation, the per-axis separation, two point cores, the box polygon.

use super::*;

#[test]
fn unit_and_length_is_unit_across_scales() {
    for delta in [
        Vec2::new(3.0, 4.0),
        Vec2::new(3e-20, 4e-20),
        Vec2::new(1e-40, 0.0),
        Vec2::new(3e25, -4e25),
    ] {
        let (u, len) = unit_and_length(delta).unwrap();
        assert!((u.length() - 1.0).abs() < 1e-6, "{delta:?} -> {u:?}");
        assert!(len > 0.0 && len.is_finite());
    }
    assert_eq!(unit_and_length(Vec2::ZERO), None);
    assert_eq!(unit_and_length(Vec2::new(f32::NAN, 1.0)), None);
}

#[test]
fn axis_sep_picks_the_cheaper_direction_and_positive_on_ties() {
    let ax = axis_sep(Vec2::X, (-1.0, 1.0), (0.5, 2.5));
    assert_eq!(
        ax,
        Axis {
            sep: -0.5,
            normal: Vec2::X
        }
    );
    let ax = axis_sep(Vec2::X, (-1.0, 1.0), (-2.5, -0.5));
    assert_eq!(
        ax,
        Axis {
            sep: -0.5,
            normal: -Vec2::X
        }
    );
    let ax = axis_sep(Vec2::X, (-1.0, 1.0), (-1.0, 1.0));
    assert_eq!(ax.normal, Vec2::X);
}

#[test]
fn a_point_against_a_segment_collapsed_by_rounding_is_a_point_pair() {
    // A segment whose ends coincide once mapped into A's frame gives no axis.
    let p = Vec2::new(-47.0, 0.0);
    let found = rounded_cores(Core::Point(Vec2::ZERO), Thin::Segment(p, p), 1001.0);
    let (n, depth) = found
        .contact(1001.0, Core::Point(Vec2::ZERO), Thin::Segment(p, p))
        .unwrap();
    assert!(
        (n + Vec2::X).length() < 1e-6 && depth == 954.0,
        "{n:?} {depth}"
    );
    let found = rounded_cores(Core::Point(p), Thin::Segment(p, p), 1.0);
    let (n, depth) = found
        .contact(1.0, Core::Point(p), Thin::Segment(p, p))
        .unwrap();
    assert_eq!((n, depth), (Vec2::X, 1.0));
}

#[test]
fn box_polygon_is_counter_clockwise_with_outward_normals() {
    let b = BoxPolygon::new(Vec2::new(2.0, 1.0));
    for i in 0..4 {
        let e = b.vertices[(i + 1) % 4] - b.vertices[i];
        assert!(b.vertices[i].perp_dot(b.vertices[(i + 1) % 4]) > 0.0);
        assert_eq!(e.dot(b.normals[i]), 0.0);
        assert!(b.normals[i].dot(b.vertices[i]) > 0.0);
    }
}
