// A thread of sepax/threads' pool in a browser (a module Worker started by threads.ts): instantiates the threaded
// build on the shared memory it is sent, says so, and runs its thread of the pool, for good.

import { initSync, startWorker } from "./sepax_core_threads.js";

const scope = globalThis as unknown as {
  onmessage: ((event: MessageEvent<{ module: WebAssembly.Module; memory: WebAssembly.Memory }>) => void) | null;
  postMessage(message: unknown): void;
};

scope.onmessage = (event) => {
  scope.onmessage = null;
  initSync({ module: event.data.module, memory: event.data.memory });
  scope.postMessage("ready");
  startWorker();
};
