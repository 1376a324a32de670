//! The trigonometry behind [`Rot::from_angle`](super::Rot::from_angle): [`sin_cos`] in
//! `f64`, and the exact reduction of huge angles it falls back on ([`reduce_large`]).
//!
//! Written here rather than taken from the standard library, whose `sin_cos` is
//! compiled-in software in wasm (not an instruction), several times slower, and whose
//! general reduction is kilobytes of wasm. Both functions are exact far below the `f32`
//! rounding of their results, which is what lets `from_angle` snap right angles to exactly
//! 0 and ±1.
//!
//! This module knows nothing but `f64` arithmetic.

/// Sine and cosine of `x` (an `f32` value), accurate to about 1e-11 absolute, which is far
/// below the `f32` rounding of the result.
///
/// Every moving shape needs both every step, and the library `sin_cos` costs several
/// times more than this in wasm (where it is compiled-in software, not an instruction).
/// The argument is reduced to `[-π/4, π/4]` by a multiple of π/2 with a two-part π/2
/// (Cody–Waite), then short Taylor polynomials finish the job. Huge angles, where that
/// reduction would lose precision, are first brought within a turn of 0 by [`reduce_large`].
#[inline]
pub(super) fn sin_cos(x: f64) -> (f64, f64) {
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

#[cfg(test)]
mod tests {
    use super::*;

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
}
