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

use core::ops::{Add, AddAssign, Mul, Neg, Sub, SubAssign};

/// The smaller of two numbers, for finite inputs (`-0.0` counts as below `+0.0`).
///
/// Not `f32::min`: its NaN rule (return the other operand) does not match wasm's
/// `f32.min` (return NaN), so on wasm32 `f32::min` compiles to a call of the library's
/// `fminf` instead of one instruction. Nor a comparison and a float `select`: V8 (Node 20)
/// compiles a wasm `select` of two floats, and `f32.min` too, into a compare and a
/// conditional jump, and in the hot loops (bounding boxes, SAT projections, the deepest
/// face) that jump goes either way at random. The minimum of each of 200,000 groups of six
/// random values took 3.5 ms that way and 1.1 ms as a `select` of two integers, which V8
/// compiles to a conditional move. So the comparison is made on order keys (integers that
/// order like the floats), which LLVM cannot turn back into a float `select`. Every value
/// reaching the geometry is validated finite.
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
/// rounds like `-(a + b)`, so the values are those of the scalar build's order-key loop
/// (a zero extreme may differ in sign: `pmin` treats `-0.0` and `+0.0` as equal).
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
        f32x4_extract_lane::<0>(lo),
        f32x4_extract_lane::<1>(lo),
        -f32x4_extract_lane::<2>(lo),
        -f32x4_extract_lane::<3>(lo),
    ]
}

