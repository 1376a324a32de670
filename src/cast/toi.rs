//! The time of impact: one ray cast in configuration space, from the mover's origin along
//! `delta`, against the rounded Minkowski sum of the two cores.
//!
//! The obstacle is `O = C ⊕ disc(r)`, the points within `r = r_target + r_mover` of the
//! convex polygon `C` walked by [`for_each_edge`]. Its boundary is made of the edges of
//! `C` pushed out by `r` and of arcs of the discs of radius `r` around `C`'s vertices.
//!
//! 1. **Cyrus–Beck on the pushed-out half-planes** `n·p <= n·v + r` clips the ray's
//!    parameter range `[0, 1]`. Their intersection `P` (a polygon with sharp corners; the
//!    slab around `C` when `C` is a segment) contains `O`, so an empty clip is a miss. Otherwise the last *entering* half-plane
//!    gives the entry `q` into `P` and its edge.
//! 2. If `q`'s foot on that edge lies within the edge, `q` is on `O`'s boundary: that is
//!    the hit, with the edge's normal. Otherwise (unless a collinear neighbour edge holds
//!    the foot: then `q` is on `O` all the same) `q` lies in the *corner region* of the
//!    vertex `v` of `C` closest to it (the part of `P` outside `O` near `v`, which belongs to `v`'s
//!    Voronoi region). Leaving that region other than through `v`'s arc means leaving `P`,
//!    which a line never re-enters, so the hit is the ray's entry into the disc around
//!    `v`, or there is none.
//! 3. When the ray starts inside `P` (no entering half-plane), the closest point of `C`
//!    decides: within `r` the shapes touch at the start; otherwise it is a vertex whose
//!    corner region holds the start, and its disc is the only way in.
//!
//! With `r = 0` and `C` a polygon with area, `P` is `O` itself and step 1 alone is exact.
//! A cast with a margin grows `r` by it: the same steps then find where the shapes come
//! within the margin of each other.
//!
//! Everything is `f64`, and every half-plane and disc is grown by a *slack* of a few `f64`
//! roundings of the coordinates (about `1e-15` of them): a configuration obstacle of no
//! width (a point sweeping over a segment, two parallel segments) is then still crossed by
//! every path that crosses it in exact arithmetic, whatever the rounding of the two
//! crossing times. The slack is eight orders of magnitude below what the `f32` answer can
//! show.

use super::minkowski::{for_each_edge, Edge, Ring, D2};
use crate::narrow_phase::Contact;

/// The cast in the target's frame.
#[derive(Clone, Copy, Debug)]
pub(super) struct Setup<'a> {
    pub(super) target: Ring<'a>,
    pub(super) mover: Ring<'a>,
    /// `r_target + r_mover`.
    pub(super) radius: f64,
    /// How close counts as contact: the cast stops where the shapes are this far apart.
    pub(super) margin: f64,
    /// The mover's origin relative to the target's, in the target's frame.
    pub(super) origin: D2,
    /// The translation, in the target's frame.
    pub(super) delta: D2,
    /// A start closer than this to touching is decided by the narrow phase (an `f32`
    /// bound on its rounding): see [`time_of_impact`].
    pub(super) near: f64,
    /// How much every half-plane and disc is grown (see the module docs).
    pub(super) slack: f64,
}

/// What the cast found, in the target's frame.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(super) enum Toi {
    /// The path never touches the target.
    Miss,
    /// The narrow phase found the shapes touching or overlapping at the start.
    Overlapping(Contact),
    /// First contact at fraction `t` of the delta.
    Hit {
        t: f64,
        /// Unit normal of the obstacle at the hit, from the target towards the mover.
        normal: D2,
        /// The point of the target's *core* that is touched; the target's surface point
        /// is `core_point + normal × r_target`.
        core_point: D2,
    },
}

/// What clipping the ray against the pushed-out half-planes found.
pub(super) struct Clip {
    enter: f64,
    exit: f64,
    entering: Option<Edge>,
    empty: bool,
    /// How far the origin lies outside the furthest edge line of `C` (radius not
    /// included), and that edge's normal (only the normal: copying whole edges on every
    /// new maximum was a measurable part of a cast).
    pub(super) sep: f64,
    pub(super) outermost: Option<D2>,
    pub(super) edges: usize,
}

