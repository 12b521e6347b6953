// The link emulator's timing rules, on a clock of the test's own (no sockets, no timers): delay, the
// handshake, the bandwidth cap and its re-timing, loss holding what follows, outages, order under jitter.
import { describe, expect, it } from 'vitest';
import {
  MIN_WINDOW_BYTES,
  normaliseConditions,
  retransmissionTimeoutMs,
  SEGMENT_BYTES,
  UNCAPPED_WINDOW_BYTES,
  windowBytes,
  type DirectionConditions,
  type LinkConditionsInput,
} from '../../demo/netlab/conditions.ts';
import { DirectionQueue, type Delivery } from '../../demo/netlab/direction-queue.ts';
import { mulberry32 } from '../../demo/netlab/random.ts';

const direction = (input: Partial<DirectionConditions>): DirectionConditions => normaliseConditions({ up: input }).up;

function queueWith(input: Partial<DirectionConditions>, extra: { random?: () => number; rtoMs?: number; readyAt?: number } = {}) {
  return new DirectionQueue({
    conditions: direction(input),
    rtoMs: extra.rtoMs ?? 200,
    outage: false,
    random: extra.random ?? (() => 0.5),
    ...(extra.readyAt === undefined ? {} : { readyAt: extra.readyAt }),
  });
}

/** Steps the clock 1 ms at a time and notes when each byte value arrives. */
function drain(queue: DirectionQueue, from: number, until: number): { at: number; delivery: Delivery }[] {
  const out: { at: number; delivery: Delivery }[] = [];
  for (let t = from; t <= until; t += 1) for (const delivery of queue.take(t)) out.push({ at: t, delivery });
  return out;
}

const bytesOf = (out: { delivery: Delivery }[]) =>
  Buffer.concat(out.flatMap(({ delivery }) => (delivery.kind === 'data' ? [delivery.data] : [])));

describe('DirectionQueue', () => {
  it('delivers after the one-way delay, and not before', () => {
    const q = queueWith({ delayMs: 40 });
    q.push(Buffer.from('hello'), 100);
    expect(q.take(139)).toEqual([]);
    expect(q.nextDueAt()).toBe(140);
    expect(bytesOf(q.take(140).map((delivery) => ({ delivery }))).toString()).toBe('hello');
    expect(q.bytes).toBe(0);
  });

  it('holds a new connection’s first bytes until its handshake is done', () => {
    const q = queueWith({ delayMs: 30 }, { readyAt: 160 });
    q.push(Buffer.from('GET /'), 100);
    expect(q.nextDueAt()).toBe(190); // ready at 160 (one round trip after opening), then 30 ms on the way
  });

  it('cuts writes into segments of at most 1460 B and keeps them in order', () => {
    const q = queueWith({ delayMs: 5 });
    const data = Buffer.from(Array.from({ length: 5000 }, (_, i) => i % 251));
    q.push(data, 0);
    expect(q.counters.segments).toBe(Math.ceil(5000 / SEGMENT_BYTES));
    expect(bytesOf(drain(q, 0, 10)).equals(data)).toBe(true);
  });

  it('serialises at the capped rate: 10 segments at 1 Mbit/s take 116.8 ms, plus the delay', () => {
    const q = queueWith({ delayMs: 20, bandwidthBps: 1_000_000 });
    q.push(Buffer.alloc(10 * SEGMENT_BYTES), 0);
    const times = drain(q, 0, 400).map((d) => d.at);
    expect(times).toHaveLength(10);
    expect(times[0]).toBe(Math.ceil(20 + 11.68));
    expect(times[9]).toBe(Math.ceil(20 + 116.8));
  });

  it('keeps bytes in order under heavy jitter: nothing arrives before what was sent ahead of it', () => {
    const q = queueWith({ delayMs: 10, jitter: { kind: 'exponential', meanMs: 60, capMs: 300 } }, { random: mulberry32(7) });
    const sent: Buffer[] = [];
    for (let t = 0; t < 1000; t += 20) {
      const piece = Buffer.from(`frame ${t};`);
      sent.push(piece);
      q.push(piece, t);
    }
    const out = drain(q, 0, 2000);
    expect(bytesOf(out).equals(Buffer.concat(sent))).toBe(true);
    // The jitter shows: some frames came late (held), and never earlier than the delay.
    const lateness = out.map(({ at, delivery }) => at - Number((delivery as { data: Buffer }).data.toString().slice(6, -1)));
    expect(Math.min(...lateness)).toBeGreaterThanOrEqual(10);
    expect(Math.max(...lateness)).toBeGreaterThan(100);
  });

  it('holds a lost segment for the retransmission timeout, and everything behind it waits too', () => {
    // Draws alternate jitter, loss: the third segment's loss draw is 0 (< 0.5): lost.
    const draws = [0.9, 0.9, 0.9, 0.9, 0.9, 0.0, 0.9, 0.9, 0.9, 0.9];
    let i = 0;
    const q = queueWith({ delayMs: 10, loss: 0.5 }, { random: () => draws[i++ % draws.length]!, rtoMs: 200 });
    for (let t = 0; t < 100; t += 20) q.push(Buffer.from([t]), t); // segments at 0, 20, 40, 60, 80
    const out = drain(q, 0, 400);
    expect(out.map((d) => d.at)).toEqual([10, 30, 250, 250, 250]); // 40 + 10 + 200, and 60, 80 behind it
    expect(q.counters.segmentsLost).toBe(1);
  });

  it('delivers nothing during an outage and lets what it held go one delay after it ends', () => {
    const c = direction({ delayMs: 20 });
    const q = queueWith({ delayMs: 20 });
    q.push(Buffer.from('a'), 0);
    q.update(c, 200, true, 10); // the outage starts while 'a' is on its way
    q.push(Buffer.from('b'), 50);
    expect(q.take(500)).toEqual([]);
    expect(q.nextDueAt()).toBeUndefined();
    q.update(c, 200, false, 600);
    expect(q.nextDueAt()).toBe(620);
    expect(bytesOf(q.take(620).map((delivery) => ({ delivery }))).toString()).toBe('ab');
  });

  it('re-times its backlog when the link changes speed: a healed link drains at the new rate', () => {
    const q = queueWith({ delayMs: 10, bandwidthBps: 100_000 }); // 1460 B = 116.8 ms
    q.push(Buffer.alloc(20 * SEGMENT_BYTES), 0); // 2.3 s of backlog at 100 kbit/s
    q.update(direction({ delayMs: 10 }), 200, false, 500);
    const out = drain(q, 0, 3000);
    expect(out).toHaveLength(20);
    // Four whole segments and 0.28 of the fifth had left by 500 ms; the rest arrive at 510.
    expect(out.filter((d) => d.at <= 500).length).toBe(4);
    expect(out.slice(4).every((d) => d.at === 510)).toBe(true);
  });

  it('re-times the segment part-way through the bottleneck by what is left of it', () => {
    const q = queueWith({ bandwidthBps: 100_000 }); // 116.8 ms a segment
    q.push(Buffer.alloc(SEGMENT_BYTES), 0);
    q.update(direction({ bandwidthBps: 50_000 }), 200, false, 58.4); // half through; the other half at half the rate
    expect(q.nextDueAt()).toBeCloseTo(58.4 + 116.8, 6);
  });

  it('passes a FIN or RST after the bytes before it, with the delay', () => {
    const q = queueWith({ delayMs: 15 });
    q.push(Buffer.from('last words'), 0);
    q.end('fin', 1);
    const out = drain(q, 0, 50);
    expect(out.map((d) => [d.at, d.delivery.kind])).toEqual([
      [15, 'data'],
      [16, 'fin'],
    ]);
  });

  it('repeats its draws for the same seed', () => {
    const times = (seed: number) => {
      const q = queueWith({ delayMs: 0, jitter: { kind: 'uniform', maxMs: 100 } }, { random: mulberry32(seed) });
      for (let t = 0; t < 2000; t += 200) q.push(Buffer.from([1]), t);
      return drain(q, 0, 3000).map((d) => d.at);
    };
    expect(times(42)).toEqual(times(42));
    expect(times(42)).not.toEqual(times(43));
  });
});

