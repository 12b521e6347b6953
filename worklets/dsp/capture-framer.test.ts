import { describe, expect, it } from 'vitest';
import { sampledAllocationBytes } from '../../bench/allocation.ts';
import { sine } from '../../bench/measure.ts';
import { CaptureFramer } from './capture-framer.ts';
import { floatToInt16 } from './pcm.ts';
import { StreamResampler } from './resampler.ts';

/** Pushes `signal` in blocks cycling through `sizes`, collecting the frames. */
function frames(framer: CaptureFramer, signal: Float32Array, sizes: number[]): Int16Array[] {
  const out: Int16Array[] = [];
  for (let at = 0, turn = 0; at < signal.length; turn++) {
    const n = Math.min(sizes[turn % sizes.length]!, signal.length - at);
    framer.push(signal.slice(at, at + n), (frame) => out.push(frame));
    at += n;
  }
  return out;
}

/** The reference: the whole signal through one resampler call, then converted to 16-bit. */
function reference(rate: number, signal: Float32Array): Int16Array {
  const r = new StreamResampler(rate, 16000);
  const floats = new Float32Array(r.maxOutputFor(signal.length));
  r.process(signal, floats);
  const pcm = new Int16Array(floats.length);
  floatToInt16(floats, pcm);
  return pcm;
}

describe('CaptureFramer', () => {
  it.each([
    [44100, 320],
    [48000, 320],
    [44100, 640],
    [16000, 320],
    [96000, 640],
    [8000, 320],
  ])('cuts %i Hz input into frames of exactly %i samples matching a reference resample', (rate, size) => {
    const signal = sine(440, rate, Math.round(rate * 1.37), 0.6);
    const expected = reference(rate, signal);
    const got = frames(new CaptureFramer(rate, size), signal, [128, 128, 7, 1000, 128, 3000]);
    expect(got.length).toBe(Math.floor(expected.length / size));
    for (const frame of got) expect(frame.length).toBe(size);
    const joined = new Int16Array(got.length * size);
    got.forEach((frame, i) => joined.set(frame, i * size));
    expect(joined).toEqual(expected.subarray(0, joined.length));
  });

  it('keeps count with elapsed input over ten minutes of 128-sample blocks at 44.1 kHz', () => {
    const framer = new CaptureFramer(44100);
    const block = new Float32Array(128);
    let count = 0;
    const blocks = Math.floor((600 * 44100) / 128);
    for (let b = 0; b < blocks; b++) framer.push(block, () => count++);
    expect(count).toBe(Math.floor(Math.ceil((blocks * 128 * 16000) / 44100) / 320));
  });

  it('hands over a new buffer for every frame (safe to transfer)', () => {
    const got = frames(new CaptureFramer(48000), new Float32Array(48000), [128]);
    expect(new Set(got.map((f) => f.buffer)).size).toBe(got.length);
    for (const frame of got) expect(frame.byteOffset).toBe(0);
    for (const frame of got) expect(frame.buffer.byteLength).toBe(640);
  });

  it('reports the input level since the last reading', () => {
    const framer = new CaptureFramer(48000);
    framer.push(sine(1000, 48000, 4800, 0.5), () => {});
    const level = framer.takeLevel();
    expect(level.peak).toBeCloseTo(0.5, 3);
    expect(level.rms).toBeCloseTo(0.5 / Math.SQRT2, 3);
    expect(framer.takeLevel()).toEqual({ rms: 0, peak: 0 });
  });

  it('rejects a frame size that is not a whole positive number', () => {
    for (const size of [0, -320, 320.5, Number.NaN]) expect(() => new CaptureFramer(48000, size)).toThrow(RangeError);
  });

  it('allocates nothing per block except the frames it hands over', async () => {
    const block = sine(300, 44100, 128, 0.5);
    let frames = 0;
    const onFrame = () => void frames++;
    // Measure 300 blocks right after a 16000-sample frame was handed over: they cannot complete the next
    // one, so any allocation seen is the framer's own.
    const framer = new CaptureFramer(44100, 16000);
    let framesBefore = 0;
    const bytes = await sampledAllocationBytes(() => framer.push(block, onFrame), '/worklets/dsp/', {
      calls: 300,
      warmup: 2000,
      beforeMeasuring: () => {
        const target = frames + 1;
        while (frames < target) framer.push(block, onFrame);
        framesBefore = frames;
      },
    });
    expect(framesBefore).toBeGreaterThan(4);
    expect(frames).toBe(framesBefore);
    expect(bytes).toBe(0);
  });
});
