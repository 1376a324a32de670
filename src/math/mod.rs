//! Small `Copy` value types for 2D geometry: [`Vec2`], [`Rot`], [`Transform`] and [`Aabb`].
//!
//! Everything here is `f32`, the precision the world stores (see the crate docs for the
//! precision model). The vocabulary follows glam (`dot`, `perp`, `perp_dot`,
//! `length_squared`, `normalize_or_zero`) so that readers who know the Rust game ecosystem
//! feel at home, but there is no dependency: the few operations the collision code needs
//! are written out here, `#[inline]`, so they compile to straight-line float code in wasm.
//!
//! Conventions: the coordinate system is whatever the game uses (y-up or y-down both work;
//! "counter-clockwise" below means "positive signed area", which on a y-down canvas looks
//! clockwise on screen). Angles are radians; a positive angle turns +x towards +y.
//!
//! This module must not know about shapes, storage or JavaScript.

mod trig;

use core::ops::{Add, AddAssign, Mul, Neg, Sub, SubAssign};
use trig::sin_cos;

/// The smaller of two numbers, for finite inputs (`-0.0` counts as below `+0.0`).
///
/// Not `f32::min`: its NaN rule (return the other operand) does not match wasm's
/// `f32.min` (return NaN), so on wasm32 `f32::min` compiles to a call of the library's
/// `fminf` instead of one instruction. Nor a comparison and a float `select`: V8 compiles
/// a wasm `select` of two floats, and `f32.min` too, into a compare and a conditional jump,
/// and in the hot loops (bounding boxes, SAT projections, the deepest face) that jump goes
/// either way at random, where a `select` of two integers becomes a conditional move (about
/// three times faster on random data; see `docs/performance-notes.md`). So the comparison
/// is made on order keys (integers that order like the floats), which LLVM cannot turn back
/// into a float `select`. Every value reaching the geometry is validated finite.
#[inline]
#[must_use]
pub fn min_f32(a: f32, b: f32) -> f32 {
    from_order_key(order_key(a).min(order_key(b)))
}

/// The larger of two numbers, for finite inputs; see [`min_f32`] for why not `f32::max`.
#[inline]
#[must_use]
pub fn max_f32(a: f32, b: f32) -> f32 {
    from_order_key(order_key(a).max(order_key(b)))
}

/// An integer that orders like the float `value` (any non-NaN `f32`, with `-0.0` just
/// below `+0.0`): the bit pattern, with the magnitude bits of negative values flipped.
/// Loops that take the minimum, maximum or deepest of many floats keep keys and compare
/// those, so that what they select is an integer (see [`min_f32`]); [`from_order_key`]
/// gives the float back, bit for bit.
#[inline]
#[must_use]
pub(crate) fn order_key(value: f32) -> i32 {
    let bits = value.to_bits() as i32;
    bits ^ (((bits >> 31) as u32) >> 1) as i32
}

/// The float whose [`order_key`] is `key`.
#[inline]
#[must_use]
pub(crate) fn from_order_key(key: i32) -> f32 {
    f32::from_bits((key ^ (((key >> 31) as u32) >> 1) as i32) as u32)
}

