// Audio levels for meters: RMS and peak of a stretch of samples.

export interface Level {
  /** Root mean square, 0 for no samples. */
  rms: number;
  /** Largest absolute sample value. */
  peak: number;
}

/** Level of buf[0, count) (default: all). */
export function measureLevel(buf: Float32Array, count: number = buf.length): Level {
  const meter = new LevelMeter();
  meter.add(buf, count);
  return meter.take();
}

/**
 * Accumulates samples between two readings, allocation-free while adding (a worklet adds every render
 * quantum and reads ~30 times a second). No smoothing: each reading covers exactly the samples added since
 * the previous one, so a consumer can smooth or hold peaks as its display needs.
 */
export class LevelMeter {
  private sumSquares = 0;
  private count = 0;
  private peak = 0;

  /** Adds buf[0, count) (default: all). Non-finite samples are ignored. */
  add(buf: Float32Array, count: number = buf.length): void {
    const n = Math.min(buf.length, Math.max(0, Math.floor(count)));
    let sum = 0;
    let peak = this.peak;
    let used = 0;
    for (let i = 0; i < n; i++) {
      const v = buf[i]!;
      if (v - v !== 0) continue;
      sum += v * v;
      const a = v < 0 ? -v : v;
      if (a > peak) peak = a;
      used++;
    }
    this.sumSquares += sum;
    this.count += used;
    this.peak = peak;
  }

  /** The level since the last take (or construction), then starts over. */
  take(): Level {
    const level = { rms: this.count > 0 ? Math.sqrt(this.sumSquares / this.count) : 0, peak: this.peak };
    this.sumSquares = 0;
    this.count = 0;
    this.peak = 0;
    return level;
  }
}
