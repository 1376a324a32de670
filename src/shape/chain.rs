//! Chains: polylines of segments for terrain and outlines, with ghost-vertex smoothing.
//!
//! A [`Chain`] is a list of points joined by segments, open (two-sided) or closed into a
//! loop (one-sided). It is checked once, when it is built, and then read as its segments:
//! every kernel, ray and cast that takes a [`Shape::Segment`] applies to a chain segment by
//! segment. What makes a chain more than a bag of segments is **smoothing**, Box2D's idea
//! of ghost vertices, written here in our own terms.
//!
//! ## The problem smoothing solves
//!
//! A box sliding along a floor made of many segments meets, at every joint, the end of the
//! next segment. Tested on its own, that segment can report the box's side face as the
//! axis of least penetration: a horizontal normal from the far end of an internal edge,
//! which stops a character dead on a flat floor. A corner of the box over a joint gives a
//! normal from the joint's vertex, tilted for no reason. Neither is a feature of the
//! surface the chain describes.
//!
//! ## The rule
//!
//! Each segment `p1 → p2` knows its neighbours' far vertices `p0` (before `p1`) and `p3`
//! (after `p2`), when they exist. A contact on the segment has a normal `n` pointing from
//! the chain to the other shape. It is classified by [`Joints::smooth`] (a function of the
//! segment's direction, its neighbours' and whether it is one-sided, which tile grids share:
//! `tiles.rs`), through [`Chain::smooth`]:
//!
//! 1. **Side.** The segment's face normal `f` is its right perpendicular
//!    (`(dy, −dx)` for the direction `(dx, dy)`), turned to the side `n` points to for an
//!    open chain. A loop keeps `f` as it is: a normal behind the segment (`n · f < 0`) is
//!    **skipped**, which is what makes a loop one-sided.
//! 2. **Face.** A normal within [`SMOOTH_TOLERANCE`] of perpendicular to the segment is
//!    **kept**.
//! 3. **Vertex.** A normal leaning towards an end (say `p1`) looks at that end's
//!    neighbour. None (an open chain's first or last point): the end cap is a real corner,
//!    the normal is **kept**. A **convex** joint (seen from the side of `f`, the previous
//!    face normal leans back, away from `p2`): the joint owns the normals between the two
//!    face normals, so `n` is **kept** while it stays within them. Past them, and at a
//!    **concave** joint (which owns no normal at all), `n` is a ghost: the segment falls
//!    back to its **face** normal `f` ([`Smoothed::Face`]).
//!
//! A face fallback counts only when the other shape is over this segment: the world
//! (`world/chain.rs`) takes the other shape's deepest point along `−f`, keeps the contact
//! when that point lies between the perpendiculars at `p1` and `p2`, with its depth below
//! the face, and drops it otherwise (the shape is beside the segment's end, in a
//! neighbour's region, and the neighbour reports it). This is the Separating Axis Theorem
//! restricted to the normals the segment admits, as Box2D's smooth collision restricts
//! its axes; a dropped ghost alone would lose a box whose tilted corner pokes into a
//! joint (both segments see a ghost there).
//!
//! Smoothing chooses normals; it never hides an overlap. When every segment that touches
//! a shape drops its contact as a ghost (a thin shape across a segment next to a sharp
//! joint, its deepest point past the joint, where the next segment does not reach it), the
//! world counts the deepest of those contacts as the kernel found it.
//!
//! A straight run is a convex joint of zero angle: a normal that leans more than the
//! tolerance towards a joint falls back to the face, so along 1,000 collinear segments
//! only the face normal is ever reported. In a valley the normals are those of its two
//! faces. A convex joint (a hill top) reports normals between its two faces, as the
//! geometry is round there.
//!
//! ## One-sided loops
//!
//! For a loop whose points turn **counter-clockwise** (positive signed area, y up;
//! clockwise on a y-down canvas) the face normals point outwards: shapes outside collide,
//! shapes inside pass through (a solid outline). Wound the other way the normals point
//! inwards: shapes inside collide and the outside is free (a cave).
//!
//! This module is pure geometry: it knows nothing of the world, which applies the rule to
//! its contacts, rays and casts (`world/chain.rs`).

use super::box_tree::{self, BoxNode};
use super::{ConvexPolygon, Shape, ShapeError, MAX_SHAPE_SIZE};
use crate::math::{Aabb, Vec2};

/// The most points a chain may have.
pub const MAX_CHAIN_POINTS: usize = 4096;

