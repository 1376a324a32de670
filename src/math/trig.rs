//! The trigonometry behind [`Rot::from_angle`](super::Rot::from_angle): [`sin_cos`], the
//! sine and cosine of an `f32` angle, rounded to `f32`.
//!
//! The angle is the exact value of the `f32` it arrives as, whatever its size: reduced
//! modulo π/2 exactly, then evaluated in `f64`, so each component comes out as the `f32`
//! nearest to the true value (or, rarely, its neighbour: the `f64` evaluation is far more
//! accurate than `f32` rounding, but not exact). No angle is snapped to an axis: an `f32`
//! other than 0 is never a multiple of π/2, and `Math.fround(Math.PI / 2)` is 4.4e-8 rad
//! past the axis, so a box turned by it is turned by exactly that much more.
//!
//! Two reductions. Angles below 1e5 in magnitude (every angle a game normally holds, and
//! the path each moving shape takes every step) subtract the nearest multiple of π/2 in
//! two parts (Cody–Waite), which is exact enough there. Larger ones take the cold
//! [`reduce_large_packed`], an exact reduction (Payne–Hanek) with 256 bits of 2/π, of
//! which any `f32` needs a 104-bit window. Both end in the same polynomials.
//!
//! Written here rather than taken from the standard library, whose `sin_cos` is
//! compiled-in software in wasm (not an instruction), several times slower, and whose
//! general reduction is kilobytes of wasm.
//!
//! This module knows nothing but `f64` and integer arithmetic.

/// Below this magnitude the two-part π/2 of [`sin_cos`] reduces exactly enough; at and
/// above it, and for NaN and infinities, [`reduce_large_packed`] reduces.
const LARGE: f64 = 1.0e5;

/// Sine and cosine of `angle`, each the `f32` nearest to the true value or its neighbour;
/// NaN for NaN and infinities.
///
/// Every moving shape needs both every step, and the library `sin_cos` costs several
/// times more than this in wasm (where it is compiled-in software, not an instruction).
/// The argument is reduced to `[-π/4, π/4]` by a multiple `k` of π/2 with a two-part π/2
/// (Cody–Waite), then short polynomials finish the job ([`quadrant`]). Below 1e5, `k` is
/// under 2^16, so `k × PIO2_HI` is exact, its subtraction from the angle is exact (the
/// two are within a factor of 2 of each other), and the result is off by about 1e-21:
/// relatively tiny even for the `f32`s nearest to a multiple of π/2, which are no nearer
/// than 1.6e-9 (see [`reduce_large`]).
///
/// Never inlined: its callers (the poses of a step, adds, shape queries) would each get a
/// copy of the polynomials, some hundreds of bytes of wasm apiece, and one call is cheap
/// next to them.
#[inline(never)]
pub(super) fn sin_cos(angle: f32) -> (f32, f32) {
    const FRAC_2_PI: f64 = core::f64::consts::FRAC_2_PI;
    // π/2 split so that k × PIO2_HI is exact for |k| < 2^20.
    const PIO2_HI: f64 = 1.570_796_326_734_125_6;
    const PIO2_LO: f64 = 6.077_100_506_506_192e-11;
    let x = f64::from(angle);
    let (k, r) = if x.abs() < LARGE {
        // Round to nearest by truncating x·2/π ± 0.5 (a plain conversion; `round` is a
        // library call on baseline x86). The sign of the half by `copysign`: a select
        // would be a jump in V8 (see `min_f32`).
        let scaled = x * FRAC_2_PI;
        let k = (scaled + 0.5f64.copysign(scaled)) as i64;
        let kf = k as f64;
        (k, (x - kf * PIO2_HI) - kf * PIO2_LO)
    } else {
        unpack(reduce_large_packed(angle))
    };
    let (s, c) = quadrant(k, r);
    (s as f32, c as f32)
}

