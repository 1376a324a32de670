// sepax, Node entry (the `node` export condition): the same API as index.ts, but with no argument init() and
// initSync() read the .wasm with node:fs (Node's fetch cannot read file: URLs). Kept in its own file so that browser
// bundlers never see node:fs.

import { readFile } from "node:fs/promises";
import { readFileSync } from "node:fs";
import { defaultWasmFile, makeInit, makeInitSync } from "./load.js";
import type { InitInput, SyncInitInput } from "./types.js";

const WASM_URL = new URL(`./${defaultWasmFile}`, import.meta.url);

const isFileUrl = (input: unknown): boolean =>
  input instanceof URL ? input.protocol === "file:" : typeof input === "string" && input.startsWith("file:");

/**
 * Loads and instantiates the wasm module; later calls return the same promise. With no argument (or a `file:` URL) the
 * file is read from disk; other inputs are passed on as in the browser entry.
 * @example
 * import init, { World } from "sepax";
 * await init();
 */
export const init: (input?: InitInput) => Promise<void> = makeInit((source) =>
  source === undefined || isFileUrl(source)
    ? readFile(new URL((source as string | URL | undefined) ?? WASM_URL))
    : source,
);

/**
 * Instantiates the wasm module synchronously; with no argument the package's file for this engine is read from disk.
 * @example
 * initSync();
 */
export const initSync: (input?: SyncInitInput) => void = makeInitSync(
  (module) => module ?? readFileSync(WASM_URL),
  true,
);

export default init;
export * from "./api.js";
