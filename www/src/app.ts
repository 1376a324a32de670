/**
 * The frame loop and the glue between panel, pointer, scene, world and renderer.
 *
 * One frame: game logic writes every moving sprite's pose into the world's columns, `world.step()` finds the
 * pairs, the pairs mark which sprites to highlight (and, with "resolve", `world.separate()` pushes sprites apart), then everything
 * is drawn. Views over wasm memory are fetched again after each call that may allocate (step, add), as the
 * package requires: memory growth detaches old views.
 */
import { FrameGraph } from "./graph.ts";
import { Renderer } from "./render.ts";
import { Resolver } from "./resolve.ts";
import { Scene } from "./scene.ts";
import { Rolling } from "./stats.ts";
import type { Panel } from "./ui.ts";

/** Longest simulated time per frame: a stalled tab must not teleport sprites through each other. */
const MAX_DT = 1 / 30;
const READOUT_INTERVAL_MS = 250;

export class App {
  scene: Scene;
  paused = false;
  /** Frames simulated since the page loaded (a single step counts; paused frames do not). */
  frame = 0;
  readonly stepTimes = new Rolling(60);
  readonly frameTimes = new Rolling(60);
  fps = 0;

  private readonly renderer: Renderer;
  private readonly graph: FrameGraph;
  private readonly drawOptions = { outlines: false, normals: false };
  private stepOnce = false;
  private readonly resolver = new Resolver();
  private lastNow = -1;
  private lastStepMs = 0;
  private lastReadout = 0;
  private framesSinceReadout = 0;
  private resized = false;

  // Pointer drag state; dragId -1 when not dragging.
  private dragId = -1;
  private dragX = 0;
  private dragY = 0;
  private dragMoved = false;
  private flingX = 0;
  private flingY = 0;
  private lastPointerT = 0;

  constructor(private readonly panel: Panel) {
    this.renderer = new Renderer(panel.stage);
    this.graph = new FrameGraph(panel.graph);
    this.renderer.resize();
    this.scene = new Scene(Number(panel.count.value), this.renderer.width, this.renderer.height);
    panel.showCount(this.scene.spriteCount);
    panel.wire({
      onCount: (n) => this.setCount(n),
      onPause: () => this.setPaused(!this.paused),
      onStep: () => {
        this.stepOnce = true;
      },
    });
    new ResizeObserver(() => {
      this.resized = true;
    }).observe(panel.stage);
    this.wirePointer(panel.stage);
  }

  start(): void {
    requestAnimationFrame(this.tick);
  }

  /** Rebuilds the scene with `n` moving sprites (the sprite scale follows the count). */
  setCount(n: number): void {
    const count = Math.round(Math.min(50_000, Math.max(1, n)));
    this.scene.free();
    this.scene = new Scene(count, this.renderer.width, this.renderer.height);
    this.dragId = -1;
    this.stepTimes.clear();
    this.frameTimes.clear();
    this.graph.clear();
    this.panel.count.value = String(count);
    this.panel.showCount(count);
  }

  setPaused(paused: boolean): void {
    this.paused = paused;
    this.panel.showPaused(paused);
  }

  get pairCount(): number {
    return this.scene.world.pairCount;
  }

  private readonly tick = (now: number): void => {
    requestAnimationFrame(this.tick);
    const t0 = performance.now();
    if (this.resized && this.renderer.resize()) this.setCount(this.scene.spriteCount);
    this.resized = false;
    const dt = this.lastNow < 0 ? 1 / 60 : Math.min(MAX_DT, (now - this.lastNow) / 1000);
    if (this.lastNow >= 0) this.framesSinceReadout++;

    if (!this.paused || this.stepOnce) {
      this.simulate(this.stepOnce ? 1 / 60 : dt);
      this.stepOnce = false;
      this.frame++;
    } else if (this.dragMoved) {
      // Paused, but the user is dragging: move only that sprite and re-step, so pairs follow the pointer.
      this.simulate(0);
    }
    this.dragMoved = false;

    const world = this.scene.world;
    this.drawOptions.outlines = this.panel.outlines.checked;
    this.drawOptions.normals = this.panel.normals.checked;
    this.renderer.draw(
      this.scene,
      this.scene.poses(),
      world.pairBuffer(),
      world.contactBuffer(),
      world.contactPointBuffer(),
      world.pairCount,
      this.drawOptions,
    );
    if (this.panel.debugLines.checked) this.renderer.drawDebugLines(world);
    const frameMs = performance.now() - t0;
    this.frameTimes.push(frameMs);
    this.graph.push(frameMs, this.lastStepMs);
    this.graph.draw();
    this.lastNow = now;

    if (now - this.lastReadout >= READOUT_INTERVAL_MS) {
      this.fps = this.lastReadout > 0 ? (this.framesSinceReadout * 1000) / (now - this.lastReadout) : 0;
      this.framesSinceReadout = 0;
      this.lastReadout = now;
      this.panel.show({
        frame: this.frame,
        sprites: this.scene.spriteCount,
        pairs: world.pairCount,
        stepMs: this.stepTimes.median(),
        frameMs: this.frameTimes.median(),
        fps: this.fps,
      });
    }
  };

  private simulate(dt: number): void {
    const scene = this.scene;
    const world = scene.world;
    scene.move(dt, scene.poses(), this.dragId, this.dragX, this.dragY);
    const s0 = performance.now();
    const count = world.step();
    this.lastStepMs = performance.now() - s0;
    if (dt > 0) this.stepTimes.push(this.lastStepMs);
    // The *Buffer() views are not re-made when the pair count changes (pairs() would be, every frame).
    const pairs = world.pairBuffer();
    scene.markPairs(pairs, count);
    if (this.panel.resolve.checked) this.resolver.resolve(scene, world, this.dragId);
  }

  private wirePointer(stage: HTMLCanvasElement): void {
    stage.addEventListener("pointerdown", (e) => {
      const id = this.scene.pick(e.offsetX, e.offsetY);
      if (id < 0) {
        this.scene.spawn(this.scene.randomKind(), e.offsetX, e.offsetY);
        this.dragMoved = true;
        return;
      }
      this.dragId = id;
      this.dragX = e.offsetX;
      this.dragY = e.offsetY;
      this.dragMoved = true;
      this.flingX = 0;
      this.flingY = 0;
      this.lastPointerT = e.timeStamp;
      stage.setPointerCapture(e.pointerId);
    });
    stage.addEventListener("pointermove", (e) => {
      if (this.dragId < 0) return;
      const dt = Math.max(1, e.timeStamp - this.lastPointerT) / 1000;
      // Smoothed pointer velocity, so letting go throws the sprite.
      this.flingX = 0.7 * this.flingX + 0.3 * ((e.offsetX - this.dragX) / dt);
      this.flingY = 0.7 * this.flingY + 0.3 * ((e.offsetY - this.dragY) / dt);
      this.lastPointerT = e.timeStamp;
      this.dragX = e.offsetX;
      this.dragY = e.offsetY;
      this.dragMoved = true;
    });
    const release = (): void => {
      if (this.dragId < 0) return;
      // A throw sets the sprite's velocity; a plain drop keeps the one it had.
      const speed = Math.hypot(this.flingX, this.flingY);
      if (speed > 10) {
        const k = Math.min(1, 1500 / speed);
        this.scene.vx[this.dragId] = this.flingX * k;
        this.scene.vy[this.dragId] = this.flingY * k;
      }
      this.dragId = -1;
    };
    stage.addEventListener("pointerup", release);
    stage.addEventListener("pointercancel", release);
  }
}