/// The extremes of `points` projected on two axes: `[min u, min v, max u, max v]` with
/// `u = along_u · p` and `v = along_v · p` (each rounded as [`Vec2::dot`] rounds). A
/// polygon's box (the axes are the rows of its rotation) and the box-polygon kernel (the
/// box's axes in the polygon's frame) both reduce to this. `points` must not be empty.
///
/// The simd128 build keeps the lanes `(u, v, -u, -v)` of each point and one `f32x4.pmin`
/// takes all four extremes at once (one `minps` in V8). Negation is exact and `-a - b`
/// rounds like `-(a + b)`, so the values are those of the scalar build's order-key loop.
/// Only a zero extreme could differ, in sign (`pmin` treats `-0.0` and `+0.0` as equal,
/// the keys do not): both builds return it as `+0.0` (adding `+0.0` changes nothing else),
/// so that they agree bit for bit.
#[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
#[inline]
#[must_use]
pub(crate) fn projection_extremes(points: &[Vec2], along_u: Vec2, along_v: Vec2) -> [f32; 4] {
    use core::arch::wasm32::{
        f32x4, f32x4_add, f32x4_extract_lane, f32x4_mul, f32x4_pmin, f32x4_splat,
    };
    let by_x = f32x4(along_u.x, along_v.x, -along_u.x, -along_v.x);
    let by_y = f32x4(along_u.y, along_v.y, -along_u.y, -along_v.y);
    let mut lo = f32x4_splat(f32::INFINITY);
    for p in points {
        let projected = f32x4_add(
            f32x4_mul(f32x4_splat(p.x), by_x),
            f32x4_mul(f32x4_splat(p.y), by_y),
        );
        lo = f32x4_pmin(projected, lo);
    }
    [
        f32x4_extract_lane::<0>(lo) + 0.0,
        f32x4_extract_lane::<1>(lo) + 0.0,
        -f32x4_extract_lane::<2>(lo) + 0.0,
        -f32x4_extract_lane::<3>(lo) + 0.0,
    ]
}

/// The extremes of `points` projected on two axes: the scalar build (and every native
/// one), compared as order keys (see [`min_f32`]); a zero extreme as `+0.0`, as the
/// simd128 build gives it.
#[cfg(not(all(target_arch = "wasm32", target_feature = "simd128")))]
#[inline]
#[must_use]
pub(crate) fn projection_extremes(points: &[Vec2], along_u: Vec2, along_v: Vec2) -> [f32; 4] {
    let (mut lo_u, mut hi_u) = (order_key(f32::INFINITY), order_key(f32::NEG_INFINITY));
    let (mut lo_v, mut hi_v) = (lo_u, hi_u);
    for p in points {
        let (u, v) = (
            order_key(p.x * along_u.x + p.y * along_u.y),
            order_key(p.x * along_v.x + p.y * along_v.y),
        );
        lo_u = lo_u.min(u);
        hi_u = hi_u.max(u);
        lo_v = lo_v.min(v);
        hi_v = hi_v.max(v);
    }
    [lo_u, lo_v, hi_u, hi_v].map(|key| from_order_key(key) + 0.0)
}

/// A 2D vector (or point) of `f32`.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Vec2 {
    /// The x component.
    pub x: f32,
    /// The y component.
    pub y: f32,
}

impl Vec2 {
    /// The zero vector.
    pub const ZERO: Vec2 = Vec2 { x: 0.0, y: 0.0 };
    /// The unit vector along +x.
    pub const X: Vec2 = Vec2 { x: 1.0, y: 0.0 };
    /// The unit vector along +y.
    pub const Y: Vec2 = Vec2 { x: 0.0, y: 1.0 };

    /// Builds a vector from its components.
    #[inline]
    #[must_use]
    pub const fn new(x: f32, y: f32) -> Vec2 {
        Vec2 { x, y }
    }

    /// The dot product.
    #[inline]
    #[must_use]
    pub fn dot(self, other: Vec2) -> f32 {
        self.x * other.x + self.y * other.y
    }

    /// The 2D cross product (z of the 3D cross product): positive when `other` is
    /// counter-clockwise from `self`.
    #[inline]
    #[must_use]
    pub fn perp_dot(self, other: Vec2) -> f32 {
        self.x * other.y - self.y * other.x
    }

    /// This vector turned a quarter turn counter-clockwise: `(-y, x)`.
    #[inline]
    #[must_use]
    pub fn perp(self) -> Vec2 {
        Vec2::new(-self.y, self.x)
    }

    /// The squared length.
    #[inline]
    #[must_use]
    pub fn length_squared(self) -> f32 {
        self.dot(self)
    }

    /// The length.
    #[inline]
    #[must_use]
    pub fn length(self) -> f32 {
        self.length_squared().sqrt()
    }

    /// This vector scaled to unit length, or zero when its length is zero or not finite.
    #[inline]
    #[must_use]
    pub fn normalize_or_zero(self) -> Vec2 {
        let len = self.length();
        if len > 0.0 && len.is_finite() {
            self * (1.0 / len)
        } else {
            Vec2::ZERO
        }
    }

