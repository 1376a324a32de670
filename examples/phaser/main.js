// Phaser draws circles that start overlapping; every frame sepax finds the touching pairs and the game pushes each
// pair apart along its contact normal, until nothing touches. The result for the matrix runner: the first step's
// pairs (the same scene as the other examples, scaled), and that the sprites came apart.
import Phaser from "phaser";
import init, { World, wasmBuild } from "sepax";

const R = 20;
const START = [
  [100, 100],
  [130, 100],
  [160, 100],
  [400, 300],
];

init().then(
  () => {
    const world = new World();
    const ids = START.map(([x, y]) => world.addCircle(x, y, R));
    let first = null;

    class Scene extends Phaser.Scene {
      create() {
        this.sprites = START.map(([x, y]) => this.add.circle(x, y, R, 0x44aaff));
      }
      update() {
        const count = world.step();
        if (first === null) first = { count, pairs: Array.from(world.pairs()) };
        const pairs = world.pairs();
        const contacts = world.contacts();
        const { xs, ys } = world.transforms();
        for (let i = 0; i < count; i++) {
          // Half the depth each way, a little more so that touching pairs part too.
          const a = pairs[2 * i],
            b = pairs[2 * i + 1];
          const push = contacts[3 * i + 2] / 2 + 0.01;
          xs[a] -= contacts[3 * i] * push;
          ys[a] -= contacts[3 * i + 1] * push;
          xs[b] += contacts[3 * i] * push;
          ys[b] += contacts[3 * i + 1] * push;
        }
        ids.forEach((id, i) => this.sprites[i].setPosition(xs[id], ys[id]));
        if (count === 0 && globalThis.__sepax === undefined) {
          globalThis.__sepax = { ...first, build: wasmBuild(), separated: true };
        }
      }
    }

    new Phaser.Game({ type: Phaser.CANVAS, width: 640, height: 480, scene: Scene, banner: false });
  },
  (error) => (globalThis.__sepax = { error: String(error) }),
);
