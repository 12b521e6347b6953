import { describe, expect, it } from 'vitest';
import { sampledAllocationBytes } from '../../bench/allocation.ts';
import { random, runBlocks, streamResampler } from '../../bench/converters.ts';
import {
  conversionSnrDb,
  measuredDelaySeconds,
  passbandRippleDb,
  sine,
  toneGainDb,
  worstAliasDb,
  worstImageDb,
} from '../../bench/measure.ts';
import { StreamResampler } from './resampler.ts';
import { wasmSimdAvailable } from './wasm-fir-kernel.ts';

// Floors sit a little below the goals (−90 dB, 0.1 dB, 90 dB) so measurement noise cannot flake them.
const kernels = [
  { name: 'WebAssembly SIMD kernel', options: {} },
  { name: 'TypeScript kernel', options: { kernel: 'js' as const } },
];

/** Deterministic noise in [−0.5, 0.5). */
function noise(samples: number, seed = 1): Float32Array {
  const next = random(seed);
  return Float32Array.from({ length: samples }, () => next() - 0.5);
}

it('uses the SIMD kernel in Node (so the figures below cover both kernels)', () => {
  expect(wasmSimdAvailable()).toBe(true);
  expect(new StreamResampler(48000, 16000).kernelKind).toBe('wasm-simd');
  expect(new StreamResampler(48000, 16000, { kernel: 'js' }).kernelKind).toBe('js');
});

describe.each(kernels)('capture direction, $name', ({ options }) => {
  const convert = streamResampler(options);

  it.each([48000, 44100])('rejects aliases of tones above 8 kHz from %i Hz by at least 88 dB', (rate) => {
    for (const tone of [8500, 10000, 15000, 20000]) {
      const out = runBlocks(new StreamResampler(rate, 16000, options), sine(tone, rate, rate / 4), 128);
      let sum = 0;
      const from = 800; // past the filter's start-up
      for (let i = from; i < out.length; i++) sum += out[i]! ** 2;
      const level = 10 * Math.log10(sum / (out.length - from) / 0.5);
      expect(level, `${tone} Hz`).toBeLessThanOrEqual(-88);
    }
    const sweep = worstAliasDb(convert, rate, 16000);
    expect(sweep.db, `worst at ${sweep.tone} Hz`).toBeLessThanOrEqual(-88);
  });

  it.each([48000, 44100])('keeps the passband flat to 0.12 dB up to 6.8 kHz from %i Hz, at unity gain', (rate) => {
    expect(passbandRippleDb(convert, rate, 16000, 6800)).toBeLessThanOrEqual(0.12);
    expect(Math.abs(toneGainDb(convert(rate, 16000), rate, 16000, 1000))).toBeLessThan(0.1);
  });
});

describe.each(kernels)('playback direction, $name', ({ options }) => {
  const convert = streamResampler(options);

  it.each([44100, 48000])('converts a 1 kHz tone from 24 kHz to %i Hz with at least 88 dB SNR', (rate) => {
    expect(conversionSnrDb(convert, 24000, rate)).toBeGreaterThanOrEqual(88);
  });

  it.each([44100, 48000, 16000, 22050, 32000, 88200, 96000])('keeps images at or below −88 dB at %i Hz', (rate) => {
    const tones = [1000, 5000, 9000].filter((t) => t < 0.85 * Math.min(12000, rate / 2));
    expect(worstImageDb(convert, 24000, rate, tones)).toBeLessThanOrEqual(-88);
  });
});

