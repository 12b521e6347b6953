// When the panel says the microphone sends only silence (src/call/silent-microphone.ts): after 4 s of level reports
// whose peak is within ±1 LSB, counted while the call is live, unmuted and the agent quiet; never for a run that
// was partly not counted; cleared by the first signal. A quiet room never trips it.
import { describe, expect, it } from 'vitest';
import { LSB, REPORT_MS, SILENT_MS, silentMicrophone } from '../../src/call/silent-microphone.ts';

/** Reports as the capture processor sends them, 30 a second. */
function watch() {
  const said: boolean[] = [];
  const heard = silentMicrophone((silent) => said.push(silent));
  return {
    said,
    /** `ms` of reports of digital silence (peaks of 0, or ±1 LSB). */
    silence(ms: number, counting = true) {
      for (let t = 0; t < ms; t += REPORT_MS) heard(t % 2 ? LSB : 0, counting);
    },
    /** One report with a signal in it. */
    signal(peak = 2 * LSB, counting = true) {
      heard(peak, counting);
    },
  };
}

/** `seconds` of white noise at `dbfs` RMS (seeded: the same every run), as 30 reports a second of their peaks. */
function noisePeaks(seconds: number, dbfs: number, rate = 48_000): number[] {
  const rms = 10 ** (dbfs / 20);
  let state = 7;
  const uniform = () => (state = (state * 1_103_515_245 + 12_345) >>> 0) / 2 ** 32;
  const perReport = Math.round(rate / 30);
  const peaks: number[] = [];
  for (let r = 0; r < seconds * 30; r++) {
    let peak = 0;
    for (let i = 0; i < perReport; i++) {
      const gaussian = Math.sqrt(-2 * Math.log(1 - uniform())) * Math.cos(2 * Math.PI * uniform());
      peak = Math.max(peak, Math.abs(gaussian * rms));
    }
    peaks.push(peak);
  }
  return peaks;
}

describe('a silent microphone', () => {
  it('is said after 4 s of digital silence, once, and no sooner', () => {
    const w = watch();
    w.silence(SILENT_MS - 100);
    expect(w.said).toEqual([]);
    w.silence(200);
    expect(w.said).toEqual([true]);
    w.silence(10_000);
    expect(w.said).toEqual([true]);
  });

  it('clears by itself when a signal comes, and is said again after 4 s more of silence', () => {
    const w = watch();
    w.silence(5000);
    w.signal();
    expect(w.said).toEqual([true, false]);
    w.silence(3900);
    expect(w.said).toEqual([true, false]);
    w.silence(200);
    expect(w.said).toEqual([true, false, true]);
  });

  it('never counts silence while it does not count (muted, the agent speaking): the count starts again after', () => {
    const w = watch();
    w.silence(3000);
    w.silence(3000, false); // the agent speaks: its canceller may output zeros
    w.silence(3000);
    expect(w.said).toEqual([]); // 3 s + 3 s counted, never 4 s in a row
    w.silence(1100);
    expect(w.said).toEqual([true]);
  });

  it('keeps saying so while counting pauses, until a signal comes', () => {
    const w = watch();
    w.silence(4100);
    w.silence(5000, false);
    expect(w.said).toEqual([true]);
    w.signal(2 * LSB, false);
    expect(w.said).toEqual([true, false]);
  });

  it('never calls a quiet room silent: white noise at −60, −65 and −70 dBFS for 20 s', () => {
    for (const dbfs of [-60, -65, -70]) {
      const said: boolean[] = [];
      const heard = silentMicrophone((silent) => said.push(silent));
      const peaks = noisePeaks(20, dbfs);
      // The quietest stretch is still far from ±1 LSB: 10 LSB of noise peaks at 30 and more in 1,600 samples.
      expect(Math.min(...peaks) / LSB, `${dbfs} dBFS`).toBeGreaterThan(10);
      for (const peak of peaks) heard(peak, true);
      expect(said, `${dbfs} dBFS`).toEqual([]);
    }
  });
});