/// Sine and cosine of `k·π/2 + r` for `|r| <= π/4`, to about 1e-11 absolute near π/4 and
/// relatively as accurate near 0 (where only the leading terms count): far below the `f32`
/// rounding of the results.
#[inline(always)]
fn quadrant(k: i64, r: f64) -> (f64, f64) {
    // Taylor terms to r^11 and r^12: the first omitted terms are below 1e-11 on |r| <= π/4.
    // Evaluated by Estrin's scheme (pairs of terms, combined with z², z⁴) rather than
    // Horner's: the same terms, with a dependency chain half as long.
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

/// The reduction of [`sin_cos`] for an angle of magnitude at least 1e5 (or NaN, or
/// infinite), as one `u64`: the bits of the `f64` remainder `r` with the quadrant `k`
/// (modulo 4) in their two lowest bits (see [`unpack`]). That changes `r` by less than
/// 2^-50 of itself, far below the `f32` rounding of the results; NaN stays NaN.
///
/// One `u64` out, not a pair: a pair is returned through memory, and the stack frame for
/// it would be set up by the caller, on its fast path too. For the same reason the
/// reduction works in `u64`s rather than `u128`s (whose helpers need a frame). And the
/// reduction only, so that the polynomials exist once, after the two paths meet.
#[cold]
#[inline(never)]
fn reduce_large_packed(angle: f32) -> u64 {
    if !angle.is_finite() {
        return f64::NAN.to_bits();
    }
    let (k, r) = reduce_large(angle.abs());
    let (k, r) = if angle < 0.0 { (-k, -r) } else { (k, r) };
    r.to_bits() & !3 | (k & 3) as u64
}

/// The `(k, r)` of [`reduce_large_packed`]'s result.
#[inline(always)]
fn unpack(packed: u64) -> (i64, f64) {
    ((packed & 3) as i64, f64::from_bits(packed & !3))
}

/// `(k, r)` with `x = k·π/2 + r` and `|r| <= π/4`, for a finite `x >= 2` (in
/// [`reduce_large_packed`], and on its own in the tests).
///
/// An exact reduction (Payne–Hanek): `x = m·2^e` with a 24-bit `m`, so `x·2/π` modulo 4
/// needs only the 104 bits of 2/π from `2^(1-e)` on (earlier bits add multiples of 4). The
/// product's integer part modulo 4 is the quadrant `k`, and its top 90 fraction bits give
/// `r`, of which the top 78 are exact (the bits of 2/π past the window are missing below
/// them): `r` is off by at most about 2^-78. The nearest any `f32` comes to a multiple of
/// π/2 is 1.6e-9, about 2^-29 (16367173 × 2^72; the tests search every `f32`), so `r`
/// keeps at least 48 exact bits, more than the `f64` it is rounded to needs for the
/// 24 bits of the results. The library's reduction does the same in general and is several
/// kilobytes of wasm; angles this large are rare.
#[inline(always)]
fn reduce_large(x: f32) -> (i64, f64) {
    const MASK: u64 = (1 << 26) - 1;
    let bits = x.to_bits();
    let m = u64::from(bits & 0x7f_ffff | 0x80_0000);
    let e = (bits >> 23) as i32 - 150;
    // m·2^e·2/π, dropping the bits of 2/π that contribute multiples of 4: with the window
    // of 2/π starting at bit e - 2, the product m × window has its binary point at bit 102.
    let start = e - 2;
    let mut carry = 0;
    let mut piece = [0u64; 4];
    for (k, p) in piece.iter_mut().enumerate() {
        let sum = m * bits26(start + 78 - 26 * k as i32) + carry;
        *p = sum & MASK;
        carry = sum >> 26;
    }
    // piece[k] holds bits 26k..26k+25 of the product; the carry holds bits 104 and up.
    let mut k = (((piece[3] | carry << 26) >> 24) & 3) as i64;
    // The fraction's top 90 bits, as bits 101..38 (`high`) and 37..12 (`low`).
    let mut high = (piece[3] & ((1 << 24) - 1)) << 40 | piece[2] << 14 | piece[1] >> 12;
    let mut low = (piece[1] & ((1 << 12) - 1)) << 14 | piece[0] >> 12;
    // A fraction of a half or more is the next quadrant minus the rest: negate the 90 bits.
    let negative = high >> 63 == 1;
    if negative {
        k += 1;
        high = !high + u64::from(low == 0);
        low = low.wrapping_neg() & MASK;
    }
    // Both parts convert to f64 exactly (53 and 37 bits); their sum rounds once.
    let t = ((high >> 11) as f64 * 137_438_953_472.0 + ((high & 0x7ff) << 26 | low) as f64)
        * (1.0 / 1_237_940_039_285_380_274_899_124_224.0);
    let r = if negative { -t } else { t } * core::f64::consts::FRAC_PI_2;
    (k, r)
}

/// The 26 bits of 2/π that start `at` bits after the binary point (0 is the 2^-1 bit; bits
/// before the point are 0).
#[inline(always)]
fn bits26(at: i32) -> u64 {
    /// 2/π to 256 bits: 0.a2f9836e…c561 in hexadecimal.
    const TWO_OVER_PI: [u64; 4] = [
        0xa2f9_836e_4e44_1529,
        0xfc27_57d1_f534_ddc0,
        0xdb62_9599_3c43_9041,
        0xfe51_63ab_debb_c561,
    ];
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

#[cfg(test)]
mod tests {
    use super::*;

    /// How many `f32` steps apart `a` and `b` are (0: the same value).
    fn ulps(a: f32, b: f32) -> u32 {
        let key = |v: f32| {
            let bits = v.to_bits() as i32;
            i64::from(bits ^ (((bits >> 31) as u32) >> 1) as i32)
        };
        (key(a) - key(b)).unsigned_abs() as u32
    }

    /// The worst distance, in `f32` steps, between `sin_cos(x)` and the library's `f64`
    /// sine and cosine of `x` rounded to `f32` (the library reduces exactly too), over
    /// `angles`; and how many components were not that rounding.
    fn against_the_library(angles: impl Iterator<Item = f32>) -> (u32, usize) {
        let (mut worst, mut off) = (0, 0);
        for x in angles {
            let (s, c) = sin_cos(x);
            let (ls, lc) = f64::from(x).sin_cos();
            for d in [ulps(s, ls as f32), ulps(c, lc as f32)] {
                worst = worst.max(d);
                off += usize::from(d != 0);
            }
        }
        println!("worst {worst} ulps, {off} components not the nearest f32");
        (worst, off)
    }

    /// `count` seeded 32-bit draws, for angles spread over every exponent.
    fn random_bits(seed: u64, count: usize) -> impl Iterator<Item = u32> {
        let mut rng = crate::test_rng::Rng::new(seed);
        (0..count).map(move |_| (rng.next_u64() >> 32) as u32)
    }

    #[test]
    fn small_angles_match_the_library() {
        let sweep = (-2_000_000..2_000_000).map(|i| i as f32 * 0.0137);
        let random = random_bits(1, 400_000)
            .map(|b| f32::from_bits(b % 0x47c3_5000) * 1.0f32.copysign(b as i32 as f32));
        let (worst, off) = against_the_library(sweep.chain(random));
        assert!(worst <= 1, "worst {worst} ulps");
        assert!(
            off < 200,
            "{off} components of 4.8 million not the nearest f32"
        );
    }

    #[test]
    fn large_angles_match_the_library() {
        let mut angles = vec![
            1e5f32,
            1e6,
            1e10,
            1e20,
            f32::MAX,
            16_367_173.0 * 2f32.powi(72),
        ];
        for k in 17..128 {
            let p = 2f32.powi(k);
            angles.extend([
                p,
                f32::from_bits(p.to_bits() - 1),
                f32::from_bits(p.to_bits() + 1),
            ]);
        }
        // Every exponent from 2^16 up.
        angles.extend(
            random_bits(2, 400_000)
                .map(|b| f32::from_bits(b % (0x7f80_0000 - 0x4780_0000) + 0x4780_0000)),
        );
        let negated: Vec<f32> = angles.iter().map(|&x| -x).collect();
        let (worst, off) = against_the_library(angles.into_iter().chain(negated));
        assert!(worst <= 1, "worst {worst} ulps");
        assert!(
            off < 100,
            "{off} components of 1.6 million not the nearest f32"
        );
    }

    /// Below 1e5 both reductions apply: they agree.
    #[test]
    fn the_two_reductions_agree_below_the_switch() {
        let mut differ = 0;
        for b in random_bits(3, 200_000) {
            let x = f32::from_bits(b % (0x47c3_5000 - 0x4000_0000) + 0x4000_0000);
            let fast = sin_cos(x);
            let (k, r) = unpack(reduce_large_packed(x));
            let exact = quadrant(k, r);
            let exact = (exact.0 as f32, exact.1 as f32);
            assert!(
                ulps(fast.0, exact.0) <= 1 && ulps(fast.1, exact.1) <= 1,
                "{x}"
            );
            differ += usize::from(fast != exact);
        }
        println!("{differ} of 200,000 differ");
        assert!(differ < 20, "{differ} of 200,000 differ");
    }

    #[test]
    fn non_finite_angles_give_nan() {
        for x in [f32::NAN, f32::INFINITY, f32::NEG_INFINITY] {
            let (s, c) = sin_cos(x);
            assert!(s.is_nan() && c.is_nan(), "{x}");
        }
    }

    /// Every `f32` from 2 to the largest: how near it comes to a multiple of π/2, which
    /// bounds how many exact bits the reductions must keep (see [`reduce_large`]).
    /// About 15 s in release: `cargo test --release --lib -- --ignored nearest`.
    #[test]
    #[ignore]
    fn the_nearest_f32_to_a_multiple_of_a_quarter_turn() {
        let (mut nearest, mut at) = (f64::INFINITY, 0f32);
        for bits in 2f32.to_bits()..=f32::MAX.to_bits() {
            let x = f32::from_bits(bits);
            let r = reduce_large(x).1.abs();
            if r < nearest {
                (nearest, at) = (r, x);
            }
        }
        println!(
            "nearest: {at:e} = {} × 2^{}, {nearest:e} from a multiple of π/2",
            at.to_bits() & 0x7f_ffff | 0x80_0000,
            (at.to_bits() >> 23) as i32 - 150
        );
        assert_eq!(at, 16_367_173.0 * 2f32.powi(72));
        assert!(nearest > 1.6e-9, "{at:e}: {nearest:e}");
    }
}