/// How far (as the sine of an angle, about 0.57°) a contact normal may lean from a
/// segment's face normal and still count as that face's normal.
pub const SMOOTH_TOLERANCE: f32 = 0.01;

/// What smoothing makes of a contact normal on one segment (see the module docs).
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Smoothed {
    /// The normal belongs to this segment: keep the contact as it is.
    Keep,
    /// The normal points to the back of a loop: drop the contact.
    Skip,
    /// The normal is a ghost (past a joint's normals, or out of a concave joint): use this
    /// face normal (local frame) instead, with the depth measured along it, when the
    /// other shape is over the segment.
    Face(Vec2),
}

/// A segment as smoothing reads it: its unit direction, its neighbours' directions (none
/// at an open end) and whether it is one-sided (a loop's segment, or the boundary of a
/// tile grid's solid cells: `shape/tiles.rs`). Chains and tile grids share this rule.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Joints {
    /// The unit direction of the segment, from its first end to its second.
    pub direction: Vec2,
    /// The unit direction of the segment that ends where this one starts, if any.
    pub previous: Option<Vec2>,
    /// The unit direction of the segment that starts where this one ends, if any.
    pub next: Option<Vec2>,
    /// Only the right side of the direction collides (its face normal is the right
    /// perpendicular `(dy, −dx)`).
    pub one_sided: bool,
}

impl Joints {
    /// The face normal on the right of the direction: outwards for a one-sided segment.
    #[must_use]
    pub fn face_normal(&self) -> Vec2 {
        Vec2::new(self.direction.y, -self.direction.x)
    }

    /// Classifies the contact normal `n` (unit, in the segment's frame, from the segment
    /// to the other shape): the rule of the module docs (side, face, vertex).
    ///
    /// ```
    /// use sepax::{math::Vec2, shape::{Joints, Smoothed}};
    /// // A floor segment along +x whose neighbours continue it straight.
    /// let flat = Joints {
    ///     direction: Vec2::new(1.0, 0.0),
    ///     previous: Some(Vec2::new(1.0, 0.0)),
    ///     next: Some(Vec2::new(1.0, 0.0)),
    ///     one_sided: true,
    /// };
    /// assert_eq!(flat.smooth(Vec2::new(0.0, -1.0)), Smoothed::Keep);
    /// assert_eq!(flat.smooth(Vec2::new(0.6, -0.8)), Smoothed::Face(Vec2::new(0.0, -1.0)));
    /// assert_eq!(flat.smooth(Vec2::new(0.0, 1.0)), Smoothed::Skip); // behind
    /// ```
    #[must_use]
    pub fn smooth(&self, n: Vec2) -> Smoothed {
        let e1 = self.direction;
        let right = self.face_normal();
        let side = n.dot(right);
        if self.one_sided && side < 0.0 {
            return Smoothed::Skip;
        }
        let s = if side < 0.0 { -1.0 } else { 1.0 };
        let f1 = right * s;
        let lean = n.dot(e1);
        if lean.abs() <= SMOOTH_TOLERANCE {
            return Smoothed::Keep;
        }
        // The neighbour's direction `e`, seen from the end `n` leans to.
        let (neighbour, towards_start) = if lean < 0.0 {
            (self.previous, true)
        } else {
            (self.next, false)
        };
        let Some(e) = neighbour else {
            return Smoothed::Keep;
        };
        let f = Vec2::new(e.y, -e.x) * s;
        // Convex when the neighbour's face normal leans away from this segment.
        let convex = if towards_start {
            f.dot(e1) <= 0.0
        } else {
            f.dot(e1) >= 0.0
        };
        let past = if towards_start {
            n.dot(e) < -SMOOTH_TOLERANCE
        } else {
            n.dot(e) > SMOOTH_TOLERANCE
        };
        if convex && !past {
            Smoothed::Keep
        } else {
            Smoothed::Face(f1)
        }
    }
}

/// True when `q` lies between the perpendiculars to the segment `a → b` (unit direction
/// `e`) at its two ends, within `slack`.
#[must_use]
pub fn is_over_segment(a: Vec2, b: Vec2, e: Vec2, q: Vec2, slack: f32) -> bool {
    let along = (q - a).dot(e);
    along >= -slack && along <= (b - a).dot(e) + slack
}

