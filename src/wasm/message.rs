//! The core's errors as the text the entry throws. The core writes its messages through
//! [`MessageWriter`], which leaves the numbers to the writer: here JavaScript formats them
//! (`float_text`), so Rust's float formatting stays out of the `.wasm`.

use super::float_text::f32_text;
use crate::shape::{MessageWriter, ShapeError};
use crate::world::{SceneError, SnapshotError, WorldError};
use core::fmt;

/// A message being written into a `String`.
struct Text<'a>(&'a mut String);

impl fmt::Write for Text<'_> {
    fn write_str(&mut self, s: &str) -> fmt::Result {
        self.0.push_str(s);
        Ok(())
    }
}

impl MessageWriter for Text<'_> {
    fn write_f32(&mut self, value: f32, exponent: bool) -> fmt::Result {
        self.0.push_str(&f32_text(value, exponent));
        Ok(())
    }
}

/// An error of the core that can say what went wrong.
pub(super) trait Message {
    /// Appends the message to `out`.
    fn write_to(&self, out: &mut String);
}

impl Message for WorldError {
    fn write_to(&self, out: &mut String) {
        let _ = self.write_message(&mut Text(out));
    }
}

impl Message for ShapeError {
    fn write_to(&self, out: &mut String) {
        let _ = self.write_message(&mut Text(out));
    }
}

impl Message for SceneError {
    fn write_to(&self, out: &mut String) {
        let _ = self.write_message(&mut Text(out));
    }
}

impl Message for SnapshotError {
    fn write_to(&self, out: &mut String) {
        out.push_str("bytes: ");
        let _ = self.write_message(&mut Text(out));
    }
}