    /// The component-wise minimum (finite inputs; see [`min_f32`]).
    #[inline]
    #[must_use]
    pub fn min(self, other: Vec2) -> Vec2 {
        Vec2::new(min_f32(self.x, other.x), min_f32(self.y, other.y))
    }

    /// The component-wise maximum (finite inputs; see [`max_f32`]).
    #[inline]
    #[must_use]
    pub fn max(self, other: Vec2) -> Vec2 {
        Vec2::new(max_f32(self.x, other.x), max_f32(self.y, other.y))
    }

    /// The component-wise absolute value.
    #[inline]
    #[must_use]
    pub fn abs(self) -> Vec2 {
        Vec2::new(self.x.abs(), self.y.abs())
    }

    /// True when both components are finite (neither NaN nor infinite).
    #[inline]
    #[must_use]
    pub fn is_finite(self) -> bool {
        self.x.is_finite() && self.y.is_finite()
    }

    /// The vector projection of `self` onto `axis` (any non-zero length): the point of the
    /// line through the origin along `axis` closest to `self`. For a unit axis this is
    /// `axis × self.dot(axis)`; SAT only needs that scalar, the vector form is the seed
    /// articles' picture of it.
    #[inline]
    #[must_use]
    pub fn project_onto(self, axis: Vec2) -> Vec2 {
        axis * (self.dot(axis) / axis.length_squared())
    }
}

impl Add for Vec2 {
    type Output = Vec2;
    #[inline]
    fn add(self, rhs: Vec2) -> Vec2 {
        Vec2::new(self.x + rhs.x, self.y + rhs.y)
    }
}

impl AddAssign for Vec2 {
    #[inline]
    fn add_assign(&mut self, rhs: Vec2) {
        *self = *self + rhs;
    }
}

impl Sub for Vec2 {
    type Output = Vec2;
    #[inline]
    fn sub(self, rhs: Vec2) -> Vec2 {
        Vec2::new(self.x - rhs.x, self.y - rhs.y)
    }
}

impl SubAssign for Vec2 {
    #[inline]
    fn sub_assign(&mut self, rhs: Vec2) {
        *self = *self - rhs;
    }
}

impl Neg for Vec2 {
    type Output = Vec2;
    #[inline]
    fn neg(self) -> Vec2 {
        Vec2::new(-self.x, -self.y)
    }
}

impl Mul<f32> for Vec2 {
    type Output = Vec2;
    #[inline]
    fn mul(self, rhs: f32) -> Vec2 {
        Vec2::new(self.x * rhs, self.y * rhs)
    }
}

/// A rotation stored as its cosine and sine, so applying it costs four multiplies and
/// no trigonometry.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Rot {
    /// Cosine of the angle.
    pub cos: f32,
    /// Sine of the angle.
    pub sin: f32,
}

impl Default for Rot {
    fn default() -> Self {
        Rot::IDENTITY
    }
}

impl Rot {
    /// No rotation.
    pub const IDENTITY: Rot = Rot { cos: 1.0, sin: 0.0 };

    /// The rotation by `angle` radians (counter-clockwise: +x turns towards +y).
    ///
    /// By exactly the value of the `f32` `angle`, however large (reduced modulo 2π
    /// exactly): the cosine and sine are each the `f32` nearest to the true value, or
    /// rarely its neighbour. Nothing is snapped to an axis, so `Rot::from_angle(FRAC_PI_2)`
    /// turns 4.4e-8 rad past the y axis, because that is the angle the `f32` holds; only 0
    /// gives exactly `cos = 1, sin = 0`. Use an angle of 0 (and swapped extents) for a box
    /// that must stay exactly axis-aligned.
    #[inline]
    #[must_use]
    pub fn from_angle(angle: f32) -> Rot {
        // An unturned shape (most bullets and characters) skips the polynomials: for ±0 they
        // give exactly (±0, 1), the sine keeping the angle's sign.
        if angle == 0.0 {
            return Rot {
                cos: 1.0,
                sin: angle,
            };
        }
        let (sin, cos) = sin_cos(angle);
        Rot { cos, sin }
    }

