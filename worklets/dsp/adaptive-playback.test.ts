import { describe, expect, it } from 'vitest';
import { sampledAllocationBytes } from '../../bench/allocation.ts';
import { maxStep, sineInt16, thdPlusNoiseDb } from '../../bench/measure.ts';
import { aheadSender, deliver, issueJitterProfile, speechLike, toPcm, type JitterProfile } from '../../bench/network-traces.ts';
import { playTrace, type TraceReport } from '../../bench/trace-player.ts';
import { alignAndMeasure } from '../../test/fixtures/analysis.ts';
import { PlaybackCore, type PlaybackPolicy } from './playback-core.ts';

const RATE = 48_000;
const SEEDS = [1, 2, 3, 4, 5];

const profiles = new Map<number, JitterProfile>();
const reports = new Map<string, TraceReport>();

function profile(seed: number): JitterProfile {
  let p = profiles.get(seed);
  if (!p) profiles.set(seed, (p = issueJitterProfile(seed)));
  return p;
}

/** The issue's profile for `seed` played with `policy` (each played once for the whole file). */
function played(seed: number, policy: PlaybackPolicy): TraceReport {
  const key = `${seed}/${policy}`;
  let report = reports.get(key);
  if (!report) {
    const p = profile(seed);
    reports.set(key, (report = playTrace(p.chunks, { policy, oneWayMs: p.oneWayMs })));
  }
  return report;
}

/** Issue 30's figures: breaks over the whole profile, the share of speech silent from 3 s into the jitter to its
 *  end (and to the end of the profile), how far behind the sender the last word ends. */
function figures(report: TraceReport) {
  const lost = (from: number, to: number) =>
    report.breaks.filter((b) => b.mediaMs >= from && b.mediaMs < to).reduce((sum, b) => sum + b.ms, 0);
  return {
    breaks: report.breaks.length,
    jitterLostShare: lost(7000, 14_000) / 7000,
    // 7 s of the jitter's speech and the steady part's four sentences of 1.5 s.
    laterLostShare: lost(7000, 22_000) / 13_000,
    lastLagMs: report.speechEnds[report.speechEnds.length - 1]!.lagMs,
    firstSoundMs: report.firstSoundMs,
    lostMs: report.lostMs,
  };
}

const show = (policy: string, seed: number, f: ReturnType<typeof figures>) =>
  `${policy} seed ${seed}: ${f.breaks} breaks (${f.lostMs.toFixed(0)} ms), ${(f.jitterLostShare * 100).toFixed(2)} % silent 7–14 s, ` +
  `last word ${f.lastLagMs.toFixed(0)} ms behind, first sound ${f.firstSoundMs.toFixed(1)} ms`;

