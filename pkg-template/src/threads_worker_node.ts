// A thread of sepax/threads' pool in Node (a worker_threads Worker started by threads_node.ts): instantiates the
// threaded build on the shared memory it was given, says so, and runs its thread of the pool, for good.

import { parentPort, workerData } from "node:worker_threads";
import { initSync, startWorker } from "./sepax_core_threads.js";

const { module, memory } = workerData as { module: WebAssembly.Module; memory: WebAssembly.Memory };
initSync({ module, memory });
parentPort!.postMessage("ready");
startWorker();
