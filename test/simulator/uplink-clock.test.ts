// How late the service hears the visitor (demo/server/uplink-clock.ts): the fixture's clock tones (48 kHz, as
// the fake microphone plays them), resampled to the uplink's 16 kHz, cut into 20 ms frames and delivered with
// arrival times that model a link. The lateness the clock reports must be the modelled one within ±25 ms.
import { describe, expect, it } from 'vitest';
import { resample } from '../../demo/server/resample.ts';
import { floatToInt16 } from '../../demo/server/pcm.ts';
import { UplinkClock, type LatenessPoint } from '../../demo/server/uplink-clock.ts';
import { CLOCK_RATE, clockSignal, captureSignal, CAPTURE_RATE } from '../fixtures/signals.ts';

const FRAME = 320;
const FRAME_MS = 20;
/** When the call starts on the fake microphone's loop: any point, here 7.37 s in, so runs cross the 99 → 0 wrap. */
const START_S = 7.37;
const TOLERANCE_MS = 25;

/** The clock's tones as the service receives them: 16 kHz, `seconds` long from START_S on the 20 s loop. */
function uplinkTones(seconds: number): Int16Array {
  const loop = clockSignal();
  const loops = Math.ceil((START_S + seconds) / 20) + 1;
  const long = new Float32Array(loop.length * loops);
  for (let i = 0; i < loops; i++) long.set(loop, i * loop.length);
  const at16k = resample(long, CLOCK_RATE, 16_000);
  return floatToInt16(at16k.subarray(Math.round(START_S * 16_000), Math.round((START_S + seconds) * 16_000)));
}

interface Delivery {
  /** Frame index (its capture ends at (index + 1) × 20 ms). */
  index: number;
  /** Arrival time, ms (the capture clock's origin is 0; the service's clock starts at T0). */
  at: number;
}

const T0 = 1_700_000_000_000;
const captureEnd = (index: number) => (index + 1) * FRAME_MS;
const modelLateness = (d: Delivery) => d.at - T0 - captureEnd(d.index);

/** Feeds the deliveries (in order) to a clock and returns what it reports. */
function run(audio: Int16Array, deliveries: Delivery[], floorMs: number): { clock: UplinkClock; points: LatenessPoint[] } {
  const clock = new UplinkClock({ floorMs });
  for (const d of deliveries) clock.add(audio.subarray(d.index * FRAME, (d.index + 1) * FRAME), d.at);
  return { clock, points: clock.lateness() };
}

/** Every point is the modelled lateness of the frame that arrived then (plus `shift`), within ±25 ms. */
function expectModelled(points: LatenessPoint[], deliveries: Delivery[], shift = 0): void {
  const byArrival = new Map(deliveries.map((d) => [d.at, d]));
  let worst = 0;
  for (const point of points) {
    const delivery = byArrival.get(point.at);
    expect(delivery, `a point at ${point.at - T0} ms that no frame arrived at`).toBeDefined();
    worst = Math.max(worst, Math.abs(point.lateMs - modelLateness(delivery!) - shift));
  }
  console.info(`${points.length} points, worst error ${worst.toFixed(1)} ms, coverage ${coverage(points, deliveries).toFixed(2)}`);
  expect(worst).toBeLessThanOrEqual(TOLERANCE_MS);
}

/** Share of the received audio's 100 ms slots, from 2.5 s on, that have a point. */
function coverage(points: LatenessPoint[], deliveries: Delivery[]): number {
  const slots = Math.floor((deliveries.length * FRAME_MS - 2_500) / 100);
  return points.filter((p) => p.at >= deliveries[Math.round(2_500 / FRAME_MS)]!.at).length / slots;
}

/** Frames 0…count−1 leaving the microphone at real time, each `lateness(index)` ms late (never overtaking). */
function link(count: number, lateness: (index: number) => number, lost: (index: number) => boolean = () => false): Delivery[] {
  const out: Delivery[] = [];
  let last = -Infinity;
  for (let index = 0; index < count; index++) {
    if (lost(index)) continue;
    last = Math.max(last + 0.01, T0 + captureEnd(index) + lateness(index));
    out.push({ index, at: last });
  }
  return out;
}

