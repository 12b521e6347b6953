// Whole sounds at another rate, for the server (espeak 22,050 Hz → 24 kHz, caller 16 kHz → 24 kHz): the
// project's streaming resampler (worklets/dsp) run over the sound and its tail, with the filter's delay
// taken off so the result lines up with the input.
import { StreamResampler } from '../../worklets/dsp/resampler.ts';

/** `input` at `inRate` → the same sound at `outRate`, exactly floor(n · outRate / inRate) samples. */
export function resample(input: Float32Array, inRate: number, outRate: number): Float32Array {
  const resampler = new StreamResampler(inRate, outRate);
  if (inRate === outRate) return input.slice();
  const length = Math.floor((input.length * outRate) / inRate);
  const skip = Math.round(resampler.delaySeconds * outRate);
  const tail = Math.ceil(resampler.delaySeconds * inRate) + 2;
  const padded = new Float32Array(input.length + tail);
  padded.set(input);
  const output = new Float32Array(resampler.maxOutputFor(padded.length));
  const produced = resampler.process(padded, output);
  return output.slice(skip, Math.min(produced, skip + length));
}
