//! The binding's errors: every failure becomes a JS `TypeError` (wrong type: not a number,
//! not an object, an unknown key) or `RangeError` (right type, wrong value), and every message
//! starts with the method's JS name (`addCircle: radius must be …`).
//!
//! Values are described for messages here too ([`describe`]): the user sees what they
//! passed, written the way JavaScript would write it, never a Rust `Debug` dump.
//!
//! Nothing here decides whether an argument is valid; that is `args`' job.
//!
//! The constructors of errors are `#[inline(never)]`: they are called from every method's
//! error paths, and inlined there their copies cost more wasm than the calls.

use super::float_text::{f32_text, f64_text};
use crate::shape::{MessageWriter, ShapeError};
use crate::world::{SceneError, SnapshotError, WorldError};
use core::fmt;
use js_sys::{RangeError, Reflect, TypeError, JSON};
use wasm_bindgen::JsValue;

/// A JS string as a JS string literal (`JSON.stringify`). Rust's `{:?}` would link
/// `char::escape_debug` and its Unicode tables for messages alone.
pub(super) fn quoted(string: &JsValue) -> String {
    JSON::stringify(string)
        .map(String::from)
        .unwrap_or_default()
}

/// What a wrong value was, for a message: `null`, `the string "3"`, `NaN`, `object`, ….
pub(super) fn describe(value: &JsValue) -> String {
    if value.is_null() {
        "null".into()
    } else if value.is_undefined() {
        "undefined".into()
    } else if value.is_string() {
        format!("the string {}", quoted(value))
    } else if let Some(n) = value.as_f64() {
        f64_text(n, false)
    } else {
        value
            .js_typeof()
            .as_string()
            .unwrap_or_else(|| "a value".into())
    }
}

/// What a getter or proxy trap threw, for a message.
pub(super) fn describe_thrown(error: &JsValue) -> String {
    Reflect::get(error, &"message".into())
        .ok()
        .and_then(|m| m.as_string())
        .unwrap_or_else(|| describe(error))
}

/// A `TypeError` whose message is `method: message`.
#[inline(never)]
pub(super) fn type_error(method: &str, message: String) -> JsValue {
    TypeError::new(&format!("{method}: {message}")).into()
}

/// A `RangeError` whose message is `method: message`.
#[inline(never)]
pub(super) fn range_error(method: &str, message: String) -> JsValue {
    RangeError::new(&format!("{method}: {message}")).into()
}

/// The `TypeError` of an argument that could not be read because reading it threw.
#[inline(never)]
pub(super) fn unreadable(method: &str, arg: &str, thrown: &JsValue) -> JsValue {
    type_error(
        method,
        format!(
            "{arg} could not be read (it threw: {})",
            describe_thrown(thrown)
        ),
    )
}

/// An error message whose numbers JavaScript formats (see `float_text`): the core errors'
/// `Display` would link Rust's float formatting.
struct Message(String);

impl fmt::Write for Message {
    fn write_str(&mut self, s: &str) -> fmt::Result {
        self.0.push_str(s);
        Ok(())
    }
}

impl MessageWriter for Message {
    fn write_f32(&mut self, value: f32, exponent: bool) -> fmt::Result {
        self.0.push_str(&f32_text(value, exponent));
        Ok(())
    }
}

/// The `RangeError` of a core [`WorldError`] (every core rejection is about a value).
#[inline(never)]
pub(super) fn world_error(method: &str, error: WorldError) -> JsValue {
    let mut message = Message(String::new());
    let _ = error.write_message(&mut message);
    range_error(method, message.0)
}

/// A `RangeError` of `method` whose message is `prefix` followed by `error`'s.
#[inline(never)]
pub(super) fn shape_error_in(method: &str, prefix: &str, error: ShapeError) -> JsValue {
    let mut message = Message(prefix.into());
    let _ = error.write_message(&mut message);
    range_error(method, message.0)
}

/// The `RangeError` of a [`ShapeError`] about an argument of `method` itself.
pub(super) fn shape_error(method: &str, error: ShapeError) -> JsValue {
    shape_error_in(method, "", error)
}

/// The `RangeError` of a core [`SceneError`]: the record's index and field, then what was
/// wrong (`list[3].radius must be …`).
#[inline(never)]
pub(super) fn scene_error(method: &str, error: SceneError) -> JsValue {
    let mut message = Message(String::new());
    let _ = error.write_message(&mut message);
    range_error(method, message.0)
}

/// The `RangeError` of bytes that are not a snapshot: `method: bytes: message`.
#[inline(never)]
pub(super) fn snapshot_error(method: &str, error: SnapshotError) -> JsValue {
    let mut message = Message("bytes: ".into());
    let _ = error.write_message(&mut message);
    range_error(method, message.0)
}