    /// Rotates a vector.
    #[inline]
    #[must_use]
    pub fn apply(self, v: Vec2) -> Vec2 {
        Vec2::new(
            self.cos * v.x - self.sin * v.y,
            self.sin * v.x + self.cos * v.y,
        )
    }

    /// Rotates a vector by the inverse rotation.
    #[inline]
    #[must_use]
    pub fn apply_inv(self, v: Vec2) -> Vec2 {
        Vec2::new(
            self.cos * v.x + self.sin * v.y,
            -self.sin * v.x + self.cos * v.y,
        )
    }

    /// The inverse rotation.
    #[inline]
    #[must_use]
    pub fn inverse(self) -> Rot {
        Rot {
            cos: self.cos,
            sin: -self.sin,
        }
    }

    /// The rotation's local x axis in the parent frame.
    #[inline]
    #[must_use]
    pub fn x_axis(self) -> Vec2 {
        Vec2::new(self.cos, self.sin)
    }

    /// The rotation's local y axis in the parent frame.
    #[inline]
    #[must_use]
    pub fn y_axis(self) -> Vec2 {
        Vec2::new(-self.sin, self.cos)
    }
}

impl Mul for Rot {
    type Output = Rot;
    /// The composition `self · other`: applying it equals applying `other`, then `self`.
    #[inline]
    fn mul(self, other: Rot) -> Rot {
        Rot {
            cos: self.cos * other.cos - self.sin * other.sin,
            sin: self.sin * other.cos + self.cos * other.sin,
        }
    }
}

/// A rigid transform: rotate by `rotation`, then translate by `translation`.
///
/// Shapes are defined in local space around their origin; a transform places them in the
/// world.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Transform {
    /// Where the local origin lands in the world.
    pub translation: Vec2,
    /// The rotation applied before translating.
    pub rotation: Rot,
}

impl Transform {
    /// The identity transform.
    pub const IDENTITY: Transform = Transform {
        translation: Vec2::ZERO,
        rotation: Rot::IDENTITY,
    };

    /// The transform placing a shape at `(x, y)` turned by `angle` radians.
    #[inline]
    #[must_use]
    pub fn from_xy_angle(x: f32, y: f32, angle: f32) -> Transform {
        Transform {
            translation: Vec2::new(x, y),
            rotation: Rot::from_angle(angle),
        }
    }

    /// Maps a local point to the world.
    #[inline]
    #[must_use]
    pub fn apply(&self, local: Vec2) -> Vec2 {
        self.rotation.apply(local) + self.translation
    }

    /// Maps a world point into local space.
    #[inline]
    #[must_use]
    pub fn apply_inv(&self, world: Vec2) -> Vec2 {
        self.rotation.apply_inv(world - self.translation)
    }

    /// The inverse transform.
    #[inline]
    #[must_use]
    pub fn inverse(&self) -> Transform {
        let rotation = self.rotation.inverse();
        Transform {
            translation: -rotation.apply(self.translation),
            rotation,
        }
    }

    /// `other` expressed in `self`'s local frame: `self⁻¹ · other` (parry's `pos12`).
    ///
    /// This is the "local-space trick" of the seed articles: a kernel that works in A's
    /// frame sees A axis-aligned at the origin and only has to transform B.
    #[inline]
    #[must_use]
    pub fn inv_mul(&self, other: &Transform) -> Transform {
        Transform {
            translation: self.apply_inv(other.translation),
            rotation: self.rotation.inverse() * other.rotation,
        }
    }
}

/// An axis-aligned bounding box. Closed: boxes that share an edge overlap.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Aabb {
    /// The corner with the smallest coordinates.
    pub min: Vec2,
    /// The corner with the largest coordinates.
    pub max: Vec2,
}

impl Aabb {
    /// Builds a box from its corners (the caller guarantees `min <= max`).
    #[inline]
    #[must_use]
    pub const fn new(min: Vec2, max: Vec2) -> Aabb {
        Aabb { min, max }
    }

