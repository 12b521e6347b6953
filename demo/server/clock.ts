/** Wall-clock time in milliseconds since the epoch. Validity periods, rate-limit windows, maintenance
 *  deadlines and call durations (billing, maxSeconds) read it, so tests can move time by hand. Pacing of
 *  audio and timers run on real time. */
export interface Clock {
  now(): number;
}

export const systemClock: Clock = { now: () => Date.now() };

/** A clock that only moves when told to: makes 2-minute tickets and 1-day visits testable in milliseconds. */
export class ManualClock implements Clock {
  #now: number;

  constructor(start = Date.UTC(2026, 0, 15, 10, 0, 0)) {
    this.#now = start;
  }

  now(): number {
    return this.#now;
  }

  advance(ms: number): void {
    this.#now += ms;
  }
}
