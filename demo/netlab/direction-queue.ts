// One direction of one connection, as time: the bytes its sender handed over, cut into segments, each
// with the moment it leaves the bottleneck (the capped rate) and the moment it reaches the receiver (delay,
// jitter, a loss's retransmission timeout). Delivery keeps TCP's order: a segment never arrives before the
// one ahead of it, so a late or lost one holds everything behind it. No sockets and no timers here: the
// caller passes the time in, which makes the rules testable with a clock of its own.
import { drawJitter, SEGMENT_BYTES, windowBytes, type DirectionConditions } from './conditions.ts';

/** What reaches the receiver: bytes, or the sender's FIN (end) or RST (reset), after the bytes before it. */
export type Delivery = { kind: 'data'; data: Buffer } | { kind: 'fin' } | { kind: 'rst' };

/** Counts kept for tests and the bench; one object may be shared by many queues (a link's totals). */
export interface DirectionCounters {
  /** Bytes taken from the sender. */
  bytesIn: number;
  /** Bytes handed to the receiver. */
  bytesOut: number;
  segments: number;
  segmentsLost: number;
  /** The most bytes one queue held at once (with what its receiver had not taken yet). */
  maxQueueBytes: number;
}

export const emptyCounters = (): DirectionCounters => ({ bytesIn: 0, bytesOut: 0, segments: 0, segmentsLost: 0, maxQueueBytes: 0 });

interface Segment {
  delivery: Delivery;
  size: number;
  jitterMs: number;
  lost: boolean;
  /** When it (or what was left of it when the rate last changed) entered the bottleneck; NaN while an
   *  outage holds it. */
  startAt: number;
  /** The bytes that went through the bottleneck from `startAt` (less than `size` after a re-timing). */
  placedBytes: number;
  /** When its last bit left the bottleneck; Infinity while an outage holds it. */
  departAt: number;
  deliverAt: number;
}

export interface DirectionQueueOptions {
  conditions: DirectionConditions;
  rtoMs: number;
  outage: boolean;
  /** Uniform draws in [0, 1): two per segment (jitter, loss). */
  random: () => number;
  /** Nothing leaves before this time: a new connection's handshake (SYN, SYN-ACK) still under way. */
  readyAt?: number;
  counters?: DirectionCounters;
}

export class DirectionQueue {
  readonly counters: DirectionCounters;
  #segments: Segment[] = [];
  #bytes = 0;
  #conditions: DirectionConditions;
  #rtoMs: number;
  #outage: boolean;
  #random: () => number;
  #readyAt: number;
  #lastDepartAt = -Infinity;
  #lastDeliverAt = -Infinity;

  constructor(options: DirectionQueueOptions) {
    this.#conditions = options.conditions;
    this.#rtoMs = options.rtoMs;
    this.#outage = options.outage;
    this.#random = options.random;
    this.#readyAt = options.readyAt ?? -Infinity;
    this.counters = options.counters ?? emptyCounters();
  }

  /** Payload bytes held (taken from the sender, not yet delivered). */
  get bytes(): number {
    return this.#bytes;
  }

