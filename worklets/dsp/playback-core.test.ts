import { describe, expect, it } from 'vitest';
import { sampledAllocationBytes } from '../../bench/allocation.ts';
import { playChunked } from '../../bench/converters.ts';
import { firstAbove, fitTones, lastAbove, maxStep, sineInt16, thdPlusNoiseDb } from '../../bench/measure.ts';
import { PlaybackCore } from './playback-core.ts';

const QUANTUM = 128;

/** A tone (1 kHz unless given) at 24 kHz as 16-bit PCM. */
const tone = (seconds: number, amplitude = 0.5, frequency = 1000) =>
  sineInt16(frequency, 24000, Math.round(seconds * 24000), amplitude);

/** Renders `samples` output samples (whole quanta) and returns them. */
function render(core: PlaybackCore, samples: number): Float32Array {
  const out = new Float32Array(Math.ceil(samples / QUANTUM) * QUANTUM);
  const quantum = new Float32Array(QUANTUM);
  for (let at = 0; at < out.length; at += QUANTUM) {
    core.render(quantum);
    out.set(quantum, at);
  }
  return out;
}

/** The steepest sample-to-sample step of a 0.5-amplitude 1 kHz tone at `rate`, with room for the band-
 *  limited overshoot (Gibbs, ~9%) where the test tone itself starts or stops abruptly. A click — a jump to
 *  or from silence — is several times larger. */
const toneStep = (rate: number) => 1.15 * 0.5 * Math.sin((2 * Math.PI * 1000) / rate);

