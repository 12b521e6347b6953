// A link's script: steps at offsets from a start, in time order, equal offsets in the order listed.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { checkTimeline, TimelineRunner, type TimelineStep } from '../../demo/netlab/timeline.ts';

afterEach(() => vi.useRealTimers());

describe('timeline', () => {
  it('runs steps at their offsets, equal offsets as listed, and a new start cancels the old one', () => {
    vi.useFakeTimers();
    const seen: string[] = [];
    const runner = new TimelineRunner((step) => seen.push(`${step.atMs}${step.handover ? ' handover' : ` ${step.set?.outage ?? ''}`}`), () => Date.now());
    const steps: TimelineStep[] = [
      { atMs: 300, set: { outage: false } },
      { atMs: 100, set: { outage: true } },
      { atMs: 100, handover: true },
      { atMs: 0, set: {} },
    ];
    runner.start(steps);
    expect(seen).toEqual(['0 ']); // offset 0 runs at once
    vi.advanceTimersByTime(99);
    expect(seen).toEqual(['0 ']);
    vi.advanceTimersByTime(1);
    expect(seen).toEqual(['0 ', '100 true', '100 handover']);
    expect(runner.pendingMs).toEqual([300]);
    runner.start([{ atMs: 50, handover: true }]);
    vi.advanceTimersByTime(1000);
    expect(seen).toEqual(['0 ', '100 true', '100 handover', '50 handover']);
  });

  it('refuses a bad step before anything runs', () => {
    expect(() => checkTimeline([{ atMs: -1 }])).toThrow(/timeline\[0\]\.atMs/);
    expect(() => checkTimeline([{ atMs: 0 }, { atMs: 10, set: { up: { loss: 2 } } }])).toThrow(/up\.loss/);
    const runner = new TimelineRunner(() => {
      throw new Error('must not run');
    });
    expect(() => runner.start([{ atMs: 0 }, { atMs: Number.NaN }])).toThrow(/atMs/);
  });
});