/// A polyline of segments, open or closed. See the module docs.
#[derive(Clone, Debug, PartialEq)]
pub struct Chain {
    /// The checked points, close duplicates merged.
    points: Vec<Vec2>,
    /// Closed (the last point joins the first) and one-sided.
    is_loop: bool,
    /// Segment `k` joins point `k` to point `k + 1` (the first one again, for a loop's last).
    segments: Vec<Shape>,
    /// The unit direction of each segment.
    directions: Vec<Vec2>,
    /// The local bounding box of each segment.
    boxes: Vec<Aabb>,
    /// The hierarchy over the segments' boxes (`box_tree`), the segments in their order
    /// along the polyline (which keeps neighbours together).
    tree: Vec<BoxNode>,
    /// A rectangle around every point: the shape the world's row holds.
    bounds: ConvexPolygon,
}

impl Chain {
    /// Checks `points` (local coordinates) and builds the chain: open when `is_loop` is
    /// false (two-sided), closed otherwise (one-sided, see the module docs).
    ///
    /// Points closer than `1e-6 ×` the chain's size to the previous kept point are merged
    /// into it (zero-length segments never exist), and so is a loop's last point when it
    /// repeats the first. Rejected: a non-finite coordinate or one beyond
    /// [`MAX_SHAPE_SIZE`] (naming the point), more than [`MAX_CHAIN_POINTS`] points, and
    /// fewer than 2 distinct points (3 for a loop).
    ///
    /// ```
    /// use sepax::{math::Vec2, shape::Chain};
    /// let floor = Chain::new(&[Vec2::new(0.0, 0.0), Vec2::new(5.0, 0.0), Vec2::new(5.0, 0.0), Vec2::new(9.0, 1.0)], false).unwrap();
    /// assert_eq!(floor.points().len(), 3); // the repeated point is merged
    /// assert_eq!(floor.segments().len(), 2);
    /// ```
    pub fn new(points: &[Vec2], is_loop: bool) -> Result<Chain, ShapeError> {
        let needed = if is_loop { 3 } else { 2 };
        if points.len() > MAX_CHAIN_POINTS {
            return Err(ShapeError::TooManyChainPoints {
                count: points.len(),
            });
        }
        let mut lo = Vec2::new(f32::MAX, f32::MAX);
        let mut hi = Vec2::new(f32::MIN, f32::MIN);
        for (index, p) in points.iter().enumerate() {
            if !p.is_finite() {
                return Err(ShapeError::NonFinitePoint { index });
            }
            if p.x.abs() > MAX_SHAPE_SIZE || p.y.abs() > MAX_SHAPE_SIZE {
                return Err(ShapeError::PointTooFar { index });
            }
            lo = lo.min(*p);
            hi = hi.max(*p);
        }
        let too_few = |count| ShapeError::TooFewChainPoints { count, needed };
        if points.len() < needed {
            return Err(too_few(points.len()));
        }
        let size = (hi - lo).x.max((hi - lo).y);
        let tolerance = size * 1e-6;
        let mut kept: Vec<Vec2> = Vec::with_capacity(points.len());
        for &p in points {
            match kept.last() {
                Some(&last) if (p - last).length() <= tolerance => {}
                _ => kept.push(p),
            }
        }
        if is_loop {
            while kept.len() > 1 && (kept[kept.len() - 1] - kept[0]).length() <= tolerance {
                kept.pop();
            }
        }
        if kept.len() < needed || size == 0.0 {
            return Err(too_few(kept.len()));
        }
        let count = if is_loop { kept.len() } else { kept.len() - 1 };
        let mut segments = Vec::with_capacity(count);
        let mut directions = Vec::with_capacity(count);
        let mut boxes = Vec::with_capacity(count);
        for k in 0..count {
            let (a, b) = (kept[k], kept[(k + 1) % kept.len()]);
            segments.push(Shape::Segment { a, b });
            directions.push((b - a).normalize_or_zero());
            boxes.push(Aabb::new(a.min(b), a.max(b)));
        }
        let mut order: Vec<(i64, u32)> = (0..count as u32).map(|k| (0, k)).collect();
        let tree = box_tree::build(&mut order, &boxes, &|_, _| {});
        // The row's rectangle needs an area: a straight chain gets a sliver of thickness.
        let pad = (size * 1e-3).max(1e-6);
        let (lo, hi) = (lo - Vec2::new(pad, pad), hi + Vec2::new(pad, pad));
        let bounds =
            ConvexPolygon::from_hull(&[lo, Vec2::new(hi.x, lo.y), hi, Vec2::new(lo.x, hi.y)]);
        Ok(Chain {
            points: kept,
            is_loop,
            segments,
            directions,
            boxes,
            tree,
            bounds,
        })
    }

