/**
 * The small frame-time graph: the last `SAMPLES` frames as bars (whole frame) with the part spent in
 * `world.step()` overlaid, against 60 fps and 30 fps guide lines. Ring buffers, no allocation per frame.
 */
const SAMPLES = 180;
/** Top of the graph, ms. Longer frames are clipped (and show as full-height bars). */
const MAX_MS = 50;

export class FrameGraph {
  private readonly ctx: CanvasRenderingContext2D;
  private readonly frameMs = new Float32Array(SAMPLES);
  private readonly stepMs = new Float32Array(SAMPLES);
  private head = 0;

  constructor(private readonly canvas: HTMLCanvasElement) {
    const ctx = canvas.getContext("2d");
    if (!ctx) throw new Error("2D canvas unavailable");
    this.ctx = ctx;
  }

  push(frameMs: number, stepMs: number): void {
    this.frameMs[this.head] = frameMs;
    this.stepMs[this.head] = stepMs;
    this.head = (this.head + 1) % SAMPLES;
  }

  /** Forgets the history (a rebuilt scene is a new measurement). */
  clear(): void {
    this.frameMs.fill(0);
    this.stepMs.fill(0);
  }

  draw(): void {
    const { ctx, canvas } = this;
    const w = canvas.width;
    const h = canvas.height;
    ctx.fillStyle = "#0a0e18";
    ctx.fillRect(0, 0, w, h);
    const bar = w / SAMPLES;
    for (let pass = 0; pass < 2; pass++) {
      const data = pass === 0 ? this.frameMs : this.stepMs;
      ctx.fillStyle = pass === 0 ? "#3f7fd9" : "#62e08a";
      for (let i = 0; i < SAMPLES; i++) {
        const v = data[(this.head + i) % SAMPLES];
        const top = this.y(v);
        ctx.fillRect(i * bar, top, Math.max(1, bar - 0.5), h - top);
      }
    }
    ctx.fillStyle = "#c05050";
    ctx.fillRect(0, Math.round(this.y(1000 / 60)), w, 1);
    ctx.fillStyle = "#806030";
    ctx.fillRect(0, Math.round(this.y(1000 / 30)), w, 1);
  }

  private y(ms: number): number {
    const h = this.canvas.height;
    return h - (Math.min(ms, MAX_MS) / MAX_MS) * h;
  }
}
