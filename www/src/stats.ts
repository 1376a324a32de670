/** Rolling timing statistics, in fixed buffers (read a few times a second, written every frame). */
export class Rolling {
  private readonly values: Float64Array;
  private readonly scratch: Float64Array;
  private count = 0;
  private head = 0;

  constructor(size: number) {
    this.values = new Float64Array(size);
    this.scratch = new Float64Array(size);
  }

  push(v: number): void {
    this.values[this.head] = v;
    this.head = (this.head + 1) % this.values.length;
    this.count = Math.min(this.count + 1, this.values.length);
  }

  clear(): void {
    this.count = 0;
    this.head = 0;
  }

  /** Samples held (at most the buffer size). */
  get size(): number {
    return this.count;
  }

  /** Median of the samples held (0 when empty): robust to the odd slow frame on a shared machine. */
  median(): number {
    if (this.count === 0) return 0;
    const s = this.scratch.subarray(0, this.count);
    s.set(this.values.subarray(0, this.count));
    s.sort();
    const mid = this.count >> 1;
    return this.count % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
  }
}
