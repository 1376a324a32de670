//! The step, and the addresses and lengths of its results, which the entry's views are built
//! from.

use super::RawWorld;
use wasm_bindgen::prelude::*;

#[wasm_bindgen]
extern "C" {
    /// `performance.now()`, present in browsers, workers and Node.
    #[wasm_bindgen(js_namespace = performance, js_name = now)]
    fn performance_now() -> f64;
}

#[wasm_bindgen]
impl RawWorld {
    /// Finds every touching pair; returns how many.
    pub fn step(&mut self) -> u32 {
        let result = self.inner.step();
        self.count(result)
    }

    /// `step()`, with where the time went in `io[0..5]`: milliseconds of the poses, the
    /// broad phase, the narrow phase and the output, and the number of candidate pairs.
    #[wasm_bindgen(js_name = stepProfiled)]
    pub fn step_profiled(&mut self) -> u32 {
        match self.inner.step_timed(performance_now) {
            Ok((count, t)) => {
                let candidates = t.candidates as f64;
                let times = [t.poses, t.broad_phase, t.narrow_phase, t.output, candidates];
                self.io[..5].copy_from_slice(&times);
                count as u32
            }
            Err(e) => self.fail(e, u32::MAX),
        }
    }

    /// Makes shape `id` continuous (the step lists the sensors it crossed since the last
    /// step), or not.
    #[wasm_bindgen(js_name = setContinuous)]
    pub fn set_continuous(&mut self, id: u32, continuous: bool) -> bool {
        let result = self.inner.set_continuous(id, continuous);
        self.done(result)
    }

    /// The number of sensors the continuous shapes crossed at the last step, with the
    /// addresses of their `shapes`, `sensors` and `t` in `io[0..3]`.
    #[wasm_bindgen(js_name = stepCrossings)]
    pub fn step_crossings(&mut self) -> u32 {
        let c = self.inner.step_crossings();
        let addresses = [
            c.shapes.as_ptr() as usize,
            c.sensors.as_ptr() as usize,
            c.t.as_ptr() as usize,
        ];
        let count = c.sensors.len() as u32;
        self.put_addresses(&addresses);
        count
    }

    /// The number of pairs the last step found.
    #[wasm_bindgen(js_name = pairCount)]
    pub fn pair_count(&self) -> u32 {
        (self.inner.pairs().len() / 2) as u32
    }

    /// The number of pairs that started at the last step.
    #[wasm_bindgen(js_name = startedCount)]
    pub fn started_count(&self) -> u32 {
        (self.inner.started().len() / 2) as u32
    }

    /// The number of pairs that ended at the last step.
    #[wasm_bindgen(js_name = endedCount)]
    pub fn ended_count(&self) -> u32 {
        (self.inner.ended().len() / 2) as u32
    }

    /// The address of result buffer `which`: 0 pairs, 1 contacts, 2 started, 3 ended, 4
    /// contact points, 5 pair cells; of the tag column, 6 (it moves when the
    /// `layoutVersion` changes); of the debug lines, 7, and their kinds, 8. Any other
    /// number names the contact points.
    #[wasm_bindgen(js_name = resultPtr)]
    pub fn result_ptr(&self, which: u32) -> u32 {
        let w = &self.inner;
        let address = match which {
            0 => w.pairs().as_ptr() as usize,
            1 => w.contacts().as_ptr() as usize,
            2 => w.started().as_ptr() as usize,
            3 => w.ended().as_ptr() as usize,
            4 => w.contact_points().as_ptr() as usize,
            5 => w.pair_cells().as_ptr() as usize,
            6 => w.tags().as_ptr() as usize,
            7 => w.debug_lines_buffer().as_ptr() as usize,
            8 => w.debug_kinds().as_ptr() as usize,
            _ => w.contact_points().as_ptr() as usize,
        };
        address as u32
    }

    /// The allocated length, in elements, of result buffer `which` (as in `resultPtr`).
    #[wasm_bindgen(js_name = resultCapacity)]
    pub fn result_capacity(&self, which: u32) -> u32 {
        match which {
            5 => return self.inner.pair_cell_capacity() as u32,
            7 | 8 => return self.inner.debug_capacities()[which as usize - 7] as u32,
            _ => {}
        }
        let capacities = self.inner.result_capacities();
        capacities[(which as usize).min(capacities.len() - 1)] as u32
    }
}