/// The cast. `start_contact` runs the narrow phase on the start poses; it is called only
/// when the start is within [`Setup::near`] of touching, and when it reports a contact
/// the cast starts overlapping. Further away its answer is known (apart), and a start the
/// narrow phase calls apart but the exact test calls within the margin (or touching, a
/// rounding tie) is a hit at `t = 0` with the obstacle's normal.
///
/// With a margin the obstacle is grown by it: the hit is where the shapes come within
/// `margin` of each other.
pub(super) fn time_of_impact(
    s: &Setup<'_>,
    start_contact: impl FnOnce() -> Option<Contact>,
) -> Toi {
    let reach = s.radius + s.margin;
    let grown = reach + s.slack;
    let clip = clip_ray(s, grown);

    let single_point = s.target.start_vertex() + s.mover.start_vertex();
    let start_gap = if clip.edges == 0 {
        (s.origin - single_point).length()
    } else {
        // A lower bound of the distance to `C` (exact unless a vertex is closest).
        clip.sep
    } - s.radius;
    if start_gap <= s.near {
        if let Some(contact) = start_contact() {
            return Toi::Overlapping(contact);
        }
    }

    if clip.edges == 0 {
        // Both cores are points: `O` is a disc (of radius `slack` for two points).
        return enter_disc(s, single_point, s.target.start_vertex(), grown);
    }
    if clip.empty {
        return Toi::Miss;
    }
    match clip.entering {
        Some(e) => enter_through_edge(s, &clip, e, reach, grown),
        None => start_inside_or_near(s, &clip, grown),
    }
}

/// Cyrus–Beck clipping of the ray against every edge line of `C` pushed out by `grown`,
/// noting on the way the edge the origin lies furthest outside of (the distance's test of
/// the origin against the half-planes, with no motion).
pub(super) fn clip_ray(s: &Setup<'_>, grown: f64) -> Clip {
    let mut clip = Clip {
        enter: 0.0,
        exit: 1.0,
        entering: None,
        empty: false,
        sep: f64::NEG_INFINITY,
        outermost: None,
        edges: 0,
    };
    for_each_edge(&s.target, &s.mover, |e| {
        clip.edges += 1;
        let gap = e.normal.dot(s.origin - e.start);
        if gap > clip.sep {
            clip.sep = gap;
            clip.outermost = Some(e.normal);
        }
        if clip.empty {
            // A miss, unless the start is near enough to touching for the narrow phase to
            // decide (`time_of_impact`); once the origin is that far outside one edge line,
            // the other edges cannot change either.
            return clip.sep - s.radius <= s.near;
        }
        // How far inside the grown half-plane the origin is, and how fast the ray leaves.
        let inside = grown - gap;
        let speed = e.normal.dot(s.delta);
        if speed == 0.0 {
            clip.empty = inside < 0.0;
            return true;
        }
        let t = inside / speed;
        if speed < 0.0 {
            if t > clip.enter {
                clip.enter = t;
                clip.entering = Some(*e);
            }
        } else if t < clip.exit {
            clip.exit = t;
        }
        clip.empty = clip.enter > clip.exit;
        true
    });
    clip
}

/// The ray enters the grown polygon through edge `e` at `clip.enter`: a hit on that edge's
/// offset line, or, past its ends, on the disc of the corner there.
fn enter_through_edge(s: &Setup<'_>, clip: &Clip, e: Edge, reach: f64, grown: f64) -> Toi {
    let q = s.origin + s.delta * clip.enter;
    let along = e.end - e.start;
    let length_sq = along.length_squared();
    let foot = (q - e.start).dot(along);
    // The slack times the edge's length, bounded by its L1 length (no square root).
    let give = s.slack * along.l1();
    let sharp_corners = reach == 0.0 && clip.edges >= 3;
    if sharp_corners || (foot >= -give && foot <= length_sq + give) {
        let u = if length_sq > 0.0 {
            (foot / length_sq).clamp(0.0, 1.0)
        } else {
            0.0
        };
        return Toi::Hit {
            t: clip.enter,
            normal: e.normal,
            core_point: e.target_start + (e.target_end - e.target_start) * u,
        };
    }
    // `q` is on the boundary of `P` but beyond the entering edge. Usually it is in the
    // corner region of that edge's end, but not always: a collinear neighbour (a mover's
    // face parallel to a segment target gives two edges on one line, whose entering times
    // tie up to rounding) may hold its foot, and then `q` is on `O`. The closest point of
    // `C` to `q` tells which.
    let (distance, closest, core_point) = closest_point_to(s, q);
    if distance <= grown {
        Toi::Hit {
            t: clip.enter,
            normal: (q - closest).unit().unwrap_or(e.normal),
            core_point,
        }
    } else {
        enter_disc(s, closest, core_point, grown)
    }
}

