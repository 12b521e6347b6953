// Which of the caller's frames a line thinner than the stream can still carry in time. Spec §6.1 wants them at
// real-time pace: 640 B each 20 ms, about 260 kbit/s with WebSocket framing. On a thinner line the backlog builds
// up where nothing in the page sees it, in the operating system's socket buffers, and the service hears the
// visitor later and later. Only the pings show it (see RoundTrips): each pong says that the bytes sent up to its
// ping had left the line a round trip of the line's own before, and, with the pong before it, how fast the line
// takes them. From that the wait of a frame handed over now is foretold, and a frame that would come too late is
// dropped rather than sent: in runs of at least 100 ms, silence first, keeping the start of each silence after
// speech (the service ends a turn on 700 ms of it). Nothing is held back here: when the line heals there is no
// stale audio to burst out. One late pong (held on its way back by a lost segment) is not taken for a backlog.
// One per socket; no timers, no clock of its own.
import type { Ping, RoundTrips } from './round-trips.ts';

/** Bytes a millisecond of the stream takes: 16 kHz s16le. */
const STREAM_RATE = 32;
/** A frame whose mean square is below this is silence (−40 dBFS; the simulator's VAD never hears speech there). */
const SILENCE = 328 ** 2;
/** Silence after speech kept: the service ends a turn on 700 ms of it, and a run of drops that began in the
 *  speech may take its first 80 ms. */
const KEEP_SILENCE_MS = 800;
/** How late (ms) the service may hear a frame before it is dropped rather than sent. On a line that carries the
 *  stream a backlog drains by itself: only one that would make anything 600 ms late is cut. On a line found
 *  thinner than the stream, speech may wait 300 ms, and silence past the part kept none (it goes first). The
 *  silence kept goes out up to 1.6 s late: past that even it goes, so that the service never hears the
 *  visitor 2 s late. */
const LATE_MS = 600;
const LATE_THIN_MS = 300;
const LATE_KEPT_MS = 1600;
/** Each run of dropped frames is at least this long: a gap of one frame in a word is worse than none. */
const MIN_RUN_MS = 100;
/** A ping that waited less than this behind the audio saw no backlog: the line took all that was sent. */
const NO_QUEUE_MS = 100;
/** Longer than its round trip, a pong may only be late on its way back (jitter): its ping is not counted stuck. */
const JITTER_MS = 100;
/** For this long from its first frame, only what the socket itself holds counts: as a call starts the page is busy
 *  (Firefox's worker took two pongs in a row 300–500 ms late on a clean 80 ms line, and frames were dropped). A line
 *  thin from the start is then found 1.5 s later, within the 2 s the visitor may be heard late. */
const START_MS = 1500;

export class UplinkPacer {
  /** Bytes handed to the socket so far. */
  written = 0;
  /** The latest answered pings (two at most): the bytes up to each had left the line by its `at`. */
  #anchors: { at: number; bytes: number; rate: number }[] = [];
  /** Audio dropped in the run under way (0: none). */
  #runMs = 0;
  #speechAt = -Infinity;
  /** When the first frame was handed over. */
  #firstAt: number | null = null;
  readonly #trips: RoundTrips;

  constructor(trips: RoundTrips) {
    this.#trips = trips;
  }

  /** A pong at `now` answered `ping`. */
  answered(ping: Ping & { ms: number }, now: number): void {
    const lowest = this.#trips.lowest ?? ping.ms;
    // Past the line's own round trip, what was before the ping took the rest: it left the line at `at`.
    const at = now - lowest;
    const last = this.#anchors.at(-1);
    // How fast the line took what was sent between the two pings; one that waited behind nothing says only
    // that the line carried all that was sent: it is taken to carry the whole stream.
    let rate = last ? (ping.bytes - last.bytes) / Math.max(1, at - last.at) : STREAM_RATE;
    if (ping.ms - lowest < NO_QUEUE_MS) rate = Math.max(rate, STREAM_RATE);
    if (this.#anchors.push({ at, bytes: ping.bytes, rate: Math.max(rate, 1) }) > 2) this.#anchors.shift();
  }

  /** How late, in ms, the service would hear a frame handed over at `now`: its wait behind what the line still
   *  holds (`buffered`: what the socket itself holds). The line's rate is the better of its last two measures,
   *  and its backlog the smaller the last two pongs foretell: one pong held on its way back moves neither. */
  #lateMs(now: number, buffered: number): number {
    if (now - (this.#firstAt ??= now) < START_MS) return buffered / STREAM_RATE;
    const anchors = this.#anchors;
    const rate = this.#rate();
    let backlog = anchors.length ? Infinity : 0;
    for (const { at, bytes } of anchors) backlog = Math.min(backlog, this.written - bytes - rate * (now - at));
    let late = Math.max(backlog, buffered) / rate;
    const waiting = this.#trips.waiting(now);
    const lowest = this.#trips.lowest;
    // A ping not answered yet had not left the line a round trip ago: all sent after it was still there then.
    if (waiting && lowest !== null) late = Math.max(late, (this.written - waiting.bytes) / rate - lowest - JITTER_MS);
    return late;
  }

  /** How many bytes a millisecond the line takes: the best of its last two measures; the whole stream until a pong
   *  has said otherwise (a socket that reports a few frames still buffered as the call starts is no thin line). */
  #rate(): number {
    if (!this.#anchors.length) return STREAM_RATE;
    return Math.max(STREAM_RATE / 8, ...this.#anchors.map((anchor) => anchor.rate));
  }

  /** Whether `frame` (16 kHz s16le) goes out now; false: drop it. */
  admit(frame: ArrayBuffer, now: number, buffered: number): boolean {
    const samples = new Int16Array(frame, 0, frame.byteLength >> 1);
    let energy = 0;
    for (const sample of samples) energy += sample * sample;
    const speech = energy > SILENCE * samples.length;
    if (speech) this.#speechAt = now;
    // On a thin line, silence past the part kept is all dropped while anything waits: the backlog drains during
    // the pauses, and the next sentence gets through.
    const thin = this.#rate() < STREAM_RATE;
    const kept = !speech && now - this.#speechAt < KEEP_SILENCE_MS;
    const limit = kept ? LATE_KEPT_MS : !thin ? LATE_MS : speech ? LATE_THIN_MS : 0;
    const late = this.#lateMs(now, buffered) > limit;
    if (late || (this.#runMs > 0 && this.#runMs < MIN_RUN_MS)) {
      this.#runMs += samples.length / 16;
      return false;
    }
    this.#runMs = 0;
    this.written += frame.byteLength;
    return true;
  }
}