    /// The checked points (duplicates merged), in order.
    #[must_use]
    pub fn points(&self) -> &[Vec2] {
        &self.points
    }

    /// True for a closed, one-sided chain.
    #[must_use]
    pub fn is_loop(&self) -> bool {
        self.is_loop
    }

    /// The segments, each a [`Shape::Segment`] in the chain's local frame, in order.
    #[must_use]
    pub fn segments(&self) -> &[Shape] {
        &self.segments
    }

    /// A rectangle (with a little thickness) around every point: what the world's row
    /// holds, so that the broad phase boxes the chain at every angle.
    #[must_use]
    pub fn bounds(&self) -> &ConvexPolygon {
        &self.bounds
    }

    /// The face normal of segment `k` as a loop reads it: the right perpendicular of its
    /// direction (outwards for a counter-clockwise loop, y up).
    #[must_use]
    pub fn face_normal(&self, k: usize) -> Vec2 {
        let d = self.directions[k];
        Vec2::new(d.y, -d.x)
    }

    /// Calls `visit` with the index of every segment whose local box meets `near` (a box
    /// in the chain's local frame), in order, until it returns false.
    pub fn each_segment_near(&self, near: &Aabb, visit: &mut dyn FnMut(usize) -> bool) {
        box_tree::each_near(&self.tree, &self.boxes, near, visit);
    }

    /// The direction of the segment before `k`, if it has one.
    fn previous(&self, k: usize) -> Option<Vec2> {
        match k {
            0 if self.is_loop => self.directions.last().copied(),
            0 => None,
            _ => Some(self.directions[k - 1]),
        }
    }

    /// The direction of the segment after `k`, if it has one.
    fn next(&self, k: usize) -> Option<Vec2> {
        if k + 1 < self.directions.len() {
            Some(self.directions[k + 1])
        } else if self.is_loop {
            Some(self.directions[0])
        } else {
            None
        }
    }

    /// The direction of segment `k` and of its neighbours, and whether the chain is
    /// one-sided: all that smoothing reads of it.
    #[must_use]
    pub fn joints(&self, k: usize) -> Joints {
        Joints {
            direction: self.directions[k],
            previous: self.previous(k),
            next: self.next(k),
            one_sided: self.is_loop,
        }
    }

    /// Classifies the contact normal `n` (unit, local frame, from the chain to the other
    /// shape) found on segment `k` (see the module docs and [`Joints::smooth`]).
    ///
    /// ```
    /// use sepax::{math::Vec2, shape::{Chain, Smoothed}};
    /// let floor = Chain::new(&[Vec2::new(0.0, 0.0), Vec2::new(1.0, 0.0), Vec2::new(2.0, 0.0)], false).unwrap();
    /// // Straight up from the floor: the face's own normal.
    /// assert_eq!(floor.smooth(1, Vec2::new(0.0, 1.0)), Smoothed::Keep);
    /// // Leaning out of the joint at (1, 0): a ghost, the segment falls back to its face.
    /// assert_eq!(floor.smooth(1, Vec2::new(-0.6, 0.8)), Smoothed::Face(Vec2::new(0.0, 1.0)));
    /// // Sideways out of the open end at (2, 0): a real corner.
    /// assert_eq!(floor.smooth(1, Vec2::new(1.0, 0.0)), Smoothed::Keep);
    /// ```
    #[must_use]
    pub fn smooth(&self, k: usize, n: Vec2) -> Smoothed {
        self.joints(k).smooth(n)
    }

    /// True when `q` (local frame) lies between the perpendiculars to segment `k` at its
    /// two ends, within `slack`.
    #[must_use]
    pub fn is_over(&self, k: usize, q: Vec2, slack: f32) -> bool {
        let Shape::Segment { a, b } = self.segments[k] else {
            return false;
        };
        is_over_segment(a, b, self.directions[k], q, slack)
    }

