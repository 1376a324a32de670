//! The path of a cast in chunks ([`Path`]) and the slab test of the moving box against a
//! candidate's box ([`PathBox`]): the broad-phase side of every cast, sweep and ray (see
//! the module docs of `casts`).

use super::MAX_CHUNKS;
use crate::math::{Aabb, Vec2};

/// A path cut into chunks: the moving box at the start, the motion, and where its chunks
/// end (see the module docs).
pub(super) struct Path {
    pub(super) start: Aabb,
    pub(super) delta: Vec2,
    /// The path's length in the max norm (the unit of the chunk lengths).
    pub(super) length: f32,
    /// The first chunk's length; each next one is twice as long, up to `longest`.
    pub(super) first: f32,
    pub(super) longest: f32,
    /// The whole path is one chunk (a hostile or unbounded motion).
    pub(super) whole: bool,
    pub(super) pad: f32,
}

impl Path {
    /// The path of `start` moved by `delta`, in chunks growing from `first` to `longest`.
    pub(super) fn new(start: Aabb, delta: Vec2, first: f32, longest: f32) -> Path {
        let length = delta.x.abs().max(delta.y.abs());
        let first = first.max(f32::MIN_POSITIVE);
        let longest = longest.max(first);
        // NaN cannot reach here (inputs are checked); a huge or infinite ratio gives one box.
        let uniform = length / longest;
        let whole = uniform.is_nan() || uniform > MAX_CHUNKS as f32;
        let scale = start.min.x.abs().max(start.min.y.abs())
            + start.max.x.abs().max(start.max.y.abs())
            + delta.x.abs()
            + delta.y.abs();
        Path {
            start,
            delta,
            length,
            first,
            longest,
            whole,
            pad: 4.0 * f32::EPSILON * scale,
        }
    }

    /// The chunks in order: each one's box and the fraction of the motion at its end (1
    /// for the last).
    pub(super) fn chunks(&self) -> impl Iterator<Item = (Aabb, f32)> + '_ {
        let mut at = 0.0f32; // distance walked, in the max norm
        let mut next = self.first;
        let mut t0 = 0.0f32;
        let mut done = false;
        core::iter::from_fn(move || {
            if done {
                return None;
            }
            let reach = at + next;
            let t1 = if self.whole || reach >= self.length {
                done = true;
                1.0
            } else {
                reach / self.length
            };
            (at, next) = (reach, (2.0 * next).min(self.longest));
            let place = |t: f32| {
                let shift = self.delta * t;
                Aabb::new(self.start.min + shift, self.start.max + shift)
            };
            let chunk = place(t0).union(&place(t1)).expanded(self.pad);
            t0 = t1;
            Some((chunk, t1))
        })
    }
}

/// The box `half` around `centre` moved by `t × delta`, `t` in `[0, 1]`, against boxes
/// grown by `pad`: [`PathBox::entry`] is the first `t` at which it meets one, or `None`
/// when it never does (a slab test in `f64`). The shapes lie inside their boxes, so no
/// exact cast can hit before it. The reciprocals of the motion are taken once per cast,
/// not once per box: a division costs several multiplications, and a cast tests a few
/// boxes for each it casts against.
pub(super) struct PathBox {
    pub(super) centre: [f64; 2],
    pub(super) grow: [f64; 2],
    pub(super) delta: [f64; 2],
    pub(super) inverse: [f64; 2],
}

impl PathBox {
    pub(super) fn new(centre: Vec2, half: Vec2, delta: Vec2, pad: f32) -> PathBox {
        let d = [delta.x as f64, delta.y as f64];
        PathBox {
            centre: [centre.x as f64, centre.y as f64],
            grow: [(half.x + pad) as f64, (half.y + pad) as f64],
            delta: d,
            inverse: [1.0 / d[0], 1.0 / d[1]],
        }
    }

    /// Comparisons rather than `f64::min`/`max`, which are calls in wasm (their NaN rule
    /// is not the instruction's); nothing here is NaN.
    #[inline]
    pub(super) fn entry(&self, target: &Aabb) -> Option<f64> {
        let (mut enter, mut leave) = (0.0f64, 1.0f64);
        for (axis, lo, hi) in [
            (0, target.min.x, target.max.x),
            (1, target.min.y, target.max.y),
        ] {
            let c = self.centre[axis];
            let (lo, hi) = (lo as f64 - self.grow[axis], hi as f64 + self.grow[axis]);
            let d = self.delta[axis];
            if d == 0.0 {
                if c < lo || c > hi {
                    return None;
                }
                continue;
            }
            let (near, far) = if d > 0.0 { (lo, hi) } else { (hi, lo) };
            let (t_near, t_far) = (
                (near - c) * self.inverse[axis],
                (far - c) * self.inverse[axis],
            );
            if t_near > enter {
                enter = t_near;
            }
            if t_far < leave {
                leave = t_far;
            }
        }
        (enter <= leave).then_some(enter)
    }
}