describe('Adaptive playback on issue 30’s jitter profile (20 ms chunks at real time, 40 ms one way, 4 s steady, 10 s of 60 ms jitter, four sentences)', () => {
  it.each(SEEDS)('meets the goals with seed %i: ≤ 3 breaks, ≤ 1 % silent after 3 s of jitter, last word ≤ 200 ms behind', (seed) => {
    const report = played(seed, 'adaptive');
    const f = figures(report);
    console.log(show('adaptive', seed, f));
    expect(f.breaks).toBeLessThanOrEqual(3);
    expect(f.jitterLostShare).toBeLessThanOrEqual(0.01);
    expect(f.laterLostShare).toBeLessThanOrEqual(0.01);
    expect(f.lastLagMs).toBeLessThanOrEqual(200);
    // The delay came back by skipping silence, and went up by stretching the voice, not only by breaks.
    expect(report.skippedMs).toBeGreaterThan(100);
    expect(report.stretchedMs).toBeGreaterThan(50);
    // The core's own figure agrees with what the listener heard (same episodes, the same silence within two
    // render quanta each).
    expect(report.underruns).toBe(f.breaks);
    expect(Math.abs(report.underrunMs - f.lostMs)).toBeLessThanOrEqual(2 * (128 / 48) * f.breaks);
  });

  it.each(SEEDS)('gives the delay back with the session’s drain after each utterance too, seed %i', (seed) => {
    // The session marks the stream ended on the agent's final transcript, which follows its last audio: here after
    // the 14 s utterance and each sentence, while the pauses' silence still streams in behind. Seen in Chromium: a
    // mark there restarted the buffer's count of the delay it had added, and the last word stayed 380 ms behind.
    const p = profile(seed);
    const ends = [14, 15.5, 17.5, 19.5, 21.5].map((s) => Math.round(s * 24_000));
    let at = 0;
    const marked = p.chunks.flatMap((chunk) => {
      at += chunk.pcm.length;
      return ends.includes(at) ? [chunk, { arrivalMs: chunk.arrivalMs, pcm: new Int16Array(0), ended: true }] : [chunk];
    });
    expect(marked.length).toBe(p.chunks.length + ends.length);
    const f = figures(playTrace(marked, { policy: 'adaptive', oneWayMs: p.oneWayMs }));
    expect(f.breaks).toBeLessThanOrEqual(3);
    expect(f.lastLagMs).toBeLessThanOrEqual(200);
  });

  it.each(SEEDS)('the fixed 60 ms prebuffer fails a goal on the same trace, seed %i (the test can fail)', (seed) => {
    const fixed = figures(played(seed, 'fixed'));
    const immediate = figures(played(seed, 'immediate'));
    console.log(show('fixed', seed, fixed));
    console.log(show('immediate', seed, immediate));
    // Every break adds its silence to the delay for good: the last word ends ~300 ms behind.
    expect(fixed.lastLagMs).toBeGreaterThan(250);
    expect(immediate.lastLagMs).toBeGreaterThan(250);
    expect(immediate.breaks).toBeGreaterThan(3);
  });

  it('plays the steady sentences as sent (SNR ≥ 60 dB), and skips only silence: no step larger than the voice’s own', () => {
    const p = profile(1);
    const report = played(1, 'adaptive');
    const reference = new PlaybackCore(RATE, { policy: 'immediate' });
    reference.enqueue(p.pcm);
    reference.markEnded();
    const heard = new Float32Array(Math.ceil((p.pcm.length * 2 + 2048) / 128) * 128);
    reference.render(heard);
    const origin = p.chunks[0]!.arrivalMs;
    const delay = Math.round(reference.delaySeconds * RATE);
    for (const end of report.speechEnds.slice(1)) {
      // Half a second inside the sentence, and where it sits in the reference: 2 outputs per input, plus the filter.
      const at = Math.round((end.playedMs - origin - 1000) * (RATE / 1000));
      const expected = Math.round((end.mediaMs - 1000) * (RATE / 1000)) + delay;
      const segment = report.output.subarray(at, at + RATE / 2);
      const fit = alignAndMeasure(segment, heard, expected - 400, expected + 400);
      expect(fit.snrDb, `sentence ending at ${end.mediaMs} ms`).toBeGreaterThanOrEqual(60);
    }
    const steadyFrom = Math.round((report.speechEnds[0]!.playedMs - origin) * (RATE / 1000));
    const ownStep = maxStep(heard, Math.round(14 * RATE) + delay, heard.length);
    expect(maxStep(report.output, steadyFrom, report.output.length)).toBeLessThanOrEqual(ownStep * 1.001);
    expect(report.skippedMs).toBeGreaterThan(100);
  });

  it('stretches by whole pitch periods: a 200 Hz tone stays one continuous sine through the stretches (THD+N ≤ −60 dB)', () => {
    const p = profile(2);
    const tone = sineInt16(200, 24_000, p.pcm.length, 0.3);
    const chunks = p.chunks.map((chunk, i) => ({ ...chunk, pcm: tone.slice(i * 480, (i + 1) * 480) }));
    const report = playTrace(chunks, { oneWayMs: p.oneWayMs });
    expect(report.stretchedMs).toBeGreaterThan(50);
    // From the last break to the end of the jitter: stretched, never cut.
    const last = report.breaks[report.breaks.length - 1]!;
    const from = Math.round((last.atMs + last.ms + 50) * (RATE / 1000));
    const to = Math.round(14 * RATE);
    expect(to - from).toBeGreaterThan(5 * RATE);
    expect(thdPlusNoiseDb(report.output, RATE, 200, from, to)).toBeLessThanOrEqual(-60);
    // A tone whose period is not a whole number of samples is spliced at the nearest one: no click either.
    const odd = sineInt16(230, 24_000, p.pcm.length, 0.3);
    const oddReport = playTrace(
      p.chunks.map((chunk, i) => ({ ...chunk, pcm: odd.slice(i * 480, (i + 1) * 480) })),
      { oneWayMs: p.oneWayMs },
    );
    expect(oddReport.stretchedMs).toBeGreaterThan(50);
    const oddLast = oddReport.breaks[oddReport.breaks.length - 1]!;
    const oddFrom = Math.round((oddLast.atMs + oddLast.ms + 50) * (RATE / 1000));
    expect(maxStep(oddReport.output, oddFrom, to)).toBeLessThanOrEqual(1.02 * 0.3 * 2 * Math.sin((Math.PI * 230) / RATE));
  });
});