  /** The bytes this direction may hold before its sender is made to wait. */
  get windowBytes(): number {
    return windowBytes(this.#conditions);
  }

  /** Takes bytes from the sender at `now`, as segments of at most 1460 B. */
  push(data: Buffer, now: number): void {
    this.counters.bytesIn += data.length;
    for (let offset = 0; offset < data.length; offset += SEGMENT_BYTES) {
      const piece = data.subarray(offset, offset + SEGMENT_BYTES);
      const jitterMs = drawJitter(this.#conditions.jitter, this.#random());
      const lost = this.#random() < this.#conditions.loss;
      this.counters.segments += 1;
      if (lost) this.counters.segmentsLost += 1;
      this.#append({ delivery: { kind: 'data', data: piece }, size: piece.length, jitterMs, lost }, now);
    }
  }

  /** The sender's FIN or RST, delivered after everything it sent before. */
  end(kind: 'fin' | 'rst', now: number): void {
    this.#append({ delivery: { kind }, size: 0, jitterMs: 0, lost: false }, now);
  }

  /** New conditions from `now`. What has not left the bottleneck yet is re-timed at the new rate (a link
   *  that heals drains its backlog at the new speed); what is already on its way keeps its time. When an
   *  outage starts, everything not delivered is held, and goes again from the bottleneck when it ends (TCP
   *  retransmits it), one delay later. */
  update(conditions: DirectionConditions, rtoMs: number, outage: boolean, now: number): void {
    this.#conditions = conditions;
    this.#rtoMs = rtoMs;
    this.#outage = outage;
    const segments = this.#segments;
    const first = outage ? 0 : segments.findIndex((s) => s.departAt > now);
    if (first === -1) return;
    const before = segments[first - 1];
    this.#lastDepartAt = before ? before.departAt : -Infinity;
    this.#lastDeliverAt = before ? before.deliverAt : -Infinity;
    for (let i = first; i < segments.length; i++) {
      const segment = segments[i]!;
      // The head may be part-way through the bottleneck: only its remaining bits go at the new rate.
      const partDone =
        i === first && segment.startAt < now && Number.isFinite(segment.departAt)
          ? (now - segment.startAt) / (segment.departAt - segment.startAt)
          : 0;
      this.#place(segment, now, segment.placedBytes * (1 - partDone));
    }
  }

  /** Everything due by `now`, in order; nothing during an outage. */
  take(now: number): Delivery[] {
    const due: Delivery[] = [];
    if (this.#outage) return due;
    let count = 0;
    for (const segment of this.#segments) {
      if (segment.deliverAt > now) break;
      due.push(segment.delivery);
      this.#bytes -= segment.size;
      this.counters.bytesOut += segment.size;
      count += 1;
    }
    this.#segments.splice(0, count);
    return due;
  }

  /** When the head of the queue is due; undefined when nothing is (empty, or an outage). */
  nextDueAt(): number | undefined {
    const head = this.#segments[0];
    return head && !this.#outage ? head.deliverAt : undefined;
  }

  /** Forgets everything held (a path that died). */
  clear(): void {
    this.#segments = [];
    this.#bytes = 0;
  }

  /** Notes how much is held, with what the receiver has not taken yet, for `maxQueueBytes`. */
  noteHeld(extraBytes: number): void {
    this.counters.maxQueueBytes = Math.max(this.counters.maxQueueBytes, this.#bytes + extraBytes);
  }

  #append(partial: Pick<Segment, 'delivery' | 'size' | 'jitterMs' | 'lost'>, now: number): void {
    const segment: Segment = { ...partial, startAt: NaN, placedBytes: partial.size, departAt: Infinity, deliverAt: Infinity };
    this.#place(segment, now, segment.size);
    this.#segments.push(segment);
    this.#bytes += segment.size;
  }

  /** Times a segment behind the ones already placed; during an outage it waits, untimed. */
  #place(segment: Segment, now: number, bytesLeft: number): void {
    if (this.#outage) {
      segment.startAt = NaN;
      segment.placedBytes = segment.size;
      segment.departAt = Infinity;
      segment.deliverAt = Infinity;
      return;
    }
    const d = this.#conditions;
    const start = Math.max(now, this.#lastDepartAt, this.#readyAt);
    const serialisation = d.bandwidthBps === null ? 0 : (bytesLeft * 8 * 1000) / d.bandwidthBps;
    segment.startAt = start;
    segment.placedBytes = bytesLeft;
    segment.departAt = start + serialisation;
    const arrival = segment.departAt + d.delayMs + segment.jitterMs + (segment.lost ? this.#rtoMs : 0);
    segment.deliverAt = Math.max(arrival, this.#lastDeliverAt);
    this.#lastDepartAt = segment.departAt;
    this.#lastDeliverAt = segment.deliverAt;
  }
}