    /// The box `centre ± half_extents`.
    #[inline]
    #[must_use]
    pub fn from_center_half_extents(centre: Vec2, half_extents: Vec2) -> Aabb {
        Aabb {
            min: centre - half_extents,
            max: centre + half_extents,
        }
    }

    /// True when the boxes overlap or touch.
    #[inline]
    #[must_use]
    pub fn overlaps(&self, other: &Aabb) -> bool {
        self.min.x <= other.max.x
            && other.min.x <= self.max.x
            && self.min.y <= other.max.y
            && other.min.y <= self.max.y
    }

    /// True when `point` is inside or on the boundary.
    #[inline]
    #[must_use]
    pub fn contains_point(&self, point: Vec2) -> bool {
        self.min.x <= point.x
            && point.x <= self.max.x
            && self.min.y <= point.y
            && point.y <= self.max.y
    }

    /// The smallest box containing both.
    #[inline]
    #[must_use]
    pub fn union(&self, other: &Aabb) -> Aabb {
        Aabb {
            min: self.min.min(other.min),
            max: self.max.max(other.max),
        }
    }

    /// The box grown by `margin` on every side.
    #[inline]
    #[must_use]
    pub fn expanded(&self, margin: f32) -> Aabb {
        let m = Vec2::new(margin, margin);
        Aabb {
            min: self.min - m,
            max: self.max + m,
        }
    }

    /// Width and height.
    #[inline]
    #[must_use]
    pub fn extents(&self) -> Vec2 {
        self.max - self.min
    }

    /// The centre point.
    #[inline]
    #[must_use]
    pub fn center(&self) -> Vec2 {
        (self.min + self.max) * 0.5
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// An `f32` right angle is not quite π/2: the rotation is by the angle the `f32` holds.
    #[test]
    fn right_angles_turn_by_the_f32_value() {
        assert_eq!(Rot::from_angle(0.0), Rot::IDENTITY);
        // The shortcut for a zero angle gives the polynomials' answer to the bit.
        for zero in [0.0f32, -0.0] {
            let rot = Rot::from_angle(zero);
            let (sin, cos) = sin_cos(zero);
            assert_eq!(
                (rot.sin.to_bits(), rot.cos.to_bits()),
                (sin.to_bits(), cos.to_bits())
            );
        }
        for k in -8..=8 {
            let angle = k as f32 * core::f32::consts::FRAC_PI_2;
            let (sin, cos) = f64::from(angle).sin_cos();
            let rot = Rot::from_angle(angle);
            assert_eq!((rot.cos, rot.sin), (cos as f32, sin as f32), "{k}");
        }
        let quarter = Rot::from_angle(core::f32::consts::FRAC_PI_2);
        assert_eq!(quarter.apply(Vec2::X), Vec2::new(-4.371_139e-8, 1.0));
    }

    #[test]
    fn transform_round_trips() {
        let tf = Transform::from_xy_angle(3.0, -4.0, 0.7);
        let p = Vec2::new(1.5, 2.5);
        let back = tf.apply_inv(tf.apply(p));
        assert!((back - p).length() < 1e-5);
        let inv = tf.inverse();
        assert!((inv.apply(tf.apply(p)) - p).length() < 1e-5);
    }

    #[test]
    fn inv_mul_expresses_b_in_a() {
        let a = Transform::from_xy_angle(1.0, 2.0, 0.3);
        let b = Transform::from_xy_angle(-3.0, 5.0, -1.1);
        let rel = a.inv_mul(&b);
        let p = Vec2::new(0.25, -0.75);
        let via_rel = a.apply(rel.apply(p));
        assert!((via_rel - b.apply(p)).length() < 1e-5);
    }

    #[test]
    fn aabb_touching_overlaps() {
        let a = Aabb::new(Vec2::new(0.0, 0.0), Vec2::new(1.0, 1.0));
        let b = Aabb::new(Vec2::new(1.0, 0.0), Vec2::new(2.0, 1.0));
        let c = Aabb::new(Vec2::new(1.001, 0.0), Vec2::new(2.0, 1.0));
        assert!(a.overlaps(&b));
        assert!(!a.overlaps(&c));
    }
}
