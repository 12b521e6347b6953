// The converters the benchmark compares, behind measure.ts's ConverterFactory shape.

import { StreamResampler, type ResamplerOptions } from '../worklets/dsp/resampler.ts';
import type { Convert, ConverterFactory } from './measure.ts';

/** Our resampler, fed in blocks of `block` samples (128 = one render quantum) as in the worklet. */
export function streamResampler(options: ResamplerOptions = {}, block = 128): ConverterFactory {
  return (inputRate, outputRate): Convert =>
    (input) => {
      const resampler = new StreamResampler(inputRate, outputRate, options);
      return runBlocks(resampler, input, block);
    };
}

export function runBlocks(resampler: StreamResampler, input: Float32Array, block: number): Float32Array {
  const out = new Float32Array(resampler.maxOutputFor(input.length));
  const scratch = new Float32Array(resampler.maxOutputFor(block) + 8);
  let written = 0;
  for (let i = 0; i < input.length; i += block) {
    const piece = input.subarray(i, Math.min(input.length, i + block));
    const n = resampler.process(piece, scratch);
    out.set(scratch.subarray(0, n), written);
    written += n;
  }
  return out.subarray(0, written);
}
