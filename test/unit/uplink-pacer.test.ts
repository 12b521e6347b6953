// A thin uplink, modelled (bottleneck.ts): the whole session sends a visitor's speech over a line that carries
// 128 kbit/s for 12 s (the stream needs about 260 kbit/s) and then heals. What the modelled service hears, and
// when, is held to the goals of issue 30: never more than 2 s late; after the heal, no more than 1 s late within
// 3 s and at real-time pace within 4 s, with no burst and no further dropping; drops in runs of at least 100 ms,
// silence first, the start of each silence after speech kept, so the service's end-of-turn detection (the
// simulator's VAD) still ends every sentence. The same model without the pacer fails them: that is the backlog
// the browsers showed. A line that only stalls now and then, or whose pongs are held on the way back, loses no speech.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EnergyVad } from '../../demo/server/vad.ts';
import type { Quality } from '../../src/call/types.ts';
import { RoundTrips } from '../../src/call/round-trips.ts';
import { UplinkPacer } from '../../src/call/uplink-pacer.ts';
import { BottleneckSocket, type LineProfile } from './bottleneck.ts';
import { harness } from './session-harness.ts';

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

const FRAME_MS = 20;
const THIN_FROM = 4000;
const HEALED_AT = 16_000;
const END = 24_000;

/** 2 Mbit/s up, 128 kbit/s from 4 s to 16 s, then 2 Mbit/s again; 40 ms each way. */
const thinUplink: LineProfile = {
  oneWayMs: 40,
  upBitsPerSecond: (t) => (t >= THIN_FROM && t < HEALED_AT ? 128_000 : 2_000_000),
};

/** A visitor who speaks in sentences: `speechMs` of voice, then `pauseMs` of silence, over and over. */
const sentences = (speechMs: number, pauseMs: number) => (t: number) => t % (speechMs + pauseMs) < speechMs;
const talking = sentences(1800, 1700);
/** Sentences `talking` ends in the run, each followed by 700 ms of silence at least. */
const SENTENCES = Math.floor((END - 1800 - 700) / 3500) + 1;

interface Frame {
  /** When the microphone gave it (ms since `ready`). */
  at: number;
  speech: boolean;
  /** Silence within 800 ms of speech. */
  afterSpeech: boolean;
  /** When it went to the socket (null: dropped). */
  sentAt: number | null;
  /** When the modelled service got it. */
  heardAt: number | null;
}

/** Runs a call over `profile` for END ms of the visitor's speech: what became of each frame, and of the quality. */
async function run(profile: LineProfile, speaking: (t: number) => boolean) {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
  let line: BottleneckSocket | null = null;
  const h = harness({ now: () => Date.now(), socket: (url) => (line = new BottleneckSocket(url, profile)) });
  await h.goLive();
  const socket = line!;
  const start = Date.now();
  const frames = new Map<ArrayBuffer, Frame>();
  const qualities: { at: number; quality: Quality }[] = [];
  h.session.on('quality', ({ quality }) => qualities.push({ at: Date.now() - start, quality }));
  let spokeAt = -Infinity;
  for (let t = 1; t <= END; t++) {
    vi.advanceTimersByTime(1);
    if (t % FRAME_MS === 0) {
      const speech = speaking(t);
      if (speech) spokeAt = t;
      const frame = new Int16Array(320).fill(speech ? 3000 : 0).buffer;
      frames.set(frame, { at: t, speech, afterSpeech: !speech && t - spokeAt < 800, sentAt: null, heardAt: null });
      const before = socket.sent.length;
      h.source.onFrame!(frame);
      if (socket.sent.length > before) frames.get(frame)!.sentAt = t;
    }
    socket.step(Date.now() - start);
  }
  const vad = new EnergyVad();
  let turnsEnded = 0;
  for (const { data, at } of socket.arrived) {
    const frame = data instanceof ArrayBuffer ? frames.get(data) : undefined;
    if (!frame) continue;
    frame.heardAt = at;
    turnsEnded += vad.push(new Int16Array(data as ArrayBuffer)).filter((event) => event.type === 'end').length;
  }
  return { frames: [...frames.values()], qualities, stats: h.session.stats, turnsEnded };
}

/** How late the service heard each frame that got there (ms after the microphone gave it). */
const lateness = (frames: Frame[]) => frames.filter((f) => f.heardAt !== null).map((f) => f.heardAt! - f.at);
const maxLateness = (frames: Frame[]) => Math.max(...lateness(frames));
const droppedShare = (frames: Frame[]) => frames.filter((f) => f.sentAt === null).length / frames.length;

/** The runs of frames dropped one after the other, in ms of audio. */
function dropRuns(frames: Frame[]): number[] {
  const runs: number[] = [];
  let run = 0;
  for (const frame of frames) {
    if (frame.sentAt === null) run += FRAME_MS;
    else if (run) runs.push(run), (run = 0);
  }
  if (run) runs.push(run);
  return runs;
}

