import { describe, expect, it } from 'vitest';
import { sine } from '../../bench/measure.ts';
import { LevelMeter, measureLevel } from './levels.ts';

describe('levels', () => {
  it('measures RMS and peak', () => {
    const tone = sine(1000, 48000, 48000, 0.5);
    const { rms, peak } = measureLevel(tone);
    expect(rms).toBeCloseTo(0.5 / Math.SQRT2, 4);
    expect(peak).toBeCloseTo(0.5, 4);
    expect(measureLevel(Float32Array.from([-0.75, 0.25]))).toEqual({ rms: Math.sqrt((0.5625 + 0.0625) / 2), peak: 0.75 });
    expect(measureLevel(new Float32Array(0))).toEqual({ rms: 0, peak: 0 });
  });

  it('covers exactly the samples added since the last reading', () => {
    const meter = new LevelMeter();
    meter.add(Float32Array.from([1, 1, 1, 1]));
    meter.add(Float32Array.from([0, 0, 0, 0]));
    expect(meter.take()).toEqual({ rms: Math.sqrt(0.5), peak: 1 });
    meter.add(Float32Array.from([0.25, -0.25, 9]), 2);
    expect(meter.take()).toEqual({ rms: 0.25, peak: 0.25 });
    expect(meter.take()).toEqual({ rms: 0, peak: 0 });
  });

  it('ignores non-finite samples', () => {
    expect(measureLevel(Float32Array.from([Number.NaN, Number.POSITIVE_INFINITY, 0.5]))).toEqual({ rms: 0.5, peak: 0.5 });
  });
});