describe('link conditions', () => {
  it('fills defaults and refuses bad figures with a clear error', () => {
    expect(normaliseConditions({}).up).toEqual({ delayMs: 0, jitter: { kind: 'none' }, bandwidthBps: null, loss: 0, queueMs: 100 });
    const bad: [LinkConditionsInput, RegExp][] = [
      [{ up: { delayMs: -1 } }, /up\.delayMs/],
      [{ down: { loss: 1 } }, /down\.loss/],
      [{ up: { bandwidthBps: 0 } }, /bandwidthBps must be above 0/],
      [{ down: { jitter: { kind: 'gauss' } as never } }, /down\.jitter\.kind/],
      [{ down: { jitter: { kind: 'exponential', meanMs: 60, capMs: Number.NaN } } }, /capMs/],
      [{ outage: 'yes' as never }, /outage/],
    ];
    for (const [input, message] of bad) expect(() => normaliseConditions(input)).toThrow(message);
  });

  it('derives the retransmission timeout: RTT + 4 deviations of its jitter, at least 200 ms', () => {
    expect(retransmissionTimeoutMs(normaliseConditions({ up: { delayMs: 40 }, down: { delayMs: 40 } }))).toBe(200);
    const congested = normaliseConditions({
      up: { delayMs: 150, jitter: { kind: 'exponential', meanMs: 30, capMs: 200 } },
      down: { delayMs: 150, jitter: { kind: 'exponential', meanMs: 30, capMs: 200 } },
    });
    expect(retransmissionTimeoutMs(congested)).toBeCloseTo(300 + 4 * Math.hypot(30, 30), 6);
    expect(retransmissionTimeoutMs(normaliseConditions({ rtoMs: 350 }))).toBe(350);
  });

  it('sizes the window like a bottleneck: rate × (delay + jitter + buffer), a few segments at least, bounded', () => {
    expect(windowBytes(direction({ delayMs: 40, bandwidthBps: 8_000_000, queueMs: 100 }))).toBe(140_000);
    expect(windowBytes(direction({ delayMs: 30, bandwidthBps: 128_000 }))).toBe(MIN_WINDOW_BYTES);
    expect(windowBytes(direction({ delayMs: 30 }))).toBe(UNCAPPED_WINDOW_BYTES);
    expect(windowBytes(direction({ delayMs: 1000, bandwidthBps: 1e9 }))).toBe(UNCAPPED_WINDOW_BYTES);
  });
});
