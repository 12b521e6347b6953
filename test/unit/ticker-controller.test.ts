// The panel's clock (src/ui/internal/panel/ticker-controller.ts): the host renders when the elapsed time or a
// retry's countdown turns to its next second (looked at every 250 ms), not in between, and not at all once no
// clock is shown.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { clockOrigin } from '../../src/ui/internal/panel/call-clock.ts';
import { secondOf, TickerController } from '../../src/ui/internal/panel/ticker-controller.ts';
import type { ErrorDetail } from '../../src/call/types.ts';

/** A host that renders at once when asked, and notes when (ms after the test's start). */
class FakeHost implements ReactiveControllerHost {
  readonly controllers: ReactiveController[] = [];
  readonly renders: number[] = [];
  readonly updateComplete = Promise.resolve(true);
  constructor(private readonly start: number) {}
  addController(controller: ReactiveController): void {
    this.controllers.push(controller);
  }
  removeController(): void {}
  requestUpdate(): void {
    this.update();
  }
  update(): void {
    this.renders.push(Date.now() - this.start);
    for (const controller of this.controllers) controller.hostUpdated?.();
  }
}

const START = 1_800_000_000_000;

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(START);
});
afterEach(() => vi.useRealTimers());

describe('secondOf', () => {
  it('counts whole seconds from the origin, before or after it', () => {
    expect(secondOf(START, START)).toBe(0);
    expect(secondOf(START - 300, START)).toBe(0);
    expect(secondOf(START - 2_999, START)).toBe(2);
    // A countdown's origin is its deadline, still ahead: its seconds turn at whole seconds before it.
    expect(secondOf(START + 2_500, START)).toBe(-3);
    expect(secondOf(START + 2_500, START + 500)).toBe(-2);
  });
});

describe('clockOrigin', () => {
  const busy: ErrorDetail = { code: 'BUSY', message: 'busy', retryAfterSeconds: 60 } as ErrorDetail;
  const call = (state: string, extra: object = {}) => ({ state, liveSince: null, failedAt: null, error: null, ...extra }) as Parameters<typeof clockOrigin>[0];

  it('counts from the call’s start while live, from the retry’s deadline while a countdown runs', () => {
    expect(clockOrigin(call('live', { liveSince: START - 5_000 }), START)).toBe(START - 5_000);
    expect(clockOrigin(call('error', { failedAt: START - 10_000, error: busy }), START)).toBe(START + 50_000);
  });

  it('shows no clock otherwise: no retry to wait for, the wait over, or another state', () => {
    expect(clockOrigin(call('error', { failedAt: START, error: { ...busy, retryAfterSeconds: undefined } }), START)).toBeNull();
    expect(clockOrigin(call('error', { failedAt: START - 60_000, error: busy }), START)).toBeNull();
    for (const state of ['idle', 'connecting', 'reconnecting', 'ending', 'ended']) expect(clockOrigin(call(state), START)).toBeNull();
  });
});

describe('TickerController', () => {
  it('renders as the elapsed time turns, once a second, at most 250 ms late', () => {
    const host = new FakeHost(START);
    new TickerController(host, () => START - 300);
    host.update();
    vi.advanceTimersByTime(3_000);
    // The seconds turn at 700, 1,700 and 2,700 ms.
    expect(host.renders).toEqual([0, 750, 1_750, 2_750]);
  });

  it('renders a countdown at the whole seconds before its deadline', () => {
    const host = new FakeHost(START);
    new TickerController(host, () => START + 2_500);
    host.update();
    vi.advanceTimersByTime(2_600);
    expect(host.renders).toEqual([0, 500, 1_500, 2_500]);
  });

  it('adds no render of its own when the host rendered since the turn', () => {
    const host = new FakeHost(START);
    // The seconds turn at 900, 1,900, 2,900 ms; the clock is looked at every 250 ms.
    new TickerController(host, () => START - 100);
    host.update();
    vi.advanceTimersByTime(400);
    host.update();
    vi.advanceTimersByTime(700);
    expect(host.renders).toEqual([0, 400, 1_000]);
    // The host renders for its own reasons at 1,950 ms, after the turn at 1,900: the look at 2,000 finds the
    // new second already shown.
    vi.advanceTimersByTime(850);
    host.update();
    vi.advanceTimersByTime(900);
    expect(host.renders).toEqual([0, 400, 1_000, 1_950]);
  });

  it('stops when no clock is shown, and when the host leaves the page', () => {
    let origin: number | null = START;
    const host = new FakeHost(START);
    const ticker = new TickerController(host, () => origin);
    host.update();
    vi.advanceTimersByTime(1_000);
    origin = null;
    host.update();
    vi.advanceTimersByTime(5_000);
    expect(host.renders).toEqual([0, 1_000, 1_000]);

    origin = START;
    host.update();
    ticker.hostDisconnected();
    vi.advanceTimersByTime(5_000);
    expect(host.renders).toEqual([0, 1_000, 1_000, 6_000]);
    expect(vi.getTimerCount()).toBe(0);
  });
});