describe('Adaptive playback on the jitter profile where the audio thread renders several quanta at a time (Firefox)', () => {
  // Firefox renders a callback's worth of quanta back to back and takes in the socket's chunks only between them, so
  // audio is taken from the buffer earlier than it is heard and chunks land later: on the lab's jitter profile it broke
  // a fourth time where Chromium broke twice. A break's tripled target (playout-target.ts) keeps it to three.
  it.each(SEEDS.flatMap((seed) => [4, 8].map((burst) => [seed, burst] as const)))('seed %i, %i quanta at a time: ≤ 3 breaks, the last word ≤ 200 ms behind', (seed, burst) => {
    const p = profile(seed);
    const f = figures(playTrace(p.chunks, { policy: 'adaptive', oneWayMs: p.oneWayMs, burstQuanta: burst }));
    expect(f.breaks).toBeLessThanOrEqual(3);
    expect(f.jitterLostShare).toBeLessThanOrEqual(0.01);
    expect(f.lastLagMs).toBeLessThanOrEqual(200);
  });
});

describe('Adaptive playback with a sender ahead of real time (3×, 40–200 ms chunks, like the simulator’s talking agent)', () => {
  it.each([true, false])('adds no delay: no wait, no stretch, the target stays at its start (drain marks: %s)', (marked) => {
    const chunks = aheadSender([3, 1.2, 4, 0.4, 2], { seed: 3, marked, gapMs: 800 });
    const adaptive = playTrace(chunks, { oneWayMs: 40 });
    const immediate = playTrace(chunks, { policy: 'immediate', oneWayMs: 40 });
    expect(adaptive.breaks).toEqual([]);
    expect(adaptive.underruns).toBe(0);
    expect(adaptive.firstSoundMs).toBeLessThan(60);
    expect(Math.max(...adaptive.targets.map((t) => t.targetMs))).toBe(60);
    expect(adaptive.stretchedMs).toBe(0);
    expect(adaptive.skippedMs).toBe(0);
    // Every utterance ends when it does with no buffer at all (within the first chunk's wait, if any).
    expect(adaptive.speechEnds).toHaveLength(5);
    adaptive.speechEnds.forEach((end, i) => expect(end.playedMs - immediate.speechEnds[i]!.playedMs).toBeLessThan(60));
    expect(adaptive.speechEnds.at(-1)!.playedMs).toBeCloseTo(immediate.speechEnds.at(-1)!.playedMs, 0);
  });

  it('plays the first sound within 60 ms of the first chunk whatever its size', () => {
    for (const seed of [1, 2, 3, 4, 5, 6, 7, 8]) {
      const report = playTrace(aheadSender([1], { seed }), { oneWayMs: 40 });
      expect(report.firstSoundMs, `seed ${seed}`).toBeLessThan(60);
    }
  });
});

