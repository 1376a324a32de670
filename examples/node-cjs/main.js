// CommonJS: require("sepax") is init (Node >= 20.19 / 22.12), with World and the rest as properties.
const init = require("sepax");
const { World, wasmBuild } = require("sepax");

init().then(
  () => {
    const world = new World();
    world.addCircle(0, 0, 1);
    world.addCircle(1.5, 0, 1);
    world.addCircle(3, 0, 1);
    world.addCircle(50, 50, 1);
    const count = world.step();
    console.log(JSON.stringify({ count, pairs: Array.from(world.pairs()), build: wasmBuild() }));
    world.free();
  },
  (error) => console.log(JSON.stringify({ error: String(error) })),
);
