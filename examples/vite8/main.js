// Three circles in a row (two touching pairs) and one far away; the matrix runner reads the result.
import init, { World, wasmBuild } from "sepax";

function report(result) {
  globalThis.__sepax = result;
  if (typeof document === "object") document.title = "sepax " + (result.error ?? result.count);
}

init().then(
  () => {
    const world = new World();
    world.addCircle(0, 0, 1);
    world.addCircle(1.5, 0, 1);
    world.addCircle(3, 0, 1);
    world.addCircle(50, 50, 1);
    const count = world.step();
    report({ count, pairs: Array.from(world.pairs()), build: wasmBuild() });
    world.free();
  },
  (error) => report({ error: String(error) }),
);
