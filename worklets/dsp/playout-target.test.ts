import { describe, expect, it } from 'vitest';
import { PlayoutTarget } from './playout-target.ts';

const CLOCK = 48_000;
/** 20 ms chunks: 480 media samples, 960 clock samples. */
const CHUNK = 480;

/** Feeds `lateness(i)` (ms) for chunks `from`…`to` of a stream sent at exactly real time with a 40 ms one-way
 *  delay, in order (a chunk never arrives before the one ahead of it). */
function feed(target: PlayoutTarget, from: number, to: number, lateness: (i: number) => number): void {
  for (let i = from; i < to; i++) {
    const arrivalMs = i * 20 + 40 + lateness(i);
    target.arrive(Math.round((arrivalMs * CLOCK) / 1000), i * CHUNK, CHUNK);
  }
}

function fresh(): PlayoutTarget {
  const target = new PlayoutTarget(CLOCK, 60, 500);
  target.restart((40 * CLOCK) / 1000, 0);
  return target;
}

describe('PlayoutTarget', () => {
  it('stays at its start for a steady stream, and for a sender ahead of real time', () => {
    const steady = fresh();
    feed(steady, 1, 500, () => 0);
    expect(steady.targetMs).toBe(60);
    // 3× real time in 20 ms chunks: each arrives 13.3 ms after the one before, its relative delay falls.
    const ahead = new PlayoutTarget(CLOCK, 60, 500);
    ahead.restart(0, 0);
    for (let i = 1; i < 500; i++) ahead.arrive(Math.round(((i * 20) / 3) * (CLOCK / 1000)), i * CHUNK, CHUNK);
    expect(ahead.targetMs).toBe(60);
  });

  it('covers the 99th percentile of lateness with 30% headroom and 20 ms', () => {
    const target = fresh();
    // 3% of the chunks 200 ms late, the rest on time: the 99th percentile is in the 200–210 ms bin.
    feed(target, 1, 500, (i) => (i % 33 === 0 ? 200 : 0));
    expect(target.targetMs).toBeCloseTo(210 * 1.3 + 20, 6);
    // 0.5% of them late: under the 1% the target leaves out.
    const rare = fresh();
    feed(rare, 1, 1000, (i) => (i % 200 === 0 ? 200 : 0));
    expect(rare.targetMs).toBe(60);
  });

  it('stops at its cap, and takes a chunk later than the cap for a gap in the stream, not jitter', () => {
    const target = fresh();
    feed(target, 1, 200, (i) => (i % 10 === 0 ? 450 : 0));
    expect(target.targetMs).toBe(500);
    const calm = fresh();
    feed(calm, 1, 100, () => 0);
    // A 2 s outage: the chunk after it is 2 s late, and becomes the new baseline.
    feed(calm, 100, 101, () => 2000);
    expect(calm.targetMs).toBe(60);
    // The chunks held behind it come at once: earlier against it, so on time. Then the stream goes on steady.
    feed(calm, 101, 300, (i) => Math.max(0, 2000 - (i - 100) * 20));
    expect(calm.targetMs).toBe(60);
  });

  it('comes back down to its start within a few seconds of a steady link', () => {
    const target = fresh();
    feed(target, 1, 500, (i) => (i % 7 === 0 ? 250 : 0));
    expect(target.targetMs).toBeGreaterThan(300);
    const steadyFrom = 500;
    let back = -1;
    for (let i = steadyFrom; i < steadyFrom + 500 && back < 0; i++) {
      feed(target, i, i + 1, () => 0);
      if (target.targetMs === 60) back = i;
    }
    // The late share (1/7 of the audio) fades below 1% of what is remembered after ln(14.3) × 1.2 s ≈ 3.2 s.
    expect((back - steadyFrom) * 20).toBeGreaterThan(2500);
    expect((back - steadyFrom) * 20).toBeLessThan(4000);
  });

  it('counts a baseline that rose (its minimum forgotten) as delay the link took over from the buffer', () => {
    const target = fresh();
    target.addedMs = 150;
    feed(target, 1, 50, () => 0);
    // The path gets 100 ms longer for good: once the old minimum is forgotten (5–10 s), the stream is 100 ms
    // later than the buffer's own delay says, and the buffer owes that much less.
    feed(target, 50, 400, () => 100);
    expect(target.addedMs).toBe(150);
    expect(target.targetMs).toBeGreaterThan(100);
    feed(target, 400, 800, () => 100);
    expect(target.addedMs).toBeCloseTo(50, 6);
    // And the lateness it measured against the old minimum is forgotten in turn.
    expect(target.targetMs).toBe(60);
  });

  it('restarts its baseline with a new stream, keeping what the link showed', () => {
    const target = fresh();
    feed(target, 1, 300, (i) => (i % 20 === 0 ? 150 : 0));
    const learnt = target.targetMs;
    expect(learnt).toBeGreaterThan(150);
    target.addedMs = 80;
    // The next utterance comes 3 s later than the media clock says: a new baseline, no lateness.
    target.restart(Math.round(((300 * 20 + 40 + 3000) * CLOCK) / 1000), 300 * CHUNK);
    expect(target.addedMs).toBe(0);
    expect(target.targetMs).toBe(learnt);
    for (let i = 301; i < 310; i++) target.arrive(Math.round(((i * 20 + 40 + 3000) * CLOCK) / 1000), i * CHUNK, CHUNK);
    expect(target.targetMs).toBe(learnt);
  });
});
