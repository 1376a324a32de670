// Starts worker.js as a module worker, the way Vite's docs write it, and shows its result to the matrix runner.
const worker = new Worker(new URL("./worker.js", import.meta.url), { type: "module" });
worker.onmessage = (event) => {
  globalThis.__sepax = event.data;
};
worker.onerror = (event) => {
  globalThis.__sepax = { error: `worker error: ${event.message}` };
};
