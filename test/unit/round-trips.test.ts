// How long pings take, on their own: each pong answers the oldest ping still out (the service answers every
// ping, in order), so round trips longer than the ping interval are timed right; the lowest recent one is the
// line's own. On a clock the test sets.
import { describe, expect, it } from 'vitest';
import { RoundTrips } from '../../src/call/round-trips.ts';

describe('the round trip', () => {
  it('is the time from a ping to its answer, measured once', () => {
    const trips = new RoundTrips();
    trips.sent({ at: 2500, bytes: 100 });
    expect(trips.answered(2540)).toEqual({ at: 2500, bytes: 100, ms: 40 });
    expect(trips.answered(2600)).toBeNull(); // a second pong answers no ping
  });

  it('is not measured before a ping went out', () => {
    expect(new RoundTrips().answered(2540)).toBeNull();
  });

  it('times each ping right when several are out at once (a round trip longer than the interval)', () => {
    const trips = new RoundTrips();
    for (let at = 0; at < 1000; at += 250) trips.sent({ at, bytes: at });
    expect(trips.waiting(1100)).toEqual({ at: 0, bytes: 0, ms: 1100 });
    expect(trips.answered(1200)?.ms).toBe(1200);
    expect(trips.answered(1300)?.ms).toBe(1050);
    expect(trips.waiting(1300)?.ms).toBe(800);
    expect(trips.recent).toEqual([1200, 1050]);
  });

  it('remembers the lowest of the last 30 s as the line’s own', () => {
    const trips = new RoundTrips();
    expect(trips.lowest).toBeNull();
    trips.sent({ at: 0, bytes: 0 });
    trips.answered(80);
    trips.sent({ at: 1000, bytes: 0 });
    trips.answered(1900);
    expect(trips.lowest).toBe(80);
    trips.sent({ at: 31_000, bytes: 0 });
    trips.answered(31_200);
    expect(trips.lowest).toBe(200); // the 80 ms of 30 s ago is forgotten
  });
});
