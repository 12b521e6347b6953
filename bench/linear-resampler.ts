// Plain linear interpolation, the baseline: exact rational positions (no drift), no filter at all.

import { reduceRatio } from '../worklets/dsp/rational.ts';

export class LinearResampler {
  private readonly up: number;
  private readonly down: number;
  /** Next output at input position (index + phase / up), relative to the next input sample's index. */
  private index = 0;
  private phase = 0;
  private previous = 0;

  constructor(inputRate: number, outputRate: number) {
    ({ up: this.up, down: this.down } = reduceRatio(inputRate, outputRate));
  }

  /** Output positions are interpolated between input i − 1 and i (so the first uses a silent sample −1). */
  process(input: Float32Array, output: Float32Array, length = input.length): number {
    let produced = 0;
    const { up, down } = this;
    let index = this.index;
    let phase = this.phase;
    while (index < length) {
      const a = index === 0 ? this.previous : input[index - 1]!;
      const b = input[index]!;
      output[produced++] = a + ((b - a) * phase) / up;
      phase += down;
      while (phase >= up) {
        phase -= up;
        index++;
      }
    }
    if (length > 0) this.previous = input[length - 1]!;
    this.index = index - length;
    this.phase = phase;
    return produced;
  }
}
