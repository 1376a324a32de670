// The scene inside a module Web Worker that Vite bundles (worker.format: its default).
import init, { World, wasmBuild } from "sepax";

init().then(
  () => {
    const world = new World();
    world.addCircle(0, 0, 1);
    world.addCircle(1.5, 0, 1);
    world.addCircle(3, 0, 1);
    world.addCircle(50, 50, 1);
    const count = world.step();
    postMessage({ count, pairs: Array.from(world.pairs()), build: wasmBuild() });
    world.free();
  },
  (error) => postMessage({ error: String(error) }),
);