describe('UplinkClock', () => {
  it('(a) on a steady link reports its one-way delay, across the 20 s wrap', () => {
    const seconds = 30;
    const deliveries = link(seconds * 50, () => 40);
    const { clock, points } = run(uplinkTones(seconds), deliveries, 40);
    expect(clock.recognised).toBe(true);
    expectModelled(points, deliveries);
    expect(coverage(points, deliveries)).toBeGreaterThan(0.9);
    expect(points.every((p, i) => i === 0 || p.at > points[i - 1]!.at)).toBe(true);
  });

  it('(a) with a jittery link too: frames later or sooner, never overtaking', () => {
    const seconds = 12;
    let seed = 7;
    const jitter = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31) * 60;
    const deliveries = link(seconds * 50, () => 40 + jitter());
    const { points } = run(uplinkTones(seconds), deliveries, 0);
    // Reported relative to the least lateness of the first 2 s of points, as the floor (0 here).
    const byArrival = new Map(deliveries.map((d) => [d.at, d]));
    const reference = Math.min(...points.filter((p) => p.at < points[0]!.at + 2_000).map((p) => modelLateness(byArrival.get(p.at)!)));
    expectModelled(points, deliveries, -reference);
    expect(coverage(points, deliveries)).toBeGreaterThan(0.9);
  });

  it('(b) on a growing backlog reports later and later, as modelled', () => {
    const seconds = 25;
    // Steady for 3 s, then the link carries 20 ms of audio in 25 ms: 250 ms later every second.
    const deliveries = link(seconds * 50, (index) => 40 + Math.max(0, captureEnd(index) - 3_000) * 0.25);
    const { points } = run(uplinkTones(seconds), deliveries, 40);
    expectModelled(points, deliveries);
    expect(coverage(points, deliveries)).toBeGreaterThan(0.9);
    expect(points.at(-1)!.lateMs).toBeGreaterThan(5_000);
  });

  it('(c) with runs of frames lost: no point is off by what was lost', () => {
    const seconds = 25;
    const runs = [[100, 105], [230, 245], [400, 401], [600, 650], [801, 803], [990, 1010]] as const;
    const lost = (index: number) => runs.some(([from, to]) => index >= from && index < to);
    const deliveries = link(seconds * 50, () => 40, lost);
    const { points } = run(uplinkTones(seconds), deliveries, 40);
    expectModelled(points, deliveries);
    expect(coverage(points, deliveries)).toBeGreaterThan(0.75);
  });

  it('(d) with silence put in by the sender (a stalled microphone filled in), then the late frames: never off by a cycle', () => {
    // The widget's uplink fills a microphone that delivered nothing for 500 ms with silence, and still sends the
    // frames that were only late (src/call/uplink.ts): more audio arrives than was captured. Seen on the network
    // lab under load: every point after such a stall read 20 s too early.
    const seconds = 25;
    const audio = uplinkTones(seconds);
    const clock = new UplinkClock({ floorMs: 40 });
    const silence = new Int16Array(FRAME);
    let at = T0;
    for (let index = 0; index < seconds * 50; index++) {
      at = Math.max(at + 0.01, T0 + captureEnd(index) + 40);
      // 10 s in, a stall: 30 silent frames (600 ms) arrive before the frames captured meanwhile.
      if (index === 500) for (let k = 0; k < 30; k++) clock.add(silence, (at += 0.01));
      clock.add(audio.subarray(index * FRAME, (index + 1) * FRAME), at);
    }
    const after = clock.lateness().filter((p) => p.at > T0 + 12_000);
    expect(after.length).toBeGreaterThan(50);
    expect(Math.min(...after.map((p) => p.lateMs))).toBeGreaterThan(0);
    expect(Math.max(...after.map((p) => p.lateMs))).toBeLessThan(40 + TOLERANCE_MS);
  });

  it('(c) a thin uplink whose sender drops runs to catch up: a saw-tooth, followed', () => {
    const seconds = 25;
    // From 3 s, each 20 ms frame takes 26 ms to cross; whenever a frame leaves more than 300 ms after it was
    // captured, the sender drops the next 12 frames (240 ms), as the widget does on a line thinner than its stream.
    const deliveries: Delivery[] = [];
    let departed = -Infinity;
    for (let index = 0; index < seconds * 50; index++) {
      const service = captureEnd(index) > 3_000 ? 26 : 20;
      departed = Math.max(captureEnd(index), departed + service);
      deliveries.push({ index, at: T0 + departed + 40 });
      if (departed - captureEnd(index) > 300) index += 12;
    }
    const { points } = run(uplinkTones(seconds), deliveries, 40);
    expectModelled(points, deliveries);
    expect(coverage(points, deliveries)).toBeGreaterThan(0.6);
    expect(Math.max(...points.map((p) => p.lateMs))).toBeGreaterThan(300);
  });

  it('takes the first 2 s as its reference: a link that starts slow reports from its least lateness there', () => {
    const seconds = 8;
    const deliveries = link(seconds * 50, (index) => (index < 60 ? 140 - index : 80));
    const { points } = run(uplinkTones(seconds), deliveries, 0);
    // The least modelled lateness of the first 2 s of points is 80 ms: reported as the floor, 0.
    const late = points.filter((p) => p.at > T0 + 4_000);
    expect(late.length).toBeGreaterThan(20);
    for (const p of late) expect(Math.abs(p.lateMs)).toBeLessThanOrEqual(TOLERANCE_MS);
  });

  it('recognises nothing in other audio, and stops looking after 5 s of it', () => {
    const speechLike = floatToInt16(resample(captureSignal(), CAPTURE_RATE, 16_000));
    const clock = new UplinkClock();
    for (let k = 0; k < 350; k++) clock.add(speechLike.subarray((k * FRAME) % (speechLike.length - FRAME)).subarray(0, FRAME), T0 + k * 20);
    expect(clock.recognised).toBe(false);
    expect(clock.lateness()).toEqual([]);
    expect(clock.listening).toBe(false);
  });

  it('keeps listening through silence (a microphone not open yet), and finds the tones after it', () => {
    const seconds = 8;
    const tones = uplinkTones(seconds);
    const audio = new Int16Array(tones.length + 3 * 16_000);
    audio.set(tones, 3 * 16_000);
    const deliveries = link(seconds * 50 + 150, () => 40);
    const { clock, points } = run(audio, deliveries, 40);
    expect(clock.recognised).toBe(true);
    expectModelled(points, deliveries);
    expect(points.length).toBeGreaterThan(30);
  });

  it('takes a message longer than its history (a client may send 512 KB at once) and goes on', () => {
    const seconds = 10;
    const tones = uplinkTones(seconds);
    const clock = new UplinkClock();
    clock.add(tones.subarray(0, 2 * 16_000), T0 + 2_000); // 2 s at once
    for (let index = 100; index < seconds * 50; index++) clock.add(tones.subarray(index * FRAME, (index + 1) * FRAME), T0 + captureEnd(index) + 40);
    // The steady link after it is followed as ever: every point the same lateness, within the tolerance.
    const late = clock.lateness().filter((p) => p.at > T0 + 2_000).map((p) => p.lateMs);
    expect(late.length).toBeGreaterThan(40);
    expect(late.every(Number.isFinite)).toBe(true);
    expect(Math.max(...late) - Math.min(...late)).toBeLessThanOrEqual(TOLERANCE_MS);
  });

  it('costs a small share of a core on the tones (figure printed, not asserted)', () => {
    const seconds = 20;
    const audio = uplinkTones(seconds);
    const deliveries = link(seconds * 50, () => 40);
    const started = performance.now();
    run(audio, deliveries, 40);
    const ms = performance.now() - started;
    console.info(`uplink clock: ${(ms / seconds).toFixed(2)} ms of CPU per second of tones`);
  });
});
