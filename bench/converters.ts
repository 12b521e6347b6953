// The converters the benchmark compares, behind measure.ts's ConverterFactory shape, and the playback
// path driven the way the worklet drives it.

import libsamplerate from '@alexanderolsen/libsamplerate-js';
import { floatToInt16 } from '../worklets/dsp/pcm.ts';
import { PlaybackCore } from '../worklets/dsp/playback-core.ts';
import { StreamResampler, type ResamplerOptions } from '../worklets/dsp/resampler.ts';
import { LinearResampler } from './linear-resampler.ts';
import type { Convert, ConverterFactory } from './measure.ts';

/** Anything with the resampler's process() shape. */
export interface BlockProcessor {
  process(input: Float32Array, output: Float32Array, length?: number): number;
}

/** Our resampler, fed in blocks of `block` samples (128 = one render quantum) as in the worklet. */
export function streamResampler(options: ResamplerOptions = {}, block = 128): ConverterFactory {
  return (inputRate, outputRate): Convert =>
    (input) =>
      runBlocks(new StreamResampler(inputRate, outputRate, options), input, block);
}

export function linearInterpolation(block = 128): ConverterFactory {
  return (inputRate, outputRate): Convert =>
    (input) =>
      runBlocks(new LinearResampler(inputRate, outputRate), input, block, Math.ceil((input.length * outputRate) / inputRate) + 2);
}

export function runBlocks(processor: BlockProcessor, input: Float32Array, block: number, capacity?: number): Float32Array {
  const size = capacity ?? (processor instanceof StreamResampler ? processor.maxOutputFor(input.length) : input.length * 16);
  const out = new Float32Array(size);
  const scratch = new Float32Array(out.length + 8);
  let written = 0;
  for (let i = 0; i < input.length; i += block) {
    const piece = input.subarray(i, Math.min(input.length, i + block));
    const n = processor.process(piece, scratch);
    out.set(scratch.subarray(0, n), written);
    written += n;
  }
  return out.subarray(0, written);
}

export const LibSampleRate = libsamplerate;
export type LibSampleRateConverter = Awaited<ReturnType<typeof libsamplerate.create>>;
type ConverterType = (typeof libsamplerate.ConverterType)[keyof typeof libsamplerate.ConverterType];

/**
 * libsamplerate (WebAssembly) at one converter type. Its constructor is asynchronous, so the rate pairs
 * to measure are created up front; each conversion then uses its `simple` API (a fresh state per call).
 */
export async function libsamplerateConverter(converterType: ConverterType, pairs: Array<[number, number]>): Promise<{
  factory: ConverterFactory;
  instances: Map<string, LibSampleRateConverter>;
}> {
  const instances = new Map<string, LibSampleRateConverter>();
  for (const [from, to] of pairs) instances.set(`${from}/${to}`, await libsamplerate.create(1, from, to, { converterType }));
  const factory: ConverterFactory = (from, to) => {
    const src = instances.get(`${from}/${to}`);
    if (!src) throw new Error(`no libsamplerate instance for ${from} → ${to}`);
    return (input) => src.simple(input);
  };
  return { factory, instances };
}

/** Deterministic pseudo-random numbers in [0, 1). */
export function random(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

/**
 * Plays 24 kHz PCM through a PlaybackCore in 128-sample render quanta, the network delivering it in random
 * chunks of `chunkMs` (min, max) whenever less than `lowWaterMs` is queued; marks the stream ended after
 * the last chunk and renders until drained. Returns the output and the core.
 */
export function playChunked(
  rate: number,
  pcm: Int16Array,
  { chunkMs = [10, 200] as [number, number], lowWaterMs = 150, seed = 1 } = {},
): { output: Float32Array; core: PlaybackCore } {
  const core = new PlaybackCore(rate);
  const next = random(seed);
  const quantum = new Float32Array(128);
  const parts: Float32Array[] = [];
  let sent = 0;
  const lowWater = (lowWaterMs / 1000) * 24000;
  const limit = Math.ceil(((pcm.length / 24000 + 1) * rate) / 128);
  for (let q = 0; q < limit && !(sent === pcm.length && core.drained); q++) {
    while (sent < pcm.length && core.queuedSamples < lowWater) {
      const ms = chunkMs[0] + (chunkMs[1] - chunkMs[0]) * next();
      const n = Math.min(pcm.length - sent, Math.round((ms / 1000) * 24000));
      core.enqueue(pcm.slice(sent, sent + n));
      sent += n;
      if (sent === pcm.length) core.markEnded();
    }
    core.render(quantum);
    parts.push(quantum.slice());
  }
  const output = new Float32Array(parts.length * 128);
  parts.forEach((p, i) => output.set(p, i * 128));
  return { output, core };
}

/** The playback path as a converter (24 kHz float → 16-bit → PlaybackCore in random chunks). */
export function playbackPath(seed = 1): ConverterFactory {
  return (_inputRate, outputRate): Convert =>
    (input) => {
      const pcm = new Int16Array(input.length);
      floatToInt16(input, pcm);
      const { output } = playChunked(outputRate, pcm, { seed });
      const start = output.findIndex((v) => v !== 0);
      return output.subarray(Math.max(0, start));
    };
}
