//! Chains in the world: one id, one broad-phase entry, many segments, smoothed contacts.
//!
//! A chain ([`Chain`], checked when it is built) is stored as concave polygons are
//! (`concave.rs`): its row holds a rectangle around its points ([`Chain::bounds`]), which
//! is all the broad phase, the poses and the boxes ever read, and its segments live beside
//! the store in a side table by id ([`Chains`]). Every exact path that meets a chain id
//! reads it as `Pieces::Chain` (`pieces.rs`): the step's pairs (reported once per pair of ids, with the
//! deepest segment contact *after smoothing*), point and shape queries, rays, casts and
//! sweeps, and the planes of move and slide, each of them walking the hierarchy over the
//! segments near the other shape.
//!
//! What differs from a concave polygon is that a chain's contacts go through its
//! smoothing ([`Chain::smooth`], the ghost-vertex rule of `shape/chain.rs`) before they
//! count: [`smooth_contact`] for contacts (a ghost normal falls back to the segment's face
//! normal, with the depth measured along it, when the other shape's deepest point is over
//! the segment, and the contact is dropped otherwise), [`smooth_normal`] for the normals of
//! ray and cast hits (a ghost becomes the face normal). On a loop, a shape behind a
//! segment does not touch it.
//!
//! Smoothing never hides an overlap: a pair whose every contact was dropped as a ghost
//! falls back to the deepest of them as the kernel found it (in
//! `pieces.rs`'s deepest piece pair, which the step and the queries use, and in the
//! mover's push out).
//!
//! Snapshots store a chain as its checked points and whether it is a loop (the segments,
//! their hierarchy and the rectangle are rebuilt); scene records describe it as
//! `SceneShape::Chain`.

use super::side_table::SideTable;
use super::{World, WorldError};
use crate::cast::support;
use crate::math::{Transform, Vec2};
use crate::narrow_phase::Contact;
use crate::shape::chain::is_over_segment;
use crate::shape::{Chain, Joints, Shape, Smoothed};

/// How many roundings of the coordinates a face fallback's point may lie past a
/// segment's end and still be over it (a point exactly over a joint is over both).
const SLACK_ROUNDINGS: f32 = 16.0;

/// The chains of a world, by id.
pub(super) type Chains = SideTable<Chain>;

/// The contact `contact` found on segment `k` of `chain` (at `pose`; the normal from the
/// chain to `other`, a convex piece and its polygon points, at `other_pose`) after
/// smoothing: kept, dropped (the back of a loop), or, for a ghost normal, the segment's
/// face normal with the depth of `other` below that face, when `other`'s deepest point
/// below it lies over the segment (see `shape/chain.rs`).
pub(super) fn smooth_contact(
    chain: &Chain,
    pose: &Transform,
    k: u32,
    contact: Contact,
    other: (&Shape, &[Vec2]),
    other_pose: &Transform,
) -> Option<Contact> {
    let k = k as usize;
    let Shape::Segment { a, b } = chain.segments()[k] else {
        return None;
    };
    let joints = chain.joints(k);
    smooth_segment_contact((a, b), &joints, false, pose, contact, other, other_pose)
}

/// [`smooth_contact`] for any segment with its [`Joints`] (a chain's, or a tile grid's
/// boundary segment: `tiles.rs`), its ends `a, b` local. With `behind_is_face`, a normal
/// behind a one-sided segment is not dropped but falls back to the face as a ghost does:
/// behind a tile grid's boundary is solid, which a shape may sink into, and its depth below
/// the face is what separates it.
#[allow(clippy::too_many_arguments)] // the segment, its rule, and the contact with its two sides
pub(super) fn smooth_segment_contact(
    (a, b): (Vec2, Vec2),
    joints: &Joints,
    behind_is_face: bool,
    pose: &Transform,
    contact: Contact,
    other: (&Shape, &[Vec2]),
    other_pose: &Transform,
) -> Option<Contact> {
    let face = match joints.smooth(pose.rotation.apply_inv(contact.normal)) {
        Smoothed::Keep => return Some(contact),
        Smoothed::Skip if !behind_is_face => return None,
        Smoothed::Skip => joints.face_normal(),
        Smoothed::Face(face) => face,
    };
    let on_face = pose.apply(a);
    let normal = pose.rotation.apply(face);
    let segment = (a, b, joints.direction);
    let front = below_face(segment, pose, on_face, normal, other, other_pose);
    // An open chain admits both faces: the shallower one separates (as in SAT), and
    // counts only when the shape is over the segment.
    let (contact, over) = if joints.one_sided {
        front
    } else {
        let back = below_face(segment, pose, on_face, -normal, other, other_pose);
        if back.0.depth < front.0.depth {
            back
        } else {
            front
        }
    };
    (over && contact.depth >= 0.0).then_some(contact)
}

