// The binding the package runs on: the single-threaded glue (sepax_core.js, either of its two .wasm files) unless
// sepax/threads loaded the threaded one (sepax_core_threads.js). The modules that call the binding import it from here,
// so that one World class serves every build: ES modules export live bindings, and useBinding() repoints them before
// any World exists.

import * as single from "./sepax_core.js";

/** What the package calls of a binding: both glues export it, with the same methods. */
export interface Binding {
  RawWorld: typeof single.RawWorld;
  limit: typeof single.limit;
  tooManyPoints: typeof single.tooManyPoints;
  wasmMemory: typeof single.wasmMemory;
}

/** @internal The raw world class of the binding in use. */
export let RawWorld: Binding["RawWorld"] = single.RawWorld;
/** @internal A raw world (the same methods in every build). */
export type RawWorld = single.RawWorld;
/** @internal See `limit` in the binding. */
export let limit: Binding["limit"] = single.limit;
/** @internal See `tooManyPoints` in the binding. */
export let tooManyPoints: Binding["tooManyPoints"] = single.tooManyPoints;
/** @internal The wasm memory of the binding in use. */
export let wasmMemory: Binding["wasmMemory"] = single.wasmMemory;

/** @internal Makes `binding` the one every module calls (called once, by sepax/threads, before any World). */
export function useBinding(binding: Binding): void {
  RawWorld = binding.RawWorld;
  limit = binding.limit;
  tooManyPoints = binding.tooManyPoints;
  wasmMemory = binding.wasmMemory;
}
