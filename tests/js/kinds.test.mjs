// The JS names of the shape kinds (`queryShape`'s `{ kind }`) come from one table in the entry
// (pkg-template/src/shapes.ts), which builds the accepted names and the error message from it; the ProbeShape and
// ShapeDesc types (pkg-template/src/types.ts) are written out: these tests hold the three together.
import assert from "node:assert/strict";
import { test } from "node:test";
import { readFileSync } from "node:fs";
import init, { World } from "../../pkg/node.js";

await init();

const KINDS = ["circle", "box", "alignedBox", "capsule", "segment", "point", "polygon"];

/** A valid probe of each kind, at the origin. */
const PROBES = {
  circle: { kind: "circle", radius: 1 },
  box: { kind: "box", halfWidth: 1, halfHeight: 1 },
  alignedBox: { kind: "alignedBox", halfWidth: 1, halfHeight: 1 },
  capsule: { kind: "capsule", halfLength: 1, radius: 1 },
  segment: { kind: "segment", x1: -1, y1: 0, x2: 1, y2: 0 },
  point: { kind: "point" },
  polygon: { kind: "polygon", points: [-1, -1, 1, -1, 0, 1] },
};

test("an unknown kind names every accepted kind, in the documented order (message unchanged)", () => {
  const world = new World();
  try {
    assert.throws(
      () => world.queryShape({ kind: "bogus" }, 0, 0),
      (e) =>
        e instanceof TypeError &&
        e.message ===
          'queryShape: shape.kind must be one of "circle", "box", "alignedBox", "capsule", "segment", ' +
            '"point", "polygon" (got "bogus")',
    );
  } finally {
    world.free();
  }
});

test("every kind named in the message is accepted by queryShape", () => {
  const world = new World();
  try {
    const id = world.addCircle(0, 0, 1);
    world.step(); // queries see the world as of the last step
    for (const kind of KINDS) {
      assert.deepEqual([...world.queryShape(PROBES[kind], 0, 0)], [id], kind);
    }
  } finally {
    world.free();
  }
});

test("the ProbeShape type of the .d.ts lists the same kinds in the same order", () => {
  const dts = readFileSync(new URL("../../pkg/types.d.ts", import.meta.url), "utf8");
  const union = dts.match(/export type ProbeShape =([\s\S]*?);\n(?:\/\*\*|export)/);
  assert.ok(union, "ProbeShape not found in pkg/types.d.ts");
  const kinds = [...union[1].matchAll(/kind: "(\w+)"/g)].map((m) => m[1]);
  assert.deepEqual(kinds, KINDS);
});

test("the ShapeDesc type of addShapes lists the same kinds in the same order, then concave, chain and tileGrid", () => {
  const dts = readFileSync(new URL("../../pkg/types.d.ts", import.meta.url), "utf8");
  const union = dts.match(/export type ShapeDesc =([\s\S]*?);\n(?:\/\*\*|export)/);
  assert.ok(union, "ShapeDesc not found in pkg/types.d.ts");
  const kinds = [...union[1].matchAll(/kind: "(\w+)"/g)].map((m) => m[1]);
  assert.deepEqual(kinds, [...KINDS, "concave", "chain", "tileGrid"]);
});
