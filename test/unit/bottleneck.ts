// A model of a line to the service for the session's tests: what the socket is handed leaves through a bottleneck
// of a given bit rate (the operating system takes it all, so `bufferedAmount` stays 0, as browsers showed on a
// thin uplink), crosses a one-way delay and reaches a modelled service, which answers each ping with a pong after
// the same delay back. Pings wait behind the audio sent before them, in the same stream. The test moves it a
// millisecond at a time, under fake timers.
import { FakeSocket } from '../fakes.ts';

export interface LineProfile {
  /** Each way, in ms. */
  oneWayMs: number;
  /** What the uplink carries at `t` (ms on the test's clock), in bits per second; 0: an outage. */
  upBitsPerSecond: (t: number) => number;
  /** How long a pong the service sends at `t` is held on the way back (a lost segment ahead of it), in ms. */
  downHoldMs?: (t: number) => number;
}

/** A client's WebSocket frame adds 2 B of header and a 4 B mask, and 2 B of length from 126 B of payload. */
const framing = (bytes: number) => bytes + (bytes < 126 ? 6 : 8);

export class BottleneckSocket extends FakeSocket {
  /** What reached the modelled service, in order, with when it did. */
  readonly arrived: { data: string | ArrayBuffer; at: number }[] = [];
  /** Waiting to leave through the bottleneck (the head partly sent). */
  readonly #queue: { data: string | ArrayBuffer; left: number }[] = [];
  /** Through the bottleneck, on their way to the service. */
  readonly #travelling: { data: string | ArrayBuffer; at: number }[] = [];
  /** When each pong reaches the client. */
  readonly #pongs: number[] = [];
  #credit = 0;

  constructor(url: string, readonly profile: LineProfile) {
    super(url);
  }

  override send(data: string | ArrayBuffer): void {
    super.send(data);
    this.#queue.push({ data, left: framing(typeof data === 'string' ? data.length : data.byteLength) });
  }

  /** Moves the line on by the millisecond that ends at `now`. */
  step(now: number): void {
    const { oneWayMs, upBitsPerSecond } = this.profile;
    this.#credit += upBitsPerSecond(now) / 8000;
    while (this.#queue.length && this.#credit > 0) {
      const head = this.#queue[0]!;
      const taken = Math.min(head.left, this.#credit);
      head.left -= taken;
      this.#credit -= taken;
      if (head.left > 0) break;
      this.#queue.shift();
      this.#travelling.push({ data: head.data, at: now + oneWayMs });
    }
    if (!this.#queue.length) this.#credit = 0; // an idle line saves nothing up
    while (this.#travelling.length && this.#travelling[0]!.at <= now) {
      const message = this.#travelling.shift()!;
      this.arrived.push(message);
      if (typeof message.data === 'string' && JSON.parse(message.data).type === 'ping') {
        // In order, as TCP delivers: a pong never overtakes one held before it.
        const at = message.at + oneWayMs + (this.profile.downHoldMs?.(message.at) ?? 0);
        this.#pongs.push(Math.max(at, this.#pongs.at(-1) ?? 0));
      }
    }
    while (this.#pongs.length && this.#pongs[0]! <= now) {
      this.#pongs.shift();
      if (this.readyState === 1) this.receive({ type: 'pong' });
    }
  }
}
