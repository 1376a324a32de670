//! Rust's `{}` and `{:e}` text of `f32` and `f64` values, written with JavaScript's number
//! formatting.
//!
//! Error messages name the offending number. Formatting it with `core::fmt` would link
//! Rust's float-to-decimal code (Grisu and Dragon4 with their tables, about a fifth of the
//! `.wasm`) for messages alone, so this module asks JavaScript for the digits instead and
//! lays them out exactly as Rust does: `NaN`, `inf`, `-0`, no exponent and no `.0` for `{}`
//! (`1000000000000000000000`, `0.0000001`), `1e7` and `-2.5e-3` for `{:e}`.
//!
//! The digits are Rust's too: the shortest decimal that reads back as the value, the
//! closest one when several are as short, ties rounded up. `toExponential(p - 1)` gives the
//! correctly rounded `p`-digit decimal (ties up, like Rust); the first `p` whose decimal
//! reads back wins. Next to a power of two the values below are twice as dense as those
//! above, so the closest `p`-digit decimal can miss on the dense side while the one above
//! reads back: that one is tried too.

use wasm_bindgen::prelude::*;

#[wasm_bindgen]
extern "C" {
    /// `Number.prototype.toExponential` on a number primitive.
    #[wasm_bindgen(js_namespace = ["Number", "prototype", "toExponential"], js_name = call)]
    fn to_exponential(value: f64, fraction_digits: u32) -> String;
}

/// `{}` (or `{:e}` when `exponent`) of an `f64`, as Rust writes it.
pub(crate) fn f64_text(value: f64, exponent: bool) -> String {
    text(value, false, exponent)
}

/// `{}` (or `{:e}` when `exponent`) of an `f32`, as Rust writes it.
pub(crate) fn f32_text(value: f32, exponent: bool) -> String {
    text(value as f64, true, exponent)
}

/// `value` is an `f32` widened when `single` (its digits are then those of the `f32`).
#[inline(never)]
fn text(value: f64, single: bool, exponent: bool) -> String {
    if value.is_nan() {
        return "NaN".into();
    }
    let mut out = String::new();
    if value.is_sign_negative() {
        out.push('-');
    }
    if value.is_infinite() {
        out.push_str("inf");
        return out;
    }
    let (digits, power) = if value == 0.0 {
        (vec![b'0'], 0)
    } else {
        shortest(value.abs(), single)
    };
    let push = |out: &mut String, digits: &[u8]| out.extend(digits.iter().map(|&d| d as char));
    let zeros = |out: &mut String, n: usize| out.push_str(&"0".repeat(n));
    if exponent {
        push(&mut out, &digits[..1]);
        if digits.len() > 1 {
            out.push('.');
            push(&mut out, &digits[1..]);
        }
        out.push('e');
        out.push_str(&power.to_string());
    } else if power < 0 {
        out.push_str("0.");
        zeros(&mut out, (-power - 1) as usize);
        push(&mut out, &digits);
    } else {
        let whole = power as usize + 1;
        if whole >= digits.len() {
            push(&mut out, &digits);
            zeros(&mut out, whole - digits.len());
        } else {
            push(&mut out, &digits[..whole]);
            out.push('.');
            push(&mut out, &digits[whole..]);
        }
    }
    out
}