/// No edge line was entered: the origin starts inside every grown half-plane, so it is
/// either within the grown obstacle already (a hit at `t = 0`) or in a corner region
/// outside it, where only a corner disc can still be met.
fn start_inside_or_near(s: &Setup<'_>, clip: &Clip, grown: f64) -> Toi {
    let (distance, closest, core_point) = closest_point(s);
    let inside_core = clip.edges >= 3 && clip.sep <= 0.0;
    if inside_core || distance <= grown {
        let normal = match (s.origin - closest).unit() {
            Some(n) if !inside_core => n,
            _ => clip.outermost.unwrap_or_else(|| backwards(s.delta)),
        };
        Toi::Hit {
            t: 0.0,
            normal,
            core_point,
        }
    } else {
        enter_disc(s, closest, core_point, grown)
    }
}

/// The point of `C` closest to the origin, its distance, and the target core's part of it.
fn closest_point(s: &Setup<'_>) -> (f64, D2, D2) {
    closest_point_to(s, s.origin)
}

/// The point of `C` closest to `p`, its distance, and the target core's part of it.
pub(super) fn closest_point_to(s: &Setup<'_>, p: D2) -> (f64, D2, D2) {
    // Squared distances compared, one square root at the end: a square root per edge,
    // each waited on by the comparison after it, was most of this walk's time.
    let mut best = (f64::INFINITY, D2::ZERO, D2::ZERO);
    for_each_edge(&s.target, &s.mover, |e| {
        let along = e.end - e.start;
        let length_sq = along.length_squared();
        let u = if length_sq > 0.0 {
            ((p - e.start).dot(along) / length_sq).clamp(0.0, 1.0)
        } else {
            0.0
        };
        let point = e.start + along * u;
        let distance_sq = (p - point).length_squared();
        if distance_sq < best.0 {
            let core = e.target_start + (e.target_end - e.target_start) * u;
            best = (distance_sq, point, core);
        }
        true
    });
    (best.0.sqrt(), best.1, best.2)
}

/// The unit vector opposite to `delta` (`−x` for a zero delta): the normal of a contact
/// that crosses no surface (a point meeting a point, a segment's end met head on).
fn backwards(delta: D2) -> D2 {
    (-delta).unit().unwrap_or(D2::new(-1.0, 0.0))
}

/// The ray's entry into the disc of `radius` around `centre` (a vertex of `C` whose target
/// part is `core_point`).
fn enter_disc(s: &Setup<'_>, centre: D2, core_point: D2, radius: f64) -> Toi {
    let m = s.origin - centre;
    let hit = |t: f64| {
        let offset = m + s.delta * t;
        let normal = if s.radius + s.margin > 0.0 {
            offset.unit().unwrap_or(backwards(s.delta))
        } else {
            backwards(s.delta)
        };
        Toi::Hit {
            t,
            normal,
            core_point,
        }
    };
    if m.length_squared() <= radius * radius {
        return hit(0.0);
    }
    // In units of `t` rather than of length, which spares the square roots of a unit
    // direction and of `|delta|` (a finite `f32` delta squared cannot overflow `f64`).
    let speed_sq = s.delta.length_squared();
    let along = m.dot(s.delta);
    if speed_sq == 0.0 || along >= 0.0 {
        return Toi::Miss;
    }
    // From the point of closest approach rather than the textbook discriminant, which
    // cancels when the ray starts far away (as in the crate's ray casts).
    let closest = m - s.delta * (along / speed_sq);
    let half_chord_sq = radius * radius - closest.length_squared();
    if half_chord_sq < 0.0 {
        return Toi::Miss;
    }
    // Outside means the entry is ahead; the comparison guards against rounding.
    let ahead = -along - (half_chord_sq * speed_sq).sqrt();
    let t = if ahead > 0.0 { ahead / speed_sq } else { 0.0 };
    if t <= 1.0 {
        hit(t)
    } else {
        Toi::Miss
    }
}