describe('Adaptive playback keeps the rules that held', () => {
  /** A core in the middle of the jitter (stretching, target well above its start), at `untilMs`. */
  function midJitter(untilMs: number) {
    const p = profile(1);
    const core = new PlaybackCore(RATE);
    const out = new Float32Array(128);
    const origin = p.chunks[0]!.arrivalMs;
    let next = 0;
    for (let q = 0; (q * 128) / 48 < untilMs; q++) {
      for (; next < p.chunks.length && p.chunks[next]!.arrivalMs - origin <= (q * 128) / 48; next++) core.enqueue(p.chunks[next]!.pcm);
      core.render(out);
    }
    return core;
  }

  it('interrupted: silent within 5 ms of a flush while stretching, and the queue dropped', () => {
    const core = midJitter(6000);
    expect(core.targetMs).toBeGreaterThan(200);
    expect(core.stretchedSamples).toBeGreaterThan(0);
    core.flush();
    const after = new Float32Array(0.1 * RATE);
    core.render(after);
    expect(after.subarray(Math.round(0.005 * RATE)).every((v) => v === 0)).toBe(true);
    expect(core.queuedSamples).toBe(0);
    expect(core.drained).toBe(true);
  });

  it('ended: a short last utterance plays out at once however high the target, and the core drains', () => {
    const core = midJitter(6000);
    core.flush();
    core.render(new Float32Array(0.01 * RATE));
    expect(core.targetMs).toBeGreaterThan(200);
    const underruns = core.underruns;
    core.enqueue(toPcm(speechLike(0.1, 9)));
    core.markEnded();
    const out = new Float32Array(0.2 * RATE);
    core.render(out);
    expect(out.findIndex((v) => Math.abs(v) > 1e-3)).toBeLessThan(0.005 * RATE);
    expect(core.drained).toBe(true);
    expect(core.underruns).toBe(underruns);
  });

  it('counts the end of an utterance (after 20 ms of silence) as no underrun, and a cut in speech as one', () => {
    const core = new PlaybackCore(RATE);
    const speech = toPcm(speechLike(0.3, 4));
    const withTail = new Int16Array(speech.length + 2400);
    withTail.set(speech);
    core.enqueue(withTail);
    core.render(new Float32Array(0.6 * RATE));
    expect(core.underruns).toBe(0);
    core.enqueue(speech);
    core.render(new Float32Array(0.6 * RATE));
    expect(core.underruns).toBe(1);
    // The rest of that utterance, 200 ms late: the silence waited for it is speech lost.
    core.enqueue(speech);
    core.markEnded();
    core.render(new Float32Array(0.6 * RATE));
    expect(core.underruns).toBe(1);
    expect(core.underrunMs).toBeGreaterThan(0);
  });

  it('allocates nothing per render quantum while stretching and skipping through a jittery link', async () => {
    const voice = speechLike(6, 11);
    for (let i = 0; i < voice.length; i++) if ((i / 24_000) % 2 >= 1.5) voice[i] = 0; // 1.5 s of voice, 0.5 s pause
    const pcm = toPcm(voice);
    // A 6 s loop: 3 s where every 25th chunk is 250 ms late (held chunks behind it), then 3 s steady.
    const count = pcm.length / 480;
    const chunks = deliver(pcm, new Array<number>(count).fill(480), {
      sentMs: Array.from({ length: count }, (_, i) => i * 20),
      jitterMs: Array.from({ length: count }, (_, i) => (i < 150 && i % 25 === 3 ? 250 : 0)),
      oneWayMs: 40,
    });
    const core = new PlaybackCore(44_100);
    const out = new Float32Array(128);
    const loopMs = 6000;
    let quantum = 0;
    let next = 0;
    let lap = 0;
    const step = () => {
      const now = (quantum++ * 128 * 1000) / 44_100;
      while (chunks[next]!.arrivalMs + lap * loopMs <= now) {
        core.enqueue(chunks[next]!.pcm);
        if (++next === chunks.length) {
          next = 0;
          lap++;
        }
      }
      core.render(out);
    };
    expect(await sampledAllocationBytes(step, '/worklets/dsp/', { calls: 4000, warmup: 6000 })).toBe(0);
    expect(core.stretchedSamples).toBeGreaterThan(0);
    expect(core.skippedSamples).toBeGreaterThan(0);
  });
});

describe('playTrace', () => {
  it('reports a steady real-time stream: no break, the prebuffer’s 40 ms of lag, first sound after it', () => {
    const pcm = toPcm(speechLike(2, 5));
    const count = pcm.length / 480;
    const chunks = deliver(pcm, new Array<number>(count).fill(480), {
      sentMs: Array.from({ length: count }, (_, i) => i * 20),
      jitterMs: [],
      oneWayMs: 40,
    });
    const report = playTrace(chunks, { oneWayMs: 40 });
    expect(report.breaks).toEqual([]);
    // 60 ms queued when the third chunk is in, 40 ms after the first; plus the resampler's delay.
    expect(report.firstSoundMs).toBeGreaterThanOrEqual(40);
    expect(report.firstSoundMs).toBeLessThan(40 + 2 * (128 / 48) + 2);
    expect(report.speechEnds).toHaveLength(1);
    expect(report.speechEnds[0]!.lagMs).toBeCloseTo(report.firstSoundMs, 0);
    expect(report.targets.every((t) => t.targetMs === 60)).toBe(true);
  });

  it('reports a chunk 200 ms late under the fixed policy: one break of the time it was late, the delay kept', () => {
    const pcm = toPcm(speechLike(2, 6));
    const count = pcm.length / 480;
    const chunks = deliver(pcm, new Array<number>(count).fill(480), {
      sentMs: Array.from({ length: count }, (_, i) => i * 20),
      jitterMs: Array.from({ length: count }, (_, i) => (i === 40 ? 200 : 0)),
      oneWayMs: 40,
    });
    const report = playTrace(chunks, { policy: 'fixed', oneWayMs: 40 });
    expect(report.breaks).toHaveLength(1);
    const [late] = report.breaks;
    expect(late!.mediaMs).toBeCloseTo(800, -1);
    // It was 200 ms late against 40 ms of buffer: 160 ms of silence, and 60 ms more of prebuffer.
    expect(late!.ms).toBeGreaterThan(200 - 40 - 3);
    expect(late!.ms).toBeLessThan(200 + 3);
    expect(report.speechEnds[0]!.lagMs - report.firstSoundMs).toBeCloseTo(late!.ms, -1);
    expect(report.lostShare).toBeCloseTo(late!.ms / report.speechMs, 6);
  });

  it('refuses an empty trace', () => {
    expect(() => playTrace([])).toThrow(RangeError);
  });
});
