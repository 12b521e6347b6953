// How the call's connection is doing, in four words the visitor can be shown (LiveKit-style). Read a few times a
// second from what the link knows (see LinkReading); the anchors:
// - `good`: round trips under 300 ms, and no break in the agent's voice or frame dropped in the last few seconds;
// - `fair`: in between: round trips of 300 ms or more, or a break in the agent's voice (an underrun the service's
//   next audio followed: the end of a sentence is none), or a ping unanswered well past the usual round trip (an
//   outage shows within two seconds, before it is `lost`);
// - `poor`: round trips of 1 s or more held for 2 s, or frames dropped because the line is backed up (see
//   uplink-pacer.ts);
// - `lost`: nothing at all has arrived for the ping interval plus 2 s, or the socket is being replaced.
// Says nothing but `lost` for the first 1.5 s (the page's own start). Never flickers: a round trip counts only with the one before it, a level is left only after it has not been seen
// for a few seconds (`lost` sooner), and thresholds are a fifth lower to stay at a level than to reach it. The
// caller starts a new one at each `ready` (a new socket: nothing known against it yet). No timers, no clock of its own.
import type { Quality } from './types.ts';

const LEVELS: Quality[] = ['good', 'fair', 'poor', 'lost'];
/** How long each level stays after it was last seen. */
const HOLD_MS = [0, 4000, 4000, 1500];
/** Round trips that make a line fair, and poor once held for POOR_AFTER_MS. */
const FAIR_MS = 300;
const POOR_MS = 1000;
const POOR_AFTER_MS = 2000;
/** A ping unanswered this long (or twice the latest round trip, when longer) is late: the link may be gone. */
const OVERDUE_MS = 500;
/** An underrun followed this soon by the service's audio is a break in the agent's voice. */
const BREAK_MS = 500;
/** From the first reading, only `lost` is said for this long: as a call starts the page is busy, and a pong or
 *  the agent's first audio comes late for its sake, not the line's (Firefox's worker, on a clean 80 ms line: round
 *  trips of 185–495 ms and a break in the first second of some calls, and the sign said "weak connection"). */
export const SETTLE_MS = 1500;

/** What the link says at one moment. The counters are the call's (SessionStats, PlaybackStatus), totals. */
export interface LinkReading {
  /** The latest round trips, oldest first. */
  roundTrips: readonly number[];
  /** How long the oldest ping still unanswered has waited (0: none). */
  waitingMs: number;
  /** Nothing has arrived for the ping interval plus 2 s (see Liveness.silentFor). */
  silent: boolean;
  /** The socket is being replaced. */
  reconnecting: boolean;
  framesDropped: number;
  underruns: number;
  audioBytesReceived: number;
}

export class LinkQuality {
  /** When each level (or a worse one) was last seen. */
  readonly #seen = [0, -Infinity, -Infinity, -Infinity];
  #shown = 0;
  /** The counters of the last reading (null before the first). */
  #last: LinkReading | null = null;
  /** Since when round trips have been poor (null: they are not). */
  #slowSince: number | null = null;
  /** When an underrun was last reported, and the audio received by then (null: none waits to be judged). */
  #underrun: { at: number; bytes: number } | null = null;
  /** When the first reading came. */
  #since: number | null = null;

  /** The quality at `now`, given what the link says then. */
  assess(reading: LinkReading, now: number): Quality {
    const last = this.#last ?? reading;
    this.#last = reading;
    if (reading.underruns > last.underruns) this.#underrun = { at: now, bytes: reading.audioBytesReceived };
    const underrun = this.#underrun;
    let broke = false;
    if (underrun && (now - underrun.at > BREAK_MS || reading.audioBytesReceived > underrun.bytes)) {
      broke = now - underrun.at <= BREAK_MS;
      this.#underrun = null;
    }
    // A ping that has waited longer than the latest round trip took counts as the newest round trip.
    const trips = [...reading.roundTrips];
    const latest = trips.at(-1) ?? 0;
    if (reading.waitingMs > latest) trips.push(reading.waitingMs);
    // The latest two round trips are both at least `ms` (a fifth less to stay at `level`).
    const held = (ms: number, level: number) =>
      trips.length > 1 && Math.min(...trips.slice(-2)) >= (this.#shown >= level ? ms * 0.8 : ms);
    this.#slowSince = held(POOR_MS, 2) ? (this.#slowSince ?? now) : null;
    let level = 0;
    if (held(FAIR_MS, 1) || broke || reading.waitingMs > Math.max(OVERDUE_MS, 2 * latest)) level = 1;
    if (now - (this.#slowSince ?? now) >= POOR_AFTER_MS || reading.framesDropped > last.framesDropped) level = 2;
    if (now - (this.#since ??= now) < SETTLE_MS) level = 0;
    if (reading.silent || reading.reconnecting) level = 3;
    for (let worse = 1; worse <= level; worse++) this.#seen[worse] = now;
    let shown = 3;
    while (shown > 0 && now - this.#seen[shown]! >= HOLD_MS[shown]!) shown--;
    this.#shown = shown;
    return LEVELS[shown]!;
  }
}
