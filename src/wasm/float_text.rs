//! Rust's `{}` and `{:e}` text of `f32` values, written with JavaScript's number formatting.
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

/// `{}` (or `{:e}` when `exponent`) of an `f32`, as Rust writes it.
pub(crate) fn f32_text(value: f32, exponent: bool) -> String {
    text(value, exponent)
}

/// `{}` or `{:e}` of `value`.
///
/// Works on bytes: `str` slicing and char patterns would link their panic messages, which
/// format with `{:?}` (Unicode tables again).
#[inline(never)]
fn text(value: f32, exponent: bool) -> String {
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
    let shortest = if value == 0.0 {
        "0e+0".into()
    } else {
        shortest(value.abs())
    };
    // `d.ddde±x`: the digits without trailing zeros, and the power.
    let bytes = shortest.as_bytes();
    let e = bytes.iter().position(|&b| b == b'e').unwrap_or(bytes.len());
    let mut digits: Vec<u8> = bytes[..e]
        .iter()
        .copied()
        .filter(u8::is_ascii_digit)
        .collect();
    while digits.len() > 1 && digits.last() == Some(&b'0') {
        digits.pop();
    }
    let power = bytes.get(e + 1..).unwrap_or_default();
    let power = power.strip_prefix(b"+").unwrap_or(power);
    if exponent {
        push(&mut out, &digits[..1]);
        if digits.len() > 1 {
            out.push('.');
            push(&mut out, &digits[1..]);
        }
        out.push('e');
        push(&mut out, power);
    } else {
        push_positional(&mut out, &digits, power);
    }
    out
}

/// Appends ASCII bytes.
fn push(out: &mut String, bytes: &[u8]) {
    out.extend(bytes.iter().map(|&b| char::from(b)));
}

/// Appends `d.ddd × 10^power` (`digits` without the point, `power` as `-x` or `x`) without
/// an exponent: `0.000ddd`, `ddd000` or `dd.d`.
fn push_positional(out: &mut String, digits: &[u8], power: &[u8]) {
    let magnitude = power
        .iter()
        .filter(|b| b.is_ascii_digit())
        .fold(0usize, |n, &b| 10 * n + usize::from(b - b'0'));
    let zeros = |out: &mut String, n: usize| out.extend(core::iter::repeat('0').take(n));
    if power.first() == Some(&b'-') {
        out.push_str("0.");
        zeros(out, magnitude - 1);
        push(out, digits);
    } else {
        let whole = magnitude + 1;
        if whole >= digits.len() {
            push(out, digits);
            zeros(out, whole - digits.len());
        } else {
            push(out, &digits[..whole]);
            out.push('.');
            push(out, &digits[whole..]);
        }
    }
}

/// The shortest decimal that reads back as `value` (positive and finite), as `toExponential` writes it: `d.ddde+x` or `d.ddde-x`.
fn shortest(value: f32) -> String {
    let reads_back = |text: &str| js_sys::parse_float(text) as f32 == value;
    let mut text = String::new();
    for fraction_digits in 0..9 {
        text = to_exponential(value.into(), fraction_digits);
        if reads_back(&text) {
            break;
        }
        // The next decimal up. When that carries (9.99e4 to 1.00e5) it was already tried
        // as the one-digit decimal.
        let mut up = text.clone().into_bytes();
        if increment(&mut up) {
            continue;
        }
        let up: String = up.into_iter().map(char::from).collect();
        if reads_back(&up) {
            return up;
        }
    }
    text
}

/// Adds one unit in the last place to the digits of `d.ddde±x`, keeping their count;
/// returns true when it carried out of the first digit.
fn increment(text: &mut [u8]) -> bool {
    let end = text.iter().position(|&b| b == b'e').unwrap_or(text.len());
    for d in text[..end].iter_mut().rev() {
        match *d {
            b'9' => *d = b'0',
            b'.' => {}
            _ => {
                *d += 1;
                return false;
            }
        }
    }
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
}