/// The shortest digits `d1 d2 …` (ASCII, no trailing zeros) and the power `e` such that
/// `d1.d2… × 10^e` reads back as `value` (positive and finite; an `f32` when `single`).
fn shortest(value: f64, single: bool) -> (Vec<u8>, i32) {
    let reads_back = |digits: &[u8], power: i32| {
        let mut text = String::new();
        text.extend(digits.iter().map(|&d| d as char));
        text.push('e');
        text.push_str(&(power + 1 - digits.len() as i32).to_string());
        let x = js_sys::parse_float(&text);
        if single {
            x as f32 == value as f32
        } else {
            x == value
        }
    };
    let mut best = (Vec::new(), 0);
    for fraction_digits in 0..if single { 9 } else { 17 } {
        // "d.ddde+x" or "d.ddde-x".
        let text = to_exponential(value, fraction_digits);
        let (mantissa, power) = text.split_once('e').unwrap_or((&text, "0"));
        let mut digits: Vec<u8> = mantissa.bytes().filter(u8::is_ascii_digit).collect();
        let mut power: i32 = power.trim_start_matches('+').parse().unwrap_or(0);
        best = (digits.clone(), power);
        if reads_back(&digits, power) {
            break;
        }
        if increment(&mut digits) {
            power += 1;
        }
        if reads_back(&digits, power) {
            best = (digits, power);
            break;
        }
    }
    let (mut digits, power) = best;
    while digits.len() > 1 && digits.last() == Some(&b'0') {
        digits.pop();
    }
    (digits, power)
}

/// Adds one unit in the last place to ASCII decimal digits, keeping their count; returns
/// true when it carried out of the first digit (`99` became `10`, one power up).
fn increment(digits: &mut [u8]) -> bool {
    for d in digits.iter_mut().rev() {
        if *d == b'9' {
            *d = b'0';
        } else {
            *d += 1;
            return false;
        }
    }
    digits[0] = b'1';
    true
}

#[cfg(test)]
mod tests {
    use super::*;
    use wasm_bindgen_test::wasm_bindgen_test;

    /// xorshift64*: bit patterns spread over every exponent.
    fn next(state: &mut u64) -> u64 {
        *state ^= *state >> 12;
        *state ^= *state << 25;
        *state ^= *state >> 27;
        state.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }

    #[wasm_bindgen_test]
    fn f32_text_is_rusts_text() {
        let mut values = vec![0.0f32, -0.0, 1.0, 0.1, -2.5e-3, 1e7, 2e7, 1e8, 16_777_216.0];
        values.extend([f32::MAX, f32::MIN_POSITIVE, f32::from_bits(1)]);
        values.extend([f32::NAN, f32::INFINITY, f32::NEG_INFINITY]);
        // Powers of two (and their neighbours) are where the closest decimal can miss.
        for k in -149..128 {
            let p = f32::from_bits(if k < -126 {
                1 << (k + 149)
            } else {
                ((k + 127) as u32) << 23
            });
            values.extend([p, -p, f32::from_bits(p.to_bits() + 1)]);
        }
        let mut state = 0x9e37_79b9_7f4a_7c15;
        values.extend((0..3000).map(|_| f32::from_bits(next(&mut state) as u32)));
        for v in values {
            assert_eq!(
                f32_text(v, false),
                format!("{v}"),
                "{{}} of {}",
                v.to_bits()
            );
            assert_eq!(
                f32_text(v, true),
                format!("{v:e}"),
                "{{:e}} of {}",
                v.to_bits()
            );
        }
    }

    #[wasm_bindgen_test]
    fn f64_text_is_rusts_text() {
        let mut values = vec![0.0, -0.0, 1.0, 0.1, 1.5, -3.0, 1e21, 1e-7, 2e7, 1e39, 1e300];
        // 2^-25 = 2.98023223876953125e-8: a tie at 17 digits that Rust rounds up.
        values.extend([
            2f64.powi(-25),
            f64::MAX,
            f64::MIN_POSITIVE,
            f64::from_bits(1),
        ]);
        values.extend([f64::NAN, f64::INFINITY, f64::NEG_INFINITY]);
        let mut state = 0x2545_f491_4f6c_dd1d;
        values.extend((0..3000).map(|_| f64::from_bits(next(&mut state))));
        for v in values {
            assert_eq!(
                f64_text(v, false),
                format!("{v}"),
                "{{}} of {}",
                v.to_bits()
            );
            assert_eq!(
                f64_text(v, true),
                format!("{v:e}"),
                "{{:e}} of {}",
                v.to_bits()
            );
        }
    }
}