    /// The face normal of segment `k` on the side `n` (local frame) points to: what a
    /// one-sided or two-sided segment presents to a shape there.
    #[must_use]
    pub fn facing_normal(&self, k: usize, n: Vec2) -> Vec2 {
        let f = self.face_normal(k);
        if !self.is_loop && n.dot(f) < 0.0 {
            -f
        } else {
            f
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn v(x: f32, y: f32) -> Vec2 {
        Vec2::new(x, y)
    }

    #[test]
    fn hostile_points_are_rejected_by_name() {
        let nan = [v(0.0, 0.0), v(f32::NAN, 1.0)];
        assert_eq!(
            Chain::new(&nan, false),
            Err(ShapeError::NonFinitePoint { index: 1 })
        );
        assert_eq!(
            Chain::new(&[v(0.0, 0.0)], false),
            Err(ShapeError::TooFewChainPoints {
                count: 1,
                needed: 2
            })
        );
        let same = [v(1.0, 1.0), v(1.0, 1.0), v(1.0, 1.0)];
        assert!(matches!(
            Chain::new(&same, false),
            Err(ShapeError::TooFewChainPoints { .. })
        ));
        let two = [v(0.0, 0.0), v(1.0, 0.0), v(0.0, 0.0)];
        assert!(matches!(
            Chain::new(&two, true),
            Err(ShapeError::TooFewChainPoints { count: 2, .. })
        ));
        let many = vec![v(0.0, 0.0); MAX_CHAIN_POINTS + 1];
        assert_eq!(
            Chain::new(&many, false),
            Err(ShapeError::TooManyChainPoints {
                count: MAX_CHAIN_POINTS + 1
            })
        );
        assert_eq!(
            Chain::new(&[v(0.0, 0.0), v(2e7, 0.0)], false),
            Err(ShapeError::PointTooFar { index: 1 })
        );
    }

    #[test]
    fn the_hierarchy_finds_exactly_the_segments_whose_boxes_meet() {
        let points: Vec<Vec2> = (0..1000)
            .map(|i| v(i as f32, (i as f32 * 0.1).sin()))
            .collect();
        let chain = Chain::new(&points, false).unwrap();
        for probe in [
            Aabb::new(v(10.2, -2.0), v(13.5, 2.0)),
            Aabb::new(v(-5.0, -5.0), v(0.5, 5.0)),
            Aabb::new(v(500.0, 5.0), v(600.0, 6.0)),
        ] {
            let mut found = Vec::new();
            chain.each_segment_near(&probe, &mut |k| {
                found.push(k);
                true
            });
            let brute: Vec<usize> = (0..chain.segments().len())
                .filter(|&k| chain.boxes[k].overlaps(&probe))
                .collect();
            assert_eq!(found, brute);
        }
    }

    #[test]
    fn smoothing_on_a_square_loop() {
        // Counter-clockwise (y up): normals point outwards.
        let square = [v(0.0, 0.0), v(2.0, 0.0), v(2.0, 2.0), v(0.0, 2.0)];
        let chain = Chain::new(&square, true).unwrap();
        // Segment 0 runs along y = 0, its outward normal is (0, -1).
        assert_eq!(chain.face_normal(0), v(0.0, -1.0));
        assert_eq!(chain.smooth(0, v(0.0, -1.0)), Smoothed::Keep);
        assert_eq!(chain.smooth(0, v(0.0, 1.0)), Smoothed::Skip); // from inside
        let corner = v(1.0, -1.0) * core::f32::consts::FRAC_1_SQRT_2;
        assert_eq!(chain.smooth(0, corner), Smoothed::Keep); // a convex corner's own
        let inner = v(1.0, -0.1) * (1.0 / v(1.0, -0.1).length());
        // Still within the corner.
        assert_eq!(chain.smooth(0, inner), Smoothed::Keep);
        // An open zigzag: past the next face's normal at a convex joint is a ghost.
        let hill = Chain::new(&[v(0.0, 0.0), v(1.0, 0.0), v(2.0, -1.0)], false).unwrap();
        // Segment 0's upper side: (0, 1) is its face, (1, 1)/√2 the next face's.
        let past = v(1.0, 0.5) * (1.0 / v(1.0, 0.5).length());
        assert_eq!(hill.smooth(0, past), Smoothed::Face(v(0.0, 1.0)));
        let within = v(0.5, 1.0) * (1.0 / v(0.5, 1.0).length());
        assert_eq!(hill.smooth(0, within), Smoothed::Keep);
        // Clockwise (a cave): the inside collides, and its corners are concave.
        let cave: Vec<Vec2> = square.iter().rev().copied().collect();
        let chain = Chain::new(&cave, true).unwrap();
        let k = 2; // from (2, 0) to (0, 0): facing up, inwards
        assert_eq!(chain.face_normal(k), v(0.0, 1.0));
        assert_eq!(chain.smooth(k, v(0.6, 0.8)), Smoothed::Face(v(0.0, 1.0)));
    }
}