/** The most audio (ms) the service got in any second from `from` on. */
function largestBurst(frames: Frame[], from: number): number {
  const heard = frames.filter((f) => f.heardAt !== null && f.heardAt >= from).map((f) => f.heardAt!);
  return Math.max(...heard.map((at) => heard.filter((other) => other >= at && other < at + 1000).length * FRAME_MS));
}

/** The quality from `at` on, as the session said it last before then. */
const qualityAt = (qualities: { at: number; quality: Quality }[], at: number) =>
  qualities.filter((q) => q.at <= at).at(-1)?.quality ?? 'good';

describe('the start of a call, before the first pong', () => {
  it('takes the line to carry the stream: frames a socket still reports buffered are not dropped', () => {
    // Seen in Chromium on an 80 ms round trip: the socket's bufferedAmount lags what the network took, and a few
    // KB of the first frames were counted as a backlog 8 times slower than any line: 5 frames dropped, `poor`.
    const pacer = new UplinkPacer(new RoundTrips());
    const speech = new Int16Array(320).fill(3000).buffer;
    const admitted = Array.from({ length: 10 }, (_, i) => pacer.admit(speech, i * 20, 640 * (i + 4)));
    expect(admitted.every(Boolean)).toBe(true);
  });
});

describe('a page busy as the call starts', () => {
  it('drops nothing for pongs it took late itself in the first second and a half', () => {
    // Firefox's worker, busy as a call starts, read round trips of 185–495 ms on a clean 80 ms line.
    const trips = new RoundTrips();
    const pacer = new UplinkPacer(trips);
    const speech = new Int16Array(320).fill(3000).buffer;
    const dropped: number[] = [];
    // The pongs of the pings sent every 200 ms are handled later and later, then on time again: round trips of 185,
    // 350, 500, 450 and 300 ms, then the line's own 85 ms (a thread slowed down by a start's work, not the line).
    const roundTrips = [185, 350, 500, 450, 300];
    const pongs: number[] = [];
    for (let t = 0; t <= 1400; t += 5) {
      if (t % 200 === 0) {
        trips.sent({ at: t, bytes: pacer.written });
        pongs.push(Math.max(pongs.at(-1) ?? 0, t + (roundTrips[t / 200] ?? 85)));
      }
      while (pongs.length && pongs[0]! <= t) {
        pongs.shift();
        const ping = trips.answered(t);
        if (ping) pacer.answered(ping, t);
      }
      if (t % 20 === 0 && !pacer.admit(speech, t, 0)) dropped.push(t);
    }
    expect(dropped).toEqual([]);
  });
});