describe('PlaybackCore', () => {
  it.each([48000, 44100])(
    'plays a 1 kHz tone arriving in random 10–200 ms chunks continuously at %i Hz (THD+N ≤ −83 dB)',
    (rate) => {
      const source = tone(3);
      const { output: out, core } = playChunked(rate, source, { chunkMs: [10, 200], seed: rate });
      expect(core.underruns).toBe(0);
      expect(core.playedSamples).toBe(source.length);
      expect(core.drained).toBe(true);
      const start = firstAbove(out);
      const end = start + Math.round(3 * rate);
      const thdn = thdPlusNoiseDb(out, rate, 1000, start + Math.round(0.02 * rate), end - Math.round(0.02 * rate));
      expect(thdn).toBeLessThanOrEqual(-83);
      // No step anywhere larger than the tone's own steepest one (a click would be).
      expect(maxStep(out)).toBeLessThanOrEqual(toneStep(rate));
    },
  );

  it('waits for the prebuffer (60 ms), or plays at once when the stream is marked ended', () => {
    const core = new PlaybackCore(48000);
    core.enqueue(tone(0.03));
    const waiting = render(core, 0.05 * 48000);
    expect(firstAbove(waiting)).toBe(-1);
    core.enqueue(tone(0.03));
    expect(firstAbove(render(core, QUANTUM))).toBeGreaterThanOrEqual(0);

    const ended = new PlaybackCore(48000);
    ended.enqueue(tone(0.03));
    ended.markEnded();
    expect(firstAbove(render(ended, QUANTUM))).toBeGreaterThanOrEqual(0);
  });

  it('starts a short utterance after waiting the prebuffer time even if never marked ended', () => {
    const core = new PlaybackCore(48000);
    core.enqueue(tone(0.02));
    const out = render(core, 0.2 * 48000);
    const start = firstAbove(out);
    expect(start).toBeGreaterThanOrEqual(0.06 * 48000 - QUANTUM);
    expect(start).toBeLessThanOrEqual(0.06 * 48000 + 2 * QUANTUM);
    expect(core.playedSamples).toBe(480);
  });

  it('counts an underrun once per episode, plays silence during it, and resumes without a click', () => {
    const core = new PlaybackCore(48000);
    core.enqueue(tone(0.1));
    const first = render(core, 0.3 * 48000);
    expect(core.underruns).toBe(1);
    const lastSound = lastAbove(first);
    expect(lastSound).toBeLessThan(first.length - 0.1 * 48000);
    core.enqueue(tone(0.1));
    const second = render(core, 0.3 * 48000);
    expect(core.underruns).toBe(2);
    const joined = new Float32Array(first.length + second.length);
    joined.set(first);
    joined.set(second, first.length);
    expect(maxStep(joined)).toBeLessThanOrEqual(toneStep(48000));
    // Running dry after markEnded() is the end of the stream, not an underrun.
    core.enqueue(tone(0.1));
    core.markEnded();
    render(core, 0.3 * 48000);
    expect(core.underruns).toBe(2);
  });

  it('flush fades to exact silence within 5 ms and drops the queue', () => {
    const rate = 48000;
    const core = new PlaybackCore(rate);
    core.enqueue(tone(1));
    render(core, 0.2 * rate);
    const before = render(core, QUANTUM);
    core.flush();
    const after = render(core, 0.1 * rate);
    expect(after.subarray(Math.round(0.005 * rate)).every((v) => v === 0)).toBe(true);
    expect(core.queuedSamples).toBe(0);
    expect(core.drained).toBe(true);
    // The fade falls steadily from the level playing before it (no jump, no click).
    const peak = Math.max(...before.map(Math.abs));
    for (let ms = 0; ms < 4; ms++) {
      const segment = after.subarray((ms * rate) / 1000, ((ms + 1) * rate) / 1000);
      expect(Math.max(...segment.map(Math.abs))).toBeLessThanOrEqual(peak * (1 - ms / 4) + 1e-3);
    }
    expect(maxStep(after)).toBeLessThanOrEqual(toneStep(rate));
  });

  it('keeps audio queued after a flush (the next utterance) and plays it once the fade is over', () => {
    const rate = 48000;
    const core = new PlaybackCore(rate);
    core.enqueue(tone(1));
    render(core, 0.2 * rate);
    const playedBefore = core.playedSamples;
    core.flush();
    core.enqueue(tone(0.5, 0.25, 500)); // sent right after the interruption
    expect(core.queuedSamples).toBe(24000 - playedBefore + 12000);
    const out = render(core, 0.6 * rate);
    expect(core.queuedSamples).toBe(0);
    expect(core.playedSamples).toBeLessThan(playedBefore + 200 + 12000); // ≤ 4 ms of the old one, then the new
    // After the fade only the new 500 Hz tone sounds: nothing of the dropped 1 kHz one.
    const from = Math.round(0.01 * rate);
    const to = Math.round(0.49 * rate);
    const fit = fitTones(out, rate, [500, 1000], from, to);
    expect(fit.amplitudes[0]).toBeCloseTo(0.25, 2); // within the 0.07 dB passband ripple
    expect(fit.amplitudes[1]).toBeLessThan(1e-4);
  });

  it('flushes at once when nothing is sounding', () => {
    const core = new PlaybackCore(48000);
    core.enqueue(tone(0.02));
    core.flush();
    expect(core.queuedSamples).toBe(0);
    expect(core.drained).toBe(true);
    expect(firstAbove(render(core, 0.2 * 48000))).toBe(-1);
  });

  it('reports drained only once everything queued has been played and no fade is running', () => {
    const core = new PlaybackCore(44100);
    expect(core.drained).toBe(true);
    core.enqueue(tone(0.1));
    expect(core.drained).toBe(false);
    core.markEnded();
    render(core, 0.05 * 44100);
    expect(core.drained).toBe(false);
    render(core, 0.1 * 44100);
    expect(core.drained).toBe(true);
    expect(core.playedSamples).toBe(2400);
    core.enqueue(tone(1));
    render(core, 0.1 * 44100);
    core.flush();
    expect(core.drained).toBe(false);
    render(core, QUANTUM * 2);
    expect(core.drained).toBe(true);
  });

  it('keeps the ring within its capacity and reports what it dropped', () => {
    const core = new PlaybackCore(48000, { capacitySeconds: 1 });
    expect(core.enqueue(tone(0.6))).toBe(0);
    expect(core.enqueue(tone(0.9))).toBe(12000);
    expect(core.queuedSamples).toBe(24000);
    expect(core.enqueue(tone(0.1))).toBe(2400);
    render(core, 0.5 * 48000);
    expect(core.queuedSamples).toBeLessThan(24000);
    expect(core.enqueue(tone(0.1))).toBe(0);
  });

  it('falls back to the defaults for invalid options', () => {
    const core = new PlaybackCore(48000, { capacitySeconds: -1, prebufferMs: Number.NaN, fadeMs: -4 });
    expect(core.enqueue(tone(59))).toBe(0);
    expect(core.queuedSamples).toBe(59 * 24000);
  });

  it('plays at the context rate whatever it is, including 24 kHz itself', () => {
    for (const rate of [16000, 22050, 24000, 32000, 96000]) {
      const core = new PlaybackCore(rate);
      core.enqueue(tone(0.5));
      core.markEnded();
      const out = render(core, 0.7 * rate);
      const start = firstAbove(out);
      expect(thdPlusNoiseDb(out, rate, 1000, start + rate * 0.02, start + rate * 0.48), `${rate} Hz`).toBeLessThanOrEqual(-83);
    }
  });

  it('reports the output level since the last reading', () => {
    const core = new PlaybackCore(48000);
    core.enqueue(tone(0.5));
    render(core, 0.1 * 48000);
    core.takeLevel();
    render(core, 0.1 * 48000);
    const level = core.takeLevel();
    expect(level.peak).toBeCloseTo(0.5, 2);
    expect(level.rms).toBeCloseTo(0.5 / Math.SQRT2, 2);
  });

  it('handles render quanta of other sizes', () => {
    const core = new PlaybackCore(48000);
    core.enqueue(tone(0.5));
    core.markEnded();
    const parts: Float32Array[] = [];
    for (const size of [128, 1, 512, 2048, 37, 128]) {
      const out = new Float32Array(size);
      core.render(out);
      parts.push(out);
    }
    const reference = new PlaybackCore(48000);
    reference.enqueue(tone(0.5));
    reference.markEnded();
    const total = parts.reduce((n, p) => n + p.length, 0);
    const whole = new Float32Array(total);
    reference.render(whole);
    const joined = new Float32Array(total);
    let at = 0;
    for (const p of parts) {
      joined.set(p, at);
      at += p.length;
    }
    expect(joined).toEqual(whole);
  });

  it('allocates nothing per render quantum while playing (fed as it goes) or idle', async () => {
    const core = new PlaybackCore(44100);
    const chunk = tone(0.5);
    const out = new Float32Array(QUANTUM);
    const playing = () => {
      if (core.queuedSamples < 4800) core.enqueue(chunk);
      core.render(out);
    };
    expect(await sampledAllocationBytes(playing, '/worklets/dsp/', { calls: 2000, warmup: 3000 })).toBe(0);
    expect(core.underruns).toBe(0);
    expect(core.playedSamples).toBeGreaterThan(24000);
    const idle = new PlaybackCore(44100);
    expect(await sampledAllocationBytes(() => idle.render(out), '/worklets/dsp/', { calls: 2000, warmup: 3000 })).toBe(0);
  });
});
