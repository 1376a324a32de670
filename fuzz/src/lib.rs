//! The input reader of the fuzz targets: how libFuzzer's bytes become numbers.
//!
//! Every target reads its input front to back through [`Bytes`]. A decoder never fails: past
//! the end of the input every byte reads as zero, so any input, even an empty one, is a
//! complete test case, and the fuzzer can shrink a crash down to a handful of bytes.
//!
//! The decoders fix what each input in `findings/` means: changing one changes what a saved
//! crash replays, so add a decoder rather than alter one.

#![forbid(unsafe_code)]
#![warn(missing_docs)]

use sepax::world::MAX_COORDINATE;

/// Reads a fuzz input front to back; past its end every read is zero.
pub struct Bytes<'a>(&'a [u8]);

impl<'a> Bytes<'a> {
    /// A reader at the start of `data`.
    pub fn new(data: &'a [u8]) -> Self {
        Bytes(data)
    }

    /// True once every byte has been read.
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// The next byte (0 past the end).
    pub fn u8(&mut self) -> u8 {
        let Some((&b, rest)) = self.0.split_first() else {
            return 0;
        };
        self.0 = rest;
        b
    }

    /// The next four bytes, little-endian.
    pub fn u32(&mut self) -> u32 {
        u32::from_le_bytes([self.u8(), self.u8(), self.u8(), self.u8()])
    }

    /// A coordinate for `world_ops`: mostly an ordinary value in `[-8 scale, 8 scale)` (on a
    /// grid of `scale / 4096`), sometimes the raw bits of anything (NaN, infinities,
    /// subnormals, huge values) or a value at the edges of the accepted range.
    pub fn float(&mut self, scale: f32) -> f32 {
        match self.u8() % 16 {
            0 => f32::from_bits(self.u32()),
            1 => [
                f32::NAN,
                f32::INFINITY,
                f32::NEG_INFINITY,
                0.0,
                -0.0,
                f32::MIN_POSITIVE,
                1e-45,
                MAX_COORDINATE,
                -MAX_COORDINATE,
                MAX_COORDINATE * 1.000_001,
                1e30,
                f32::MAX,
            ][self.u8() as usize % 12],
            _ => (self.u8() as i8 as f32 + self.u8() as f32 / 256.0) * scale / 16.0,
        }
    }

    /// A size for `world_ops`: mostly positive and moderate, sometimes large, sometimes any
    /// [`Bytes::float`].
    pub fn size(&mut self) -> f32 {
        match self.u8() % 8 {
            0 => self.float(8.0),
            1 => (self.u8() as f32 + 1.0) * 1000.0,
            _ => (self.u8() as f32 + 1.0) / 32.0,
        }
    }

    /// Any parameter for `shape_bytes`: three times in four a value in `[-16, 16)` on a grid
    /// of 1/2048, otherwise the raw bits of any `f32`.
    pub fn coarse_float(&mut self) -> f32 {
        match self.u8() % 4 {
            0 => f32::from_bits(self.u32()),
            _ => (self.u8() as i8 as f32) / 8.0 + self.u8() as f32 / 2048.0,
        }
    }
}