describe('a thin uplink (128 kbit/s for 12 s, then healed)', () => {
  it('keeps the service hearing the visitor within 2 s, and at real time soon after the line heals', async () => {
    const { frames, stats } = await run(thinUplink, talking);
    const thin = frames.filter((f) => f.at >= THIN_FROM && f.at < HEALED_AT);
    console.log(
      `thin uplink: heard at most ${maxLateness(frames)} ms late; dropped ${stats.framesDropped} of ${frames.length} frames ` +
        `(${Math.round(droppedShare(thin) * 100)}% while thin); runs ${dropRuns(frames).join(' ')} ms`,
    );
    expect(maxLateness(frames)).toBeLessThanOrEqual(2000);
    // It has to drop: the line carries about half of the stream.
    expect(droppedShare(thin)).toBeGreaterThan(0.4);
    expect(stats.framesDropped).toBe(frames.filter((f) => f.sentAt === null).length);
    // Nothing is held back to burst out later: a frame goes out when the microphone gives it, or never.
    expect(frames.every((f) => f.sentAt === null || f.sentAt === f.at)).toBe(true);
    // What the service hears from 3 s after the heal is at most 1 s late; from 4 s after it, every frame goes out
    // as the microphone gives it, none is dropped.
    const heardLate = frames.filter((f) => f.heardAt !== null && f.heardAt >= HEALED_AT + 3000);
    expect(maxLateness(heardLate)).toBeLessThanOrEqual(1000);
    expect(frames.filter((f) => f.at >= HEALED_AT + 4000).every((f) => f.sentAt === f.at)).toBe(true);
    const lastDrop = frames.findLast((f) => f.sentAt === null)!.at;
    console.log(`after the heal: ${maxLateness(heardLate)} ms late from 3 s on; last frame dropped at ${lastDrop - HEALED_AT} ms from the heal`);
  });

  it('drops runs of at least 100 ms, silence first, and keeps the silence after each sentence', async () => {
    const { frames, turnsEnded } = await run(thinUplink, talking);
    expect(Math.min(...dropRuns(frames))).toBeGreaterThanOrEqual(100);
    // Once the backlog is known (1 s into the thin line): silence past the first second after speech goes first,
    // speech goes only where that is not enough, and the silence right after speech stays.
    const thin = frames.filter((f) => f.at >= THIN_FROM + 1000 && f.at < HEALED_AT);
    const longSilence = thin.filter((f) => !f.speech && !f.afterSpeech);
    const speech = thin.filter((f) => f.speech);
    console.log(`dropped while thin: long silence ${droppedShare(longSilence).toFixed(2)}, speech ${droppedShare(speech).toFixed(2)}`);
    expect(droppedShare(longSilence)).toBeGreaterThan(0.9);
    expect(droppedShare(speech)).toBeLessThan(droppedShare(thin));
    // After each sentence, 700 ms of its silence go out (past the 80 ms a run of drops in the speech may take).
    const sinceSpeech = (f: Frame) => f.at - frames.findLast((g) => g.speech && g.at < f.at)!.at;
    const kept = frames.filter((f) => f.afterSpeech && sinceSpeech(f) > 80 && sinceSpeech(f) <= 780);
    expect(kept.length).toBe(35 * SENTENCES);
    console.log(kept.filter((f) => f.sentAt === null).map((f) => f.at).join(" "));
    expect(kept.every((f) => f.sentAt !== null)).toBe(true);
    // The service's VAD ends every sentence spoken (each is followed by its silence), as on a good line.
    expect(turnsEnded).toBe(SENTENCES);
  });

  it('keeps within 2 s and ends every sentence whenever the line turns thin (against the pings and the sentences)', async () => {
    for (let from = 3550; from < 7000; from += 490) {
      const thinFrom: LineProfile = { oneWayMs: 40, upBitsPerSecond: (t) => (t >= from && t < from + 12_000 ? 128_000 : 2_000_000) };
      const { frames, turnsEnded } = await run(thinFrom, talking);
      vi.useRealTimers();
      expect(maxLateness(frames), `thin from ${from} ms`).toBeLessThanOrEqual(2000);
      expect(turnsEnded, `thin from ${from} ms`).toBe(SENTENCES);
    }
  });

  it('keeps a visitor who never pauses within 2 s too, dropping speech in runs of at least 100 ms', async () => {
    const { frames } = await run(thinUplink, () => true);
    console.log(`a visitor who never pauses: heard at most ${maxLateness(frames)} ms late`);
    expect(maxLateness(frames)).toBeLessThanOrEqual(2000);
    expect(Math.min(...dropRuns(frames))).toBeGreaterThanOrEqual(100);
    expect(frames.filter((f) => f.at >= HEALED_AT + 4000).every((f) => f.sentAt === f.at)).toBe(true);
  });

  it('tells the visitor: `poor` within 10 s of the line turning thin, and never `good` while it drops; `good` after', async () => {
    const { qualities, frames } = await run(thinUplink, talking);
    expect(qualityAt(qualities, THIN_FROM + 10_000)).toBe('poor');
    const poorAt = qualities.find((q) => q.quality === 'poor')!.at;
    expect(poorAt).toBeLessThan(THIN_FROM + 3000);
    for (const frame of frames.filter((f) => f.sentAt === null)) expect(qualityAt(qualities, frame.at + 250)).not.toBe('good');
    expect(qualityAt(qualities, HEALED_AT + 8000)).toBe('good');
  });

  it('bursts little when the line heals: the service gets at most 2 s of audio in any second after it', async () => {
    const { frames } = await run(thinUplink, talking);
    expect(largestBurst(frames, HEALED_AT)).toBeLessThanOrEqual(2000);
  });

  it('without the pacer the same model fails: the service hears the visitor 6 s late, then a burst of stale audio', async () => {
    vi.spyOn(UplinkPacer.prototype, 'admit').mockReturnValue(true);
    const { frames, stats } = await run(thinUplink, talking);
    console.log(`without the pacer: heard at most ${maxLateness(frames)} ms late; ${largestBurst(frames, HEALED_AT)} ms of audio in one second after the heal`);
    expect(stats.framesDropped).toBe(0);
    expect(maxLateness(frames)).toBeGreaterThan(5000);
    expect(largestBurst(frames, HEALED_AT)).toBeGreaterThan(5000);
  });
});

describe('a line that stalls now and then, or holds pongs on their way back', () => {
  /** A small PRNG, so a run repeats. */
  const seeded = (seed: number) => () => (seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648) / 2_147_483_648;

  it('stalls of 280 ms about every 4 s (a lost segment on 4G): nothing dropped, the quality stays good', async () => {
    const random = seeded(7);
    const stalls: number[] = [];
    for (let t = 0; t < END; t++) if (random() < 0.25 / 1000) stalls.push(t);
    const stalled = (t: number) => stalls.some((from) => t >= from && t < from + 280);
    const { stats, qualities } = await run({ oneWayMs: 40, upBitsPerSecond: (t) => (stalled(t) ? 0 : 2_000_000) }, talking);
    expect(stalls.length).toBeGreaterThan(3);
    expect(stats.framesDropped).toBe(0);
    expect(qualities).toEqual([]);
  });

  it('pongs held 540 ms on their way back four times in ten (300 ms round trips): no speech dropped', async () => {
    const random = seeded(11);
    const profile = { oneWayMs: 150, upBitsPerSecond: () => 2_000_000, downHoldMs: () => (random() < 0.4 ? 540 : 0) };
    const { frames } = await run(profile, talking);
    expect(frames.filter((f) => f.speech || f.afterSpeech).every((f) => f.sentAt !== null)).toBe(true);
  });
});
