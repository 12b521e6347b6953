// The dead-link rule on its own, tick by tick on a clock the test moves (the Connection's timer is not needed:
// each tick() is one ping timer firing at the time the test sets). The rule is tested with pings every 2.5 s
// (the figures below are easier to follow), then with the defaults.
import { describe, expect, it } from 'vitest';
import { Liveness, type LivenessTimeouts } from '../../src/call/liveness.ts';
import { DEFAULT_TIMEOUTS } from '../../src/call/session.ts';

const pingMs = 2500;
const livenessMs = 7000;

function liveness(timeouts: LivenessTimeouts = { pingMs, livenessMs }) {
  let now = 0;
  const link = new Liveness(timeouts, () => now); // the socket opened at 0
  return {
    /** Moves the clock to `at` and runs one tick there: true, a ping goes out; false, the link is dead. */
    tickAt: (at: number) => {
      now = at;
      return link.tick();
    },
    /** Something arrives from the service at `at`. */
    hearAt: (at: number) => {
      now = at;
      link.heard();
    },
    pongAt: (at: number) => {
      now = at;
      link.heard();
    },
    /** Whether the link is silent for now at `at` (see Liveness.silentFor). */
    silentAt: (at: number, spanMs: number) => {
      now = at;
      return link.silentFor(spanMs);
    },
  };
}

describe('at the normal pace of the ping timer', () => {
  it('pings at every tick while the service answers', () => {
    const { tickAt, pongAt } = liveness();
    for (let at = pingMs; at <= 60_000; at += pingMs) {
      expect(tickAt(at), `tick at ${at} ms`).toBe(true);
      pongAt(at + 40);
    }
  });

  it('finds a silent link dead at the first tick past `livenessMs` with a ping out for more than `livenessMs - pingMs`', () => {
    const { tickAt, pongAt } = liveness();
    expect(tickAt(2500)).toBe(true);
    pongAt(2540); // the last sign of life
    expect(tickAt(5000)).toBe(true); // unanswered from now on
    expect(tickAt(7500)).toBe(true);
    expect(tickAt(9500)).toBe(true); // 6,960 ms of silence: not yet
    expect(tickAt(9541)).toBe(false); // 7,001 ms of silence, the ping of 5,000 out for 4,541 ms
  });

  it('does not call a link dead whose ping went out too recently, however long the silence', () => {
    const { tickAt } = liveness();
    // No tick for 20 s (a busy main thread), then one: silence, but no ping was out to go unanswered.
    expect(tickAt(20_000)).toBe(true);
    expect(tickAt(20_000 + livenessMs - pingMs)).toBe(true); // out for exactly `livenessMs - pingMs`
    expect(tickAt(20_001 + livenessMs - pingMs)).toBe(false);
  });

  it('counts every message as a sign of life, pong or not', () => {
    const { tickAt, hearAt } = liveness();
    for (let at = pingMs; at <= 60_000; at += pingMs) {
      expect(tickAt(at), `tick at ${at} ms`).toBe(true);
      hearAt(at + 1000); // agent audio, a transcript: never a pong
    }
  });
});

describe('in a hidden tab, where the ping timer fires once a minute', () => {
  it('takes a minute-late tick for no silence when the last ping was answered', () => {
    const { tickAt, pongAt } = liveness();
    for (let at = 60_000; at <= 600_000; at += 60_000) {
      expect(tickAt(at), `tick at ${at / 1000} s`).toBe(true); // a minute since the service was last heard
      pongAt(at + 40); // answered at once
    }
  });

  it('finds the link dead at the tick after a ping that was never answered', () => {
    const { tickAt, pongAt } = liveness();
    expect(tickAt(60_000)).toBe(true);
    pongAt(60_040);
    expect(tickAt(120_000)).toBe(true); // never answered
    expect(tickAt(180_000)).toBe(false);
  });
});

describe('silent for now (the call shows `lost`)', () => {
  it('is the same rule over a shorter span: nothing heard for it, and a ping out for the span less the interval', () => {
    const { tickAt, pongAt, silentAt } = liveness();
    const span = pingMs + 2000;
    expect(tickAt(2500)).toBe(true);
    pongAt(2540);
    expect(tickAt(5000)).toBe(true); // unanswered from now on
    expect(silentAt(7000, span)).toBe(false); // 4,460 ms of silence: not yet
    expect(silentAt(7041, span)).toBe(true); // 4,501 ms, the ping of 5,000 out for 2,041 ms
    pongAt(7100);
    expect(silentAt(7200, span)).toBe(false);
  });

  it('is not said of a link whose pings are all answered, however long ago (a hidden tab)', () => {
    const { tickAt, pongAt, silentAt } = liveness();
    tickAt(60_000);
    pongAt(60_040);
    expect(silentAt(120_000, pingMs + 2000)).toBe(false);
  });
});

describe('with the default pings', () => {
  const defaults = () => liveness(DEFAULT_TIMEOUTS);
  /** Ticks every ping interval from `from` to `to`; false at the first tick that finds the link dead. */
  function tickThrough(link: ReturnType<typeof liveness>, from: number, to: number): number | null {
    for (let at = from; at <= to; at += DEFAULT_TIMEOUTS.pingMs) if (!link.tickAt(at)) return at;
    return null;
  }

  it('lets an outage of 4 s pass on the same socket', () => {
    const link = defaults();
    // Pings every interval, answered 80 ms later, except those of an outage from 1 s to 5 s.
    for (let at = 0; at <= 20_000; at += DEFAULT_TIMEOUTS.pingMs) {
      expect(link.tickAt(at), `tick at ${at} ms`).toBe(true);
      if (at + 80 < 1000 || at >= 5000) link.pongAt(at + 80);
    }
  });

  it('finds a link that never delivers again (a handover) dead within 7.5 s, leaving time to be live again within 12 s', () => {
    const link = defaults();
    link.tickAt(0);
    link.pongAt(80); // the last message
    const foundAt = tickThrough(link, DEFAULT_TIMEOUTS.pingMs, 20_000);
    expect(foundAt).toBeGreaterThan(7000);
    expect(foundAt).toBeLessThanOrEqual(7500);
  });
});