/// The contact of `other` against the face of the segment `a → b` (unit direction `e`,
/// local) with outward `normal` (world frame; `on_face` a world point of the face): the
/// depth of `other`'s deepest point below the face, and whether that point lies over the
/// segment.
fn below_face(
    (a, b, e): (Vec2, Vec2, Vec2),
    pose: &Transform,
    on_face: Vec2,
    normal: Vec2,
    other: (&Shape, &[Vec2]),
    other_pose: &Transform,
) -> (Contact, bool) {
    let (shape, points) = other;
    let deepest = support(shape, points, other_pose, -normal);
    let depth = (on_face - deepest).dot(normal);
    let scale = 1.0 + on_face.x.abs() + on_face.y.abs();
    let slack = SLACK_ROUNDINGS * f32::EPSILON * scale;
    let over = is_over_segment(a, b, e, pose.apply_inv(deepest), slack);
    (Contact { normal, depth }, over)
}

/// The normal `normal` (from the chain outwards, world frame) of a ray or cast hit on
/// segment `k` of `chain` at `pose`, after smoothing: `None` when the rule skips it.
pub(super) fn smooth_normal(chain: &Chain, pose: &Transform, k: u32, normal: Vec2) -> Option<Vec2> {
    smooth_segment_normal(&chain.joints(k as usize), pose, normal)
}

/// [`smooth_normal`] for any segment with its [`Joints`].
pub(super) fn smooth_segment_normal(
    joints: &Joints,
    pose: &Transform,
    normal: Vec2,
) -> Option<Vec2> {
    match joints.smooth(pose.rotation.apply_inv(normal)) {
        Smoothed::Keep => Some(normal),
        Smoothed::Skip => None,
        Smoothed::Face(face) => Some(pose.rotation.apply(face)),
    }
}

impl World {
    /// Adds a chain (see [`Chain::new`]) at `(x, y)` turned by `angle` and returns its id:
    /// one shape, one id, whatever the number of its segments. Its transform moves it as
    /// any shape's does (its points are local).
    ///
    /// ```
    /// use sepax::shape::Chain;
    /// use sepax::{Shape, ShapeOptions, Vec2, World};
    /// let mut world = World::new();
    /// let o = ShapeOptions::default();
    /// let points: Vec<Vec2> = (0..=100).map(|i| Vec2::new(i as f32, 0.0)).collect();
    /// let floor = world.add_chain(Chain::new(&points, false).unwrap(), 0.0, 0.0, 0.0, o).unwrap();
    /// // A box across a joint, sunk 0.1 into the floor: only the floor's own normal.
    /// let crate_ = world.add(Shape::aligned_box(0.5, 0.5).unwrap(), 10.0, 0.4, 0.0, o).unwrap();
    /// assert_eq!(world.step().unwrap(), 1);
    /// assert_eq!(world.pairs(), [floor, crate_]);
    /// let c = world.contacts();
    /// assert_eq!((c[0], c[1]), (0.0, 1.0));
    /// assert!((c[2] - 0.1).abs() < 1e-6);
    /// ```
    pub fn add_chain(
        &mut self,
        chain: Chain,
        x: f32,
        y: f32,
        angle: f32,
        options: super::ShapeOptions,
    ) -> Result<u32, WorldError> {
        let id = self.add_row(Shape::Polygon(chain.bounds().clone()), x, y, angle, options)?;
        self.chains.insert(id, chain);
        Ok(id)
    }

    /// The chain stored under `id`, or `None` for another kind of shape.
    pub fn chain(&self, id: u32) -> Result<Option<&Chain>, WorldError> {
        self.check_id("id", id)?;
        Ok(self.chains.get(id))
    }

    /// Writes the points of chain `id` into `out` (cleared first), `x, y` each, in its
    /// **local** coordinates (place them with its transform to draw them), after close
    /// duplicates were merged. A loop's last point joins its first.
    ///
    /// Errors: an unknown id, or one that is not a chain ([`WorldError::NotAChain`]).
    pub fn chain_points(&self, id: u32, out: &mut Vec<f32>) -> Result<(), WorldError> {
        self.check_id("id", id)?;
        let chain = self.chains.get(id).ok_or(WorldError::NotAChain { id })?;
        out.clear();
        out.extend(chain.points().iter().flat_map(|p| [p.x, p.y]));
        Ok(())
    }
}