/// The extremes of `points` projected on two axes: the scalar build (and every native
/// one), compared as order keys (see [`min_f32`]).
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
    [lo_u, lo_v, hi_u, hi_v].map(from_order_key)
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
    /// Computed in `f64` and rounded. An angle within its own `f32` rounding of a multiple
    /// of 90° (such as `Math.fround(Math.PI / 2)` or `-4π` as `f32`) gives exactly 0 and ±1,
    /// so boxes turned by right angles stay exactly axis-aligned.
    #[inline]
    #[must_use]
    pub fn from_angle(angle: f32) -> Rot {
        let (sin, cos) = sin_cos(angle as f64);
        // The f32 angle can be up to half an ulp (|angle| × 2^-24) from the multiple of
        // π/2 the caller meant; allow one ulp, and never less than 1e-7.
        // The larger of the two as integers: both are non-negative, so their bit patterns
        // order like them. (`f64::max` is a library call on wasm32, and a float select a
        // jump in V8 that random angles take either way: see `min_f32`.)
        let ulp = angle.abs() as f64 * f32::EPSILON as f64;
        let tolerance = f64::from_bits(ulp.to_bits().max(1e-7f64.to_bits()));
        // Snap to the nearest axis as a whole: snapping each component on its own gave a
        // zero rotation once the tolerance passed 1/√2 (angles beyond about 6e6), and a
        // slightly non-unit one whenever one component snapped and the other did not.
        if sin.abs() < tolerance && sin.abs() <= cos.abs() {
            Rot {
                cos: 1f32.copysign(cos as f32),
                sin: 0.0,
            }
        } else if cos.abs() < tolerance {
            Rot {
                cos: 0.0,
                sin: 1f32.copysign(sin as f32),
            }
        } else {
            Rot {
                cos: cos as f32,
                sin: sin as f32,
            }
        }
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

/// Sine and cosine of `x` (an `f32` value), accurate to about 1e-11 absolute, which is far
/// below the `f32` rounding of the result.
///
/// Every moving shape needs both every step, and the library `sin_cos` costs several
/// times more than this in wasm (where it is compiled-in software, not an instruction).
/// The argument is reduced to `[-π/4, π/4]` by a multiple of π/2 with a two-part π/2
/// (Cody–Waite), then short Taylor polynomials finish the job. Huge angles, where that
/// reduction would lose precision, are first brought within a turn of 0 by [`reduce_large`].
#[inline]
fn sin_cos(x: f64) -> (f64, f64) {
    const FRAC_2_PI: f64 = core::f64::consts::FRAC_2_PI;
    // π/2 split so that k × PIO2_HI is exact for |k| < 2^20.
    const PIO2_HI: f64 = 1.570_796_326_734_125_6;
    const PIO2_LO: f64 = 6.077_100_506_506_192e-11;
    let x = if x.is_nan() || x.abs() >= 1.0e5 {
        reduce_large(x)
    } else {
        x
    };
    // Round to nearest by truncating x·2/π ± 0.5 (a plain conversion; `round` is a library
    // call on baseline x86). The sign of the half by `copysign`: a select would be a jump
    // in V8 (see `min_f32`).
    let scaled = x * FRAC_2_PI;
    let k = (scaled + 0.5f64.copysign(scaled)) as i64;
    let kf = k as f64;
    let r = (x - kf * PIO2_HI) - kf * PIO2_LO;
    // Taylor terms to r^11 and r^12: the first omitted terms are below 1e-11 on |r| <= π/4.
    // Evaluated by Estrin's scheme (pairs of terms, combined with z², z⁴) rather than
    // Horner's: the same terms, with a dependency chain half as long. Measured in wasm at
    // 20,000 shapes: the pose phase 2–4 % faster.
    const S3: f64 = -1.0 / 6.0;
    const S5: f64 = 1.0 / 120.0;
    const S7: f64 = -1.0 / 5040.0;
    const S9: f64 = 1.0 / 362_880.0;
    const S11: f64 = -1.0 / 39_916_800.0;
    const C2: f64 = -0.5;
    const C4: f64 = 1.0 / 24.0;
    const C6: f64 = -1.0 / 720.0;
    const C8: f64 = 1.0 / 40_320.0;
    const C10: f64 = -1.0 / 3_628_800.0;
    const C12: f64 = 1.0 / 479_001_600.0;
    let z = r * r;
    let z2 = z * z;
    let z4 = z2 * z2;
    let s = r * ((1.0 + S3 * z) + z2 * (S5 + S7 * z) + z4 * (S9 + S11 * z));
    let c = (1.0 + C2 * z) + z2 * (C4 + C6 * z) + z4 * ((C8 + C10 * z) + C12 * z2);
    // Quadrant k: (sin, cos) = (s, c), (c, -s), (-s, -c), (-c, s). Selected with a swap
    // and two sign flips rather than a `match`, whose jump table random angles mispredict
    // three times in four; and with integer masks on the bit patterns, because V8 turns a
    // float `select` back into a branch.
    let (s_bits, c_bits) = (s.to_bits(), c.to_bits());
    let swap = 0u64.wrapping_sub((k & 1) as u64);
    let sin_sign = ((k as u64) & 2) << 62;
    let cos_sign = (((k ^ (k >> 1)) as u64) & 1) << 63;
    (
        f64::from_bits(((s_bits & !swap) | (c_bits & swap)) ^ sin_sign),
        f64::from_bits(((c_bits & !swap) | (s_bits & swap)) ^ cos_sign),
    )
}

/// The angle within `[-2π, 2π]` that differs from `x` (an `f32` value of magnitude at least
/// 2) by a multiple of 2π, to about 1e-15 (NaN for NaN and infinities). An exact reduction
/// (Payne–Hanek): `|x| = m·2^e` with a 24-bit `m`, so `|x|·2/π` modulo 4 needs only the 104
/// bits of 2/π from `2^(1-e)` on. The library's reduction does the same in general and is
/// several kilobytes of wasm; angles this large are rare.
///
/// Plain `u64` arithmetic in 26-bit pieces, and one `f64` out: `u128` helpers and a pair
/// returned through memory would need a stack frame, which the caller (wasm-opt inlines this
/// into it) would then set up on its fast path too.
#[cold]
#[inline(never)]
fn reduce_large(x: f64) -> f64 {
    /// 2/π to 256 bits: 0.a2f9836e…c561 in hexadecimal.
    const TWO_OVER_PI: [u64; 4] = [
        0xa2f9_836e_4e44_1529,
        0xfc27_57d1_f534_ddc0,
        0xdb62_9599_3c43_9041,
        0xfe51_63ab_debb_c561,
    ];
    /// The 26 bits of 2/π that start `at` bits after the binary point (0 is the 2^-1 bit;
    /// bits before the point are 0).
    fn bits26(at: i32) -> u64 {
        let word = |i: i32| {
            usize::try_from(i)
                .ok()
                .and_then(|i| TWO_OVER_PI.get(i).copied())
        };
        let (i, shift) = (at.div_euclid(64), at.rem_euclid(64) as u32);
        let high = word(i).unwrap_or(0) << shift;
        let low = match shift {
            0 => 0,
            _ => word(i + 1).unwrap_or(0) >> (64 - shift),
        };
        (high | low) >> 38
    }
    if !x.is_finite() {
        return f64::NAN;
    }
    let bits = (x as f32).abs().to_bits();
    let m = u64::from(bits & 0x7f_ffff | 0x80_0000);
    let e = (bits >> 23) as i32 - 150;
    // m·2^e·2/π, dropping the bits of 2/π that contribute multiples of 4: with the window
    // of 2/π starting at bit e - 2, the product m × window has its binary point at bit 102.
    const MASK: u64 = (1 << 26) - 1;
    let start = e - 2;
    let mut carry = 0;
    let mut piece = [0u64; 4];
    for (k, p) in piece.iter_mut().enumerate() {
        let sum = m * bits26(start + 78 - 26 * k as i32) + carry;
        *p = sum & MASK;
        carry = sum >> 26;
    }
    // piece[k] holds bits 26k..26k+25 of the product; the carry holds bits 104 and up.
    let top = (piece[3] | carry << 26) >> 24;
    let mut k = top & 3;
    // The 64 bits below the point: bits 101..78, 77..52 and 51..38.
    let fraction = (piece[3] & ((1 << 24) - 1)) << 40 | piece[2] << 14 | piece[1] >> 12;
    let scale = 1.0 / 18_446_744_073_709_551_616.0;
    let t = if fraction >> 63 == 1 {
        k += 1;
        -(fraction.wrapping_neg() as f64) * scale
    } else {
        fraction as f64 * scale
    };
    let reduced = ((k & 3) as f64 + t) * core::f64::consts::FRAC_PI_2;
    if x < 0.0 {
        -reduced
    } else {
        reduced
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

    #[test]
    fn right_angles_are_exact() {
        let quarter = Rot::from_angle(core::f32::consts::FRAC_PI_2);
        assert_eq!(quarter.apply(Vec2::X), Vec2::Y);
        let half = Rot::from_angle(core::f32::consts::PI);
        assert_eq!(half.apply(Vec2::new(2.0, 3.0)), Vec2::new(-2.0, -3.0));
    }

    #[test]
    fn fast_sin_cos_matches_the_library() {
        let mut worst = 0.0f64;
        let mut x = -2.0e4;
        while x < 2.0e4 {
            let (s, c) = sin_cos(x);
            let (ls, lc) = x.sin_cos();
            worst = worst.max((s - ls).abs()).max((c - lc).abs());
            x += 0.0137;
        }
        assert!(worst < 2e-11, "worst error {worst:e}");
        for k in -8..=8 {
            let rot = Rot::from_angle(k as f32 * core::f32::consts::FRAC_PI_2);
            assert!(rot.cos.abs() == 1.0 || rot.cos == 0.0, "{k}: {rot:?}");
            assert!(rot.sin.abs() == 1.0 || rot.sin == 0.0, "{k}: {rot:?}");
        }
    }

    #[test]
    fn large_sin_cos_matches_the_library() {
        let mut worst = 0.0f64;
        let mut state = 0x9e37_79b9u32;
        let mut check = |x: f32| {
            let (s, c) = sin_cos(reduce_large(x as f64));
            let (ls, lc) = (x as f64).sin_cos();
            worst = worst.max((s - ls).abs()).max((c - lc).abs());
        };
        for k in 2..128 {
            let p = 2f32.powi(k);
            for x in [
                p,
                -p,
                f32::from_bits(p.to_bits() - 1),
                f32::from_bits(p.to_bits() + 1),
            ] {
                check(x);
            }
        }
        for _ in 0..200_000 {
            state ^= state << 13;
            state ^= state >> 17;
            state ^= state << 5;
            // Every exponent from 2^1 up.
            let x = f32::from_bits(state % (0x7f00_0000 - 0x4000_0000) + 0x4000_0000);
            check(x);
            check(-x);
        }
        check(f32::MAX);
        assert!(worst < 2e-11, "worst error {worst:e}");
        let nan = sin_cos(f64::INFINITY);
        assert!(reduce_large(f64::NAN).is_nan());
        assert!(nan.0.is_nan() && nan.1.is_nan());
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
