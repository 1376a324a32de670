// Debug lines through the assembled package (pkg/, Node entry): debugLines() and its cached views, the categories,
// a region, bad options named; and drawDebug from sepax/debug on a recording context (a path per category, the
// camera's transform, the region it sees). What each kind's outline is, against the shapes, is tests/debug_lines.rs's.
import { test } from "node:test";
import assert from "node:assert/strict";
import init, { World, DebugKind } from "../../pkg/node.js";
import { drawDebug, DEBUG_COLORS } from "../../pkg/debug.js";

await init();

/** A context that records what is drawn: the segments of each stroke, by colour, and the transforms set. */
function recorder(width = 200, height = 100) {
  const ctx = {
    canvas: { width, height },
    strokeStyle: "",
    lineWidth: 1,
    strokes: [],
    transforms: [],
    saved: 0,
    path: [],
    save() {
      this.saved++;
    },
    restore() {
      this.saved--;
    },
    setTransform(...m) {
      this.transforms.push(m);
    },
    beginPath() {
      this.path = [];
    },
    moveTo(x, y) {
      this.path.push([x, y]);
    },
    lineTo(x, y) {
      this.path[this.path.length - 1].push(x, y);
    },
    stroke() {
      this.strokes.push({ color: this.strokeStyle, width: this.lineWidth, segments: this.path });
    },
  };
  return ctx;
}

test("debugLines outlines every shape with its state's category, in views that are reused", () => {
  const w = new World();
  try {
    w.addAlignedBox(0, 0, 1, 1);
    w.addCircle(1.5, 0, 1);
    w.addCircle(10, 0, 1);
    w.addAlignedBox(20, 0, 1, 1, { isStatic: true });
    w.addAlignedBox(30, 0, 1, 1, { isStatic: true, oneWay: true });
    w.step();
    const n = w.debugLines();
    assert.equal(n, 4 + 16 + 16 + 4 + 4);
    const { lines, kinds } = w.debugLineViews();
    assert.ok(lines.length >= 4 * n && kinds.length >= n);
    assert.deepEqual([...lines.subarray(0, 4)], [1, -1, 1, 1], "the box's +x face");
    const expected = [
      ...Array(20).fill(DebugKind.Touching),
      ...Array(16).fill(DebugKind.Moving),
      ...Array(4).fill(DebugKind.Static),
      ...Array(4).fill(DebugKind.OneWay),
    ];
    assert.deepEqual([...kinds.subarray(0, n)], expected);
    assert.equal(w.debugLineViews(), w.debugLineViews(), "cached");
    assert.equal(DebugKind.Surface, 9);

    // With boxes, a region that holds the first two shapes only.
    const m = w.debugLines({ boxes: true, region: { minX: -2, minY: -2, maxX: 3, maxY: 2 } });
    assert.equal(m, 20 + 8);
    const views = w.debugLineViews();
    assert.equal([...views.kinds.subarray(0, m)].filter((k) => k === DebugKind.Box).length, 8);
  } finally {
    w.free();
  }
});

test("debugLines names what is wrong with its options", () => {
  const w = new World();
  try {
    w.addCircle(0, 0, 1);
    const bad = [
      [5, /debugLines: opts must be an object/],
      [{ box: true }, /debugLines: opts: unknown key "box"/],
      [{ cells: 1 }, /debugLines: opts\.cells must be a boolean/],
      [{ region: [0, 0, 1, 1] }, /debugLines: opts\.region must be an object/],
      [{ region: { minX: 0, minY: 0, maxX: 1 } }, /debugLines: opts\.region\.maxY must be a number/],
      [{ region: { minX: 0, minY: 0, maxX: NaN, maxY: 1 } }, /debugLines: opts\.region\.maxX must be a finite/],
      [{ region: { minX: 2, minY: 0, maxX: 1, maxY: 1 } }, /debugLines: opts\.region must have minX <= maxX/],
      [{ scale: 0 }, /debugLines: opts\.scale must be > 0/],
      [{ scale: "1" }, /debugLines: opts\.scale must be a number/],
    ];
    for (const [opts, message] of bad) assert.throws(() => w.debugLines(opts), message, JSON.stringify(opts));
    assert.equal(w.debugLines({ cells: false, scale: 2 }), 16, "the world is intact");
  } finally {
    w.free();
  }
});

