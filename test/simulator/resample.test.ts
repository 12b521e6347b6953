// The server-side resampler (espeak 22,050 Hz → 24 kHz, caller 16 kHz → 24 kHz).
import { describe, expect, it } from 'vitest';
import { resample } from '../../demo/server/resample.ts';
import { db, fitTones, sine } from '../../bench/measure.ts';

/** A 0.5-amplitude tone of `seconds`. */
const tone = (frequency: number, rate: number, seconds: number) => sine(frequency, rate, Math.round(rate * seconds), 0.5);

/** The middle of a signal, away from the edges where the filter sees zeros. */
const middle = (x: Float32Array) => x.subarray(Math.floor(x.length * 0.1), Math.floor(x.length * 0.9));

/** Level (dB relative to the 0.5 input tone) of each frequency in `x`, fitted jointly so a strong tone
 *  cannot leak into the measure of a weak one. */
const levelsDb = (x: Float32Array, rate: number, frequencies: number[]) =>
  fitTones(x, rate, frequencies).amplitudes.map((a) => db((a / 0.5) ** 2));

describe('resample', () => {
  it('gives exactly floor(n · out / in) samples', () => {
    expect(resample(new Float32Array(22_050), 22_050, 24_000).length).toBe(24_000);
    expect(resample(new Float32Array(1000), 22_050, 24_000).length).toBe(Math.floor((1000 * 24_000) / 22_050));
    expect(resample(new Float32Array(320), 16_000, 24_000).length).toBe(480);
    expect(resample(new Float32Array(0), 16_000, 24_000).length).toBe(0);
  });

  it('keeps a tone at its frequency and level across the passband (22,050 → 24,000)', () => {
    for (const f of [200, 1000, 5000, 9000]) {
      const [level] = levelsDb(middle(resample(tone(f, 22_050, 1), 22_050, 24_000)), 24_000, [f]);
      expect(Math.abs(level!)).toBeLessThan(0.1);
    }
  });

  it('leaves no image above the input band when upsampling (≥ 85 dB down)', () => {
    const [kept, image] = levelsDb(middle(resample(tone(6500, 16_000, 1), 16_000, 24_000)), 24_000, [6500, 9500]);
    expect(Math.abs(kept!)).toBeLessThan(0.1);
    expect(image).toBeLessThan(-85); // 16k − 6.5k image
    const espeak = levelsDb(middle(resample(tone(9000, 22_050, 1), 22_050, 24_000)), 24_000, [9000, 24_000 - (22_050 - 9000)]);
    expect(espeak[1]).toBeLessThan(-85); // image folded back to 10.95 kHz
  });

  it('filters out what the lower rate cannot hold when downsampling (alias ≥ 85 dB down)', () => {
    const [alias] = levelsDb(middle(resample(tone(10_000, 24_000, 1), 24_000, 16_000)), 16_000, [6000]);
    expect(alias).toBeLessThan(-85); // 10 kHz would fold to 6 kHz
    const [kept] = levelsDb(middle(resample(tone(3000, 24_000, 1), 24_000, 16_000)), 16_000, [3000]);
    expect(Math.abs(kept!)).toBeLessThan(0.1);
  });

  it('takes the filter delay off: the output lines up with the input', () => {
    const input = tone(1000, 22_050, 0.2);
    const out = resample(input, 22_050, 24_000);
    const ideal = tone(1000, 24_000, 0.2);
    const errorAtLag = (lag: number) => {
      let worst = 0;
      for (let i = 1000; i < 4000; i++) worst = Math.max(worst, Math.abs(out[i]! - ideal[i + lag]!));
      return worst;
    };
    expect(errorAtLag(0)).toBeLessThan(errorAtLag(1));
    expect(errorAtLag(0)).toBeLessThan(errorAtLag(-1));
    expect(errorAtLag(0)).toBeLessThan(0.07); // within half a sample of the ideal
  });

  it('copies when the rates are equal and refuses nonsense rates', () => {
    const x = tone(440, 16_000, 0.01);
    expect(resample(x, 16_000, 16_000)).toEqual(x);
    expect(() => resample(x, 0, 16_000)).toThrow(RangeError);
    expect(() => resample(x, 16_000.5, 24_000)).toThrow(RangeError);
  });
});
