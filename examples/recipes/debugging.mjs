// Recipe: debugging a missing collision. The player walks into a coin and no pair comes out of the step: explain()
// says which rule of the step keeps the pair out (here a mask), and debugLines() shows the world as the step saw it,
// a category per segment (drawDebug from "sepax/debug" strokes the same lines on a canvas).
import assert from "node:assert/strict";
import init, { World, DebugKind } from "sepax";
import { drawDebug } from "sepax/debug";

await init();
const world = new World();

const PLAYER = 1;
const WALLS = 2;
const COINS = 4;
const player = world.addCircle(0, 0, 1, { layer: PLAYER, mask: WALLS });
const coin = world.addCircle(1.5, 0, 0.5, { layer: COINS, mask: PLAYER, isStatic: true });
world.step();
assert.equal(world.pairCount, 0, "no pair: why?");

const why = world.explain(player, coin);
// { reason: "layerMask", side: "a" }: the player's mask (side a) leaves out the coin's layer.
assert.deepEqual(why, { reason: "layerMask", side: "a" });
world.setLayerMask(player, PLAYER, WALLS | COINS);
world.step();
assert.equal(world.explain(player, coin).reason, "touching");

// See it: every outline, those of touching shapes in their own category.
const count = world.debugLines({ contacts: true });
const { lines, kinds } = world.debugLineViews(); // views: read them before calling the world again
let touching = 0;
for (let i = 0; i < count; i++) if (kinds[i] === DebugKind.Touching) touching++;
assert.equal(touching, 32, "two circles, 16 segments each");
assert.ok(lines.length >= 4 * count); // x0, y0, x1, y1 per segment

// In a browser, the same lines on a canvas, a colour per category, the camera on the player (here a stand-in for a
// canvas's 2D context that counts the segments it is given).
const ctx = { canvas: { width: 320, height: 240 }, segments: 0, lineWidth: 1, strokeStyle: "" };
for (const method of ["save", "restore", "setTransform", "beginPath", "lineTo", "stroke"]) ctx[method] = () => {};
ctx.moveTo = () => ctx.segments++;
const [x, y] = world.getTransform(player);
drawDebug(ctx, world, { contacts: true, camera: { x, y, zoom: 2 } });
assert.equal(ctx.segments, count);