describe('streaming', () => {
  const pairs: Array<[number, number]> = [
    [44100, 16000],
    [48000, 16000],
    [24000, 44100],
    [24000, 48000],
    [22050, 16000],
  ];

  describe.each(kernels)('$name', ({ options }) => {
    it.each(pairs)('gives bit-identical output whatever the call sizes (%i → %i Hz)', (from, to) => {
      const input = noise(from / 2, from);
      const whole = new StreamResampler(from, to, options);
      const expected = new Float32Array(whole.maxOutputFor(input.length));
      expect(whole.process(input, expected)).toBe(expected.length);
      for (const sizes of [[1], [7], [128], [1000], [1, 7, 128, 1000, 3, 4099]]) {
        const r = new StreamResampler(from, to, options);
        const got = new Float32Array(expected.length);
        const scratch = new Float32Array(r.maxOutputFor(5000));
        let written = 0;
        for (let at = 0, turn = 0; at < input.length; turn++) {
          const n = Math.min(sizes[turn % sizes.length]!, input.length - at);
          const piece = input.slice(at, at + n);
          const predicted = r.maxOutputFor(n);
          const produced = r.process(piece, scratch);
          expect(produced).toBe(predicted);
          got.set(scratch.subarray(0, produced), written);
          written += produced;
          at += n;
        }
        expect(written).toBe(expected.length);
        expect(got).toEqual(expected);
      }
    });
  });

  it('agrees between the two kernels to float precision', () => {
    const input = noise(44100, 7);
    const a = runBlocks(new StreamResampler(44100, 16000), input, 128);
    const b = runBlocks(new StreamResampler(44100, 16000, { kernel: 'js' }), input, 128);
    expect(a.length).toBe(b.length);
    let worst = 0;
    for (let i = 0; i < a.length; i++) worst = Math.max(worst, Math.abs(a[i]! - b[i]!));
    expect(worst).toBeLessThan(1e-6);
  });

  it('produces exactly 3600 × 16000 samples from one hour at 44.1 kHz (no drift)', () => {
    const r = new StreamResampler(44100, 16000);
    const chunk = new Float32Array(44100);
    const out = new Float32Array(r.maxOutputFor(chunk.length));
    const sizes = [44100, 128, 4410, 1, 441 * 7];
    let inputs = 0;
    let outputs = 0;
    for (let turn = 0; inputs < 3600 * 44100; turn++) {
      const n = Math.min(sizes[turn % sizes.length]!, 3600 * 44100 - inputs);
      outputs += r.process(chunk, out, n);
      inputs += n;
    }
    expect(outputs).toBe(3600 * 16000);
  });

  it.each([
    [44100, 16000],
    [48000, 16000],
    [11025, 16000],
    [96000, 16000],
    [8000, 16000],
    [16000, 16000],
    [24000, 44100],
    [24000, 22050],
  ])('produces ⌈N·out/in⌉ samples after N inputs, and inputNeededFor is exact (%i → %i Hz)', (from, to) => {
    const r = new StreamResampler(from, to);
    const buf = new Float32Array(4096);
    const out = new Float32Array(16384);
    let inputs = 0;
    let outputs = 0;
    for (const n of [1, 2, 3, 127, 128, 129, 1000, 4096, 5, 0, 333]) {
      outputs += r.process(buf, out, n);
      inputs += n;
      expect(outputs).toBe(Math.ceil((inputs * to) / from));
    }
    for (const want of [1, 2, 128, 300]) {
      const need = r.inputNeededFor(want);
      expect(r.maxOutputFor(need)).toBeGreaterThanOrEqual(want);
      if (need > 0) expect(r.maxOutputFor(need - 1)).toBeLessThan(want);
    }
  });

  it('handles rates whose ratio has too many phases for a table (interpolated rows), exactly', () => {
    const r = new StreamResampler(44101, 16000);
    expect(r.kernelKind).toBe('js-interpolated');
    const convert = (from: number, to: number) => (input: Float32Array) => runBlocks(new StreamResampler(from, to), input, 128);
    expect(worstAliasDb(convert, 44101, 16000, { seconds: 0.15 }).db).toBeLessThanOrEqual(-88);
    expect(passbandRippleDb(convert, 44101, 16000, 6800, 12)).toBeLessThanOrEqual(0.12);
    const buf = new Float32Array(44101);
    let outputs = 0;
    for (let s = 0; s < 60; s++) outputs += r.process(buf, new Float32Array(16001));
    expect(outputs).toBe(Math.ceil((60 * 44101 * 16000) / 44101));
  });

  it('passes equal rates through untouched', () => {
    const r = new StreamResampler(16000, 16000);
    const input = noise(1000);
    const out = new Float32Array(1000);
    expect(r.process(input, out)).toBe(1000);
    expect(out).toEqual(input);
    expect(r.delaySeconds).toBe(0);
  });

  it('reset() starts the stream over', () => {
    const input = noise(5000, 3);
    const r = new StreamResampler(44100, 16000);
    const first = runBlocks(r, input, 128).slice();
    r.reset();
    expect(runBlocks(r, input, 128)).toEqual(first);
  });
});

describe('delay', () => {
  it.each([48000, 44100])('is at most 2 ms from %i Hz, and the reported delay is the measured one', (rate) => {
    const r = new StreamResampler(rate, 16000);
    expect(r.delaySeconds).toBeLessThanOrEqual(0.002);
    expect(measuredDelaySeconds(streamResampler(), rate, 16000)).toBeCloseTo(r.delaySeconds, 5);
  });
});

describe('hostile input', () => {
  it('throws RangeError before consuming anything when the output is too small', () => {
    const r = new StreamResampler(48000, 16000);
    const input = noise(300);
    expect(() => r.process(input, new Float32Array(10))).toThrow(RangeError);
    // Nothing was consumed: the same call with room gives the same result as a fresh resampler.
    const a = new Float32Array(200);
    const b = new Float32Array(200);
    const n = r.process(input, a);
    expect(new StreamResampler(48000, 16000).process(input, b)).toBe(n);
    expect(a).toEqual(b);
  });

  it('rejects invalid lengths and rates', () => {
    const r = new StreamResampler(48000, 16000);
    expect(() => r.process(new Float32Array(4), new Float32Array(10), 5)).toThrow(RangeError);
    expect(() => r.process(new Float32Array(4), new Float32Array(10), -1)).toThrow(RangeError);
    expect(() => r.process(new Float32Array(4), new Float32Array(10), 1.5)).toThrow(RangeError);
    for (const rate of [0, -48000, 44100.5, Number.NaN, Number.POSITIVE_INFINITY, 1e7]) {
      expect(() => new StreamResampler(rate, 16000)).toThrow(RangeError);
    }
  });

  it('reads NaN and infinities as silence instead of poisoning the stream', () => {
    const r = new StreamResampler(48000, 16000);
    const input = sine(1000, 48000, 4800, 0.5);
    input[100] = Number.NaN;
    input[200] = Number.POSITIVE_INFINITY;
    input[300] = Number.NEGATIVE_INFINITY;
    const out = runBlocks(r, input, 128);
    expect(out.every(Number.isFinite)).toBe(true);
  });
});

describe('allocation', () => {
  it.each(kernels)('process() allocates nothing once warmed up ($name)', async ({ options }) => {
    const r = new StreamResampler(44100, 16000, options);
    const input = noise(128);
    const out = new Float32Array(64);
    expect(await sampledAllocationBytes(() => void r.process(input, out), '/worklets/dsp/')).toBe(0);
    // The probe does see allocations made inside the resampler's frames when there are some.
    const leaky = { process: (i: Float32Array) => r.process(i.subarray(0, 100), out) };
    const seen = await sampledAllocationBytes(() => void leaky.process(input), '/worklets/dsp/resampler.test');
    expect(seen).toBeGreaterThan(100_000);
  });
});
