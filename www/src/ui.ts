/** The side panel: finds its elements once, reports what the user changed, shows the readout. */

function byId<T extends HTMLElement>(id: string, type: new () => T): T {
  const el = document.getElementById(id);
  if (!(el instanceof type)) throw new Error(`#${id} missing from index.html`);
  return el;
}

export interface Readout {
  frame: number;
  sprites: number;
  pairs: number;
  stepMs: number;
  frameMs: number;
  fps: number;
}

export class Panel {
  readonly count = byId("count", HTMLInputElement);
  readonly countLabel = byId("count-label", HTMLOutputElement);
  readonly pause = byId("pause", HTMLButtonElement);
  readonly step = byId("step", HTMLButtonElement);
  readonly outlines = byId("outlines", HTMLInputElement);
  readonly normals = byId("normals", HTMLInputElement);
  readonly resolve = byId("resolve", HTMLInputElement);
  readonly debugLines = byId("debug-lines", HTMLInputElement);
  readonly graph = byId("graph", HTMLCanvasElement);
  readonly stage = byId("stage", HTMLCanvasElement);
  private readonly roFrame = byId("ro-frame", HTMLElement);
  private readonly roSprites = byId("ro-sprites", HTMLElement);
  private readonly roPairs = byId("ro-pairs", HTMLElement);
  private readonly roStep = byId("ro-step", HTMLElement);
  private readonly roFrameMs = byId("ro-frame-ms", HTMLElement);
  private readonly roFps = byId("ro-fps", HTMLElement);
  private readonly roBuild = byId("ro-build", HTMLElement);
  private readonly error = byId("error", HTMLElement);

  /** Calls `onCount` when the slider is released (rebuilding a 50,000-sprite scene per input event would stall). */
  wire(handlers: { onCount(n: number): void; onPause(): void; onStep(): void }): void {
    this.count.addEventListener("input", () => this.showCount(Number(this.count.value)));
    this.count.addEventListener("change", () => handlers.onCount(Number(this.count.value)));
    this.pause.addEventListener("click", () => handlers.onPause());
    this.step.addEventListener("click", () => handlers.onStep());
  }

  /** Which of the package's two cores init() loaded ("simd128" where the browser has wasm SIMD). */
  showBuild(build: string): void {
    this.roBuild.textContent = build;
  }

  showCount(n: number): void {
    this.countLabel.value = n.toLocaleString("en-US");
  }

  showPaused(paused: boolean): void {
    this.pause.textContent = paused ? "Resume" : "Pause";
    this.pause.setAttribute("aria-pressed", String(paused));
    this.step.disabled = !paused;
  }

  show(r: Readout): void {
    this.roFrame.textContent = String(r.frame);
    this.roSprites.textContent = r.sprites.toLocaleString("en-US");
    this.roPairs.textContent = r.pairs.toLocaleString("en-US");
    this.roStep.textContent = r.stepMs.toFixed(2);
    this.roFrameMs.textContent = r.frameMs.toFixed(1);
    this.roFps.textContent = r.fps.toFixed(0);
  }

  showError(message: string): void {
    this.error.hidden = false;
    this.error.textContent = message;
  }
}
