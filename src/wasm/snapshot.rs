//! Snapshots: the world as bytes ([`crate::world::World::snapshot_into`]) and back. The bytes
//! out stay in a buffer the world keeps (the entry copies them into a new `Uint8Array`); the
//! bytes in are copied into wasm memory by the glue before the core checks them, so a view of
//! JavaScript memory cannot change under it.

use super::RawWorld;
use wasm_bindgen::prelude::*;

#[wasm_bindgen]
impl RawWorld {
    /// Writes the world's snapshot to the bytes; returns its length, with its address in
    /// `io[0]`.
    pub fn snapshot(&mut self) -> u32 {
        self.inner.snapshot_into(&mut self.bytes);
        self.io[0] = self.bytes.as_ptr() as usize as f64;
        self.bytes.len() as u32
    }

    /// Replaces the world by the snapshot `bytes`; nothing changes when they are not one.
    #[wasm_bindgen(js_name = loadSnapshot)]
    pub fn load_snapshot(&mut self, bytes: &[u8]) -> bool {
        let result = self.inner.load_snapshot(bytes);
        self.done(result)
    }
}