test("drawDebug strokes one path per category, in its colour", () => {
  const w = new World();
  try {
    w.addAlignedBox(0, 0, 1, 1);
    w.addCircle(1.5, 0, 1);
    w.addCircle(10, 0, 1);
    w.step();
    const ctx = recorder();
    const n = drawDebug(ctx, w, { contacts: true });
    assert.equal(ctx.saved, 0, "save and restore paired");
    assert.deepEqual(ctx.transforms, [], "no camera: the transform is the game's");
    assert.equal(
      ctx.strokes.reduce((sum, s) => sum + s.segments.length, 0),
      n,
    );
    const colors = ctx.strokes.map((s) => s.color);
    assert.deepEqual(colors, [
      DEBUG_COLORS[DebugKind.Moving],
      DEBUG_COLORS[DebugKind.Touching],
      DEBUG_COLORS[DebugKind.Normal],
      DEBUG_COLORS[DebugKind.Point],
    ]);
    const { lines } = w.debugLineViews();
    assert.deepEqual(ctx.strokes[1].segments[0], [...lines.subarray(0, 4)], "the box's +x face, as is");
    const custom = recorder();
    drawDebug(custom, w, { colors: ["a", "b", "c"] });
    assert.deepEqual(
      custom.strokes.map((s) => s.color),
      ["b", "c"],
    );
  } finally {
    w.free();
  }
});

test("drawDebug with a camera sets the transform and draws only what the canvas shows", () => {
  const w = new World();
  try {
    w.addCircle(0, 0, 1);
    w.addCircle(100, 0, 1);
    w.step();
    const ctx = recorder(200, 100);
    const n = drawDebug(ctx, w, { camera: { x: 0, y: 0, zoom: 4, rotation: Math.PI / 2 } });
    assert.equal(n, 16, "the circle at 100 is off screen");
    const [[a, b, c, d, e, f]] = ctx.transforms;
    const screen = (x, y) => [a * x + c * y + e, b * x + d * y + f];
    const near = (p, q) => Math.abs(p[0] - q[0]) < 1e-9 && Math.abs(p[1] - q[1]) < 1e-9;
    assert.ok(near(screen(0, 0), [100, 50]), "the camera's point at the centre");
    assert.ok(near(screen(1, 0), [100, 46]), "turned a quarter: +x goes to -y, 4 pixels a unit");
    assert.equal(ctx.strokes[0].width, 1 / 4, "one pixel wide");
    assert.equal(drawDebug(recorder(), w, { camera: { x: 100, y: 0, zoom: 2 } }), 16);
    assert.equal(
      drawDebug(recorder(), w, { camera: { x: 50, y: 0 }, region: { minX: -5, minY: -5, maxX: 200, maxY: 5 } }),
      32,
    );
  } finally {
    w.free();
  }
});

test("drawDebug names a bad camera and draws nothing", () => {
  const w = new World();
  try {
    w.addCircle(0, 0, 1);
    w.step();
    const bad = [
      [{ y: 0 }, TypeError, /opts\.camera\.x must be a number/],
      [{ x: 0, y: NaN }, RangeError, /opts\.camera\.y must be a finite number/],
      [{ x: 0, y: 0, zoom: 0 }, RangeError, /opts\.camera\.zoom must be a finite number > 0/],
      [{ x: 0, y: 0, rotation: Infinity }, RangeError, /opts\.camera\.rotation/],
      [{ x: "0", y: 0 }, TypeError, /opts\.camera\.x must be a number/],
    ];
    for (const [camera, Class, message] of bad) {
      const ctx = recorder();
      assert.throws(
        () => drawDebug(ctx, w, { camera }),
        (e) => e instanceof Class && message.test(e.message),
        JSON.stringify(camera),
      );
      assert.equal(ctx.strokes.length, 0);
    }
  } finally {
    w.free();
  }
});

test("drawDebug with bad line options throws before the context changes", () => {
  const w = new World();
  try {
    w.addCircle(0, 0, 1);
    w.step();
    const ctx = recorder();
    assert.throws(() => drawDebug(ctx, w, { scale: -1 }), /debugLines: opts\.scale must be > 0/);
    assert.equal(ctx.saved, 0, "no save left open");
    assert.deepEqual(ctx.strokes, []);
  } finally {
    w.free();
  }
});
