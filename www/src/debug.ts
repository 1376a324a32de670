/**
 * `window.__sepax`: a read-mostly hook for the browser test (tests/browser/demo.test.mjs) and for poking at
 * the demo from the dev-tools console. Nothing in the demo reads it.
 */
import type { World } from "sepax";
import type { App } from "./app.ts";

/** What the last drawn frame shows, in canvas CSS pixels (multiply by `dpr` for canvas pixels). */
export interface DebugSnapshot {
  readonly frame: number;
  readonly dpr: number;
  readonly width: number;
  readonly height: number;
  /** The world's pairs from the last step, flattened [a0, b0, a1, b1, ...]. */
  readonly pairs: number[];
  /** Per shape id: centre, bounding radius, 1 for the static shapes. */
  readonly xs: number[];
  readonly ys: number[];
  readonly radii: number[];
  readonly isStatic: number[];
}

export interface SepaxDebug {
  /** Frames simulated so far. */
  readonly frame: number;
  /** Pairs found by the last step. */
  readonly pairs: number;
  /** Median `world.step()` time over the last 60 frames of the current scene, ms. */
  readonly stepMs: number;
  /** Median JS time per frame (logic, step, draw) over the last 60 frames, ms. */
  readonly frameMs: number;
  readonly fps: number;
  /** Step samples collected since the scene was (re)built (up to 60). */
  readonly samples: number;
  readonly paused: boolean;
  readonly spriteCount: number;
  /** The live sepax World, for cross-checks with its own queries. */
  readonly world: World;
  setPaused(paused: boolean): void;
  /** Rebuilds the scene with `n` sprites, as releasing the slider does. */
  setCount(n: number): void;
  snapshot(): DebugSnapshot;
}

declare global {
  interface Window {
    __sepax?: SepaxDebug;
  }
}

export function installDebugHook(app: App): void {
  window.__sepax = {
    get frame() {
      return app.frame;
    },
    get pairs() {
      return app.pairCount;
    },
    get stepMs() {
      return app.stepTimes.median();
    },
    get frameMs() {
      return app.frameTimes.median();
    },
    get fps() {
      return app.fps;
    },
    get samples() {
      return app.stepTimes.size;
    },
    get paused() {
      return app.paused;
    },
    get spriteCount() {
      return app.scene.spriteCount;
    },
    get world() {
      return app.scene.world;
    },
    setPaused: (paused) => app.setPaused(paused),
    setCount: (n) => app.setCount(n),
    snapshot: () => {
      const scene = app.scene;
      const world = scene.world;
      const n = scene.slotCount;
      const { xs, ys } = scene.poses();
      const canvas = document.getElementById("stage");
      return {
        frame: app.frame,
        dpr: window.devicePixelRatio || 1,
        width: canvas?.clientWidth ?? scene.width,
        height: canvas?.clientHeight ?? scene.height,
        pairs: Array.from(world.pairs().subarray(0, 2 * world.pairCount)),
        xs: Array.from(xs.subarray(0, n)),
        ys: Array.from(ys.subarray(0, n)),
        radii: Array.from(scene.radius.subarray(0, n)),
        isStatic: Array.from(scene.isStatic.subarray(0, n)),
      };
    },
  };
}
