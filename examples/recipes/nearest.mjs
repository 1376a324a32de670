// Recipe: every turret aims at its nearest enemy. Shapes carry a tag (the game's entity kind, or an index into its
// own arrays); one nearestMany() call finds the nearest enemy of every turret within range, exactly, however the
// shapes are shaped; a filter object leaves out the asker itself (a number there is a layer mask, as everywhere).
import assert from "node:assert/strict";
import init, { World } from "sepax";

await init();
const world = new World();

const ENEMY = 1;
const TURRET = 2;
const enemies = [
  world.addCircle(10, 0, 1, { layer: ENEMY, tag: 100 }),
  world.addBox(0, 12, 2, 1, 0, { layer: ENEMY, tag: 101 }),
  world.addCircle(40, 40, 1, { layer: ENEMY, tag: 102 }),
];
const turrets = [world.addCircle(0, 0, 1, { layer: TURRET }), world.addCircle(40, 35, 1, { layer: TURRET })];
world.step(); // queries see the world as the last step saw it

const at = new Float32Array([0, 0, 40, 35]); // each turret's position
const n = world.nearestMany(at, 1, ENEMY, 30); // k = 1 enemy per turret, within 30 units
const { ids, distances, points } = world.nearestResults(); // views: read them before calling the world again
const tags = world.tags(); // tag by id
const aims = [];
for (let i = 0; i < n; i++) {
  if (ids[i] === 0xffffffff) continue; // none in range
  aims.push({ turret: turrets[i], tag: tags[ids[i]], distance: distances[i], x: points[2 * i], y: points[2 * i + 1] });
}
assert.deepEqual(
  aims.map((a) => [a.tag, a.distance]),
  [
    [100, 9],
    [102, 4],
  ],
);

// One point, any kind but itself: the nearest shape to turret 0 that is not turret 0.
const near = world.closestPoint(0, 0, { exclude: turrets[0] });
assert.equal(near.id, enemies[0]);
// How far apart two shapes are, and their closest points.
const gap = world.distance(turrets[0], enemies[1]);
assert.ok(Math.abs(gap.distance - 10) < 1e-5, `${gap.distance}`);
