// The dead-link rule on its own, tick by tick on a clock the test moves (the Connection's timer is not needed:
// each tick() is one ping timer firing at the time the test sets).
import { describe, expect, it } from 'vitest';
import { Liveness } from '../../src/call/liveness.ts';
import { DEFAULT_TIMEOUTS } from '../../src/call/session.ts';

const { pingMs, livenessMs } = DEFAULT_TIMEOUTS; // 2.5 s and 7 s

function liveness() {
  let now = 0;
  const link = new Liveness({ pingMs, livenessMs }, () => now); // the socket opened at 0
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
      return link.ponged();
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

describe('the round trip', () => {
  it('is the time from the latest ping to its answer, measured once', () => {
    const { tickAt, pongAt } = liveness();
    tickAt(2500);
    expect(pongAt(2540)).toBe(40);
    expect(pongAt(2600)).toBeNull(); // a second pong answers no ping
  });

  it('is not measured before a ping went out', () => {
    const { pongAt } = liveness();
    expect(pongAt(2540)).toBeNull();
  });
});
