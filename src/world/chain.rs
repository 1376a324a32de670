//! Chains in the world: one id, one broad-phase entry, many segments, smoothed contacts.
//!
//! A chain ([`Chain`], checked when it is built) is stored as concave polygons are
//! (`concave.rs`): its row holds a rectangle around its points ([`Chain::bounds`]), which
//! is all the broad phase, the poses and the boxes ever read, and its segments live beside
//! the store in a side table by id ([`Chains`]). Every exact path that meets a chain id
//! reads it as [`Pieces::Chain`]: the step's pairs (reported once per pair of ids, with the
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
//! Snapshots and scene records do not describe chains yet: [`World::check_no_chains`]
//! (with [`World::first_chain_id`]) is the one check for the snapshot and `shape(id)` to
//! make before they write anything, until chains have a section of their own.

use super::concave::Pieces;
use super::{World, WorldError};
use crate::cast::support;
use crate::math::{Transform, Vec2};
use crate::narrow_phase::Contact;
use crate::shape::{Chain, Shape, Smoothed};
use crate::store::ShapeStore;

/// How many roundings of the coordinates a face fallback's point may lie past a
/// segment's end and still be over it (a point exactly over a joint is over both).
const SLACK_ROUNDINGS: f32 = 16.0;

/// The chains of a world, by id.
#[derive(Clone, Debug, Default)]
pub(super) struct Chains {
    by_id: Vec<Option<Box<Chain>>>,
    count: usize,
}

impl Chains {
    /// The chain stored under `id`, if it is one.
    #[inline]
    pub(super) fn get(&self, id: u32) -> Option<&Chain> {
        if self.count == 0 {
            return None;
        }
        self.by_id.get(id as usize).and_then(|c| c.as_deref())
    }

    /// True when `a` or `b` is a chain (checked only while some shape is).
    #[inline]
    pub(super) fn involves(&self, a: u32, b: u32) -> bool {
        self.count > 0 && (self.get(a).is_some() || self.get(b).is_some())
    }

    /// Forgets the chain of `id`, if it had one (called on every removal).
    pub(super) fn remove(&mut self, id: u32) {
        if let Some(slot) = self.by_id.get_mut(id as usize) {
            if slot.take().is_some() {
                self.count -= 1;
            }
        }
    }

    fn insert(&mut self, id: u32, chain: Chain) {
        let i = id as usize;
        if self.by_id.len() <= i {
            self.by_id.resize(i + 1, None);
        }
        self.by_id[i] = Some(Box::new(chain));
        self.count += 1;
    }

    /// The smallest id holding a chain.
    fn first(&self) -> Option<u32> {
        if self.count == 0 {
            return None;
        }
        self.by_id
            .iter()
            .position(Option::is_some)
            .map(|i| i as u32)
    }

    /// Every chain entry belongs to a live id whose row holds its bounds.
    pub(super) fn validate(&self, store: &ShapeStore) -> Result<(), String> {
        let mut live = 0;
        for (id, entry) in self.by_id.iter().enumerate() {
            if let Some(c) = entry {
                let id = id as u32;
                let bounds = Shape::Polygon(c.bounds().clone());
                if !store.is_alive(id) || store.bodies[store.row(id)].shape != bounds {
                    return Err(format!("chain entry {id} does not match its row"));
                }
                live += 1;
            }
        }
        if live != self.count {
            return Err(format!("{live} chain entries, {} counted", self.count));
        }
        Ok(())
    }
}

/// The contact `contact` found on segment `k` of `chain` (at `pose`; the normal from the
/// chain to `other`, at `other_pose`) after smoothing: kept, dropped (the back of a loop),
/// or, for a ghost normal, the segment's face normal with the depth of `other` below that
/// face, when `other`'s deepest point below it lies over the segment (see
/// `shape/chain.rs`).
pub(super) fn smooth_contact(
    chain: &Chain,
    pose: &Transform,
    k: u32,
    contact: Contact,
    other: Pieces<'_>,
    other_pose: &Transform,
) -> Option<Contact> {
    let k = k as usize;
    match chain.smooth(k, pose.rotation.apply_inv(contact.normal)) {
        Smoothed::Keep => Some(contact),
        Smoothed::Skip => None,
        Smoothed::Face(face) => {
            let Shape::Segment { a, .. } = chain.segments()[k] else {
                return None;
            };
            let on_face = pose.apply(a);
            let normal = pose.rotation.apply(face);
            let front = below_face(chain, k, pose, on_face, normal, other, other_pose);
            // An open chain admits both faces: the shallower one separates (as in SAT), and
            // counts only when the shape is over the segment.
            let (contact, over) = if chain.is_loop() {
                front
            } else {
                let back = below_face(chain, k, pose, on_face, -normal, other, other_pose);
                if back.0.depth < front.0.depth {
                    back
                } else {
                    front
                }
            };
            (over && contact.depth >= 0.0).then_some(contact)
        }
    }
}

/// The contact of `other` against the face of segment `k` with outward `normal` (world
/// frame; `on_face` a world point of the face): the depth of `other`'s deepest point below
/// the face, and whether that point lies over the segment.
fn below_face(
    chain: &Chain,
    k: usize,
    pose: &Transform,
    on_face: Vec2,
    normal: Vec2,
    other: Pieces<'_>,
    other_pose: &Transform,
) -> (Contact, bool) {
    let (mut depth, mut deepest) = (f32::NEG_INFINITY, on_face);
    other.each(&mut |_, shape, points| {
        let point = support(shape, points, other_pose, -normal);
        let below = (on_face - point).dot(normal);
        if below > depth {
            (depth, deepest) = (below, point);
        }
    });
    let scale = 1.0 + on_face.x.abs() + on_face.y.abs();
    let slack = SLACK_ROUNDINGS * f32::EPSILON * scale;
    let over = chain.is_over(k, pose.apply_inv(deepest), slack);
    (Contact { normal, depth }, over)
}

/// The normal `normal` (from the chain outwards, world frame) of a ray or cast hit on
/// segment `k` of `chain` at `pose`, after smoothing: `None` when the rule skips it.
pub(super) fn smooth_normal(chain: &Chain, pose: &Transform, k: u32, normal: Vec2) -> Option<Vec2> {
    match chain.smooth(k as usize, pose.rotation.apply_inv(normal)) {
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

    /// The smallest id that holds a chain, if any.
    #[must_use]
    pub fn first_chain_id(&self) -> Option<u32> {
        self.chains.first()
    }

    /// The check of everything that cannot describe chains yet (snapshots, scene records):
    /// with `id`, fails when that shape is a chain; without, when any shape is.
    /// [`WorldError::ChainNotSupported`] names the chain.
    pub fn check_no_chains(&self, id: Option<u32>) -> Result<(), WorldError> {
        let chain = match id {
            Some(id) => self.chains.get(id).map(|_| id),
            None => self.first_chain_id(),
        };
        match chain {
            Some(id) => Err(WorldError::ChainNotSupported { id }),
            None => Ok(()),
        }
    }
}
