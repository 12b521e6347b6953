// What a link does to the bytes that cross it, per direction (up: client → server, down: server → client),
// checked and filled in with defaults; and the figures derived from it: the retransmission timeout a lost
// segment waits, and the window of bytes a direction holds before it pushes back on its sender.

/** Extra one-way delay per segment, drawn from a seeded generator. */
export type Jitter =
  | { kind: 'none' }
  /** Uniform in [0, maxMs]. */
  | { kind: 'uniform'; maxMs: number }
  /** Exponential with mean `meanMs`, cut at `capMs`. */
  | { kind: 'exponential'; meanMs: number; capMs: number };

export interface DirectionConditions {
  /** One-way propagation delay, ms. */
  delayMs: number;
  jitter: Jitter;
  /** Bottleneck rate in bits per second; null: not capped. */
  bandwidthBps: number | null;
  /** Probability that a segment (≤ 1460 B) is lost and waits a retransmission timeout, in [0, 1). */
  loss: number;
  /** The bottleneck's buffer beyond the bandwidth-delay product, in ms of the capped rate. */
  queueMs: number;
}

export interface LinkConditions {
  up: DirectionConditions;
  down: DirectionConditions;
  /** While true nothing is delivered either way; what is held goes out (one delay later) when it ends. */
  outage: boolean;
  /** Retransmission timeout of a lost segment; null: derived from the link (see `retransmissionTimeoutMs`). */
  rtoMs: number | null;
}

/** What `set()` and profiles accept: anything left out takes its default (a clean, direct link). */
export interface LinkConditionsInput {
  up?: Partial<DirectionConditions>;
  down?: Partial<DirectionConditions>;
  outage?: boolean;
  rtoMs?: number | null;
}

/** TCP's maximum segment size on an Ethernet path: loss and jitter apply per segment of at most this. */
export const SEGMENT_BYTES = 1460;
/** Linux's minimum retransmission timeout (RFC 6298 says 1 s; every mainstream stack uses 200 ms or less). */
export const MIN_RTO_MS = 200;
/** What an uncapped direction holds at most: TCP's throughput is then window / delay, as with a real window. */
export const UNCAPPED_WINDOW_BYTES = 1 << 20;
/** The least a capped direction holds: a few segments, so that a thin link still keeps its pace. */
export const MIN_WINDOW_BYTES = 4 * SEGMENT_BYTES;

const DEFAULT_DIRECTION: DirectionConditions = {
  delayMs: 0,
  jitter: { kind: 'none' },
  bandwidthBps: null,
  loss: 0,
  queueMs: 100,
};

/** Checked, complete conditions; throws a RangeError that names the bad field. */
export function normaliseConditions(input: LinkConditionsInput = {}): LinkConditions {
  if (typeof input !== 'object' || input === null) throw new RangeError('conditions must be an object');
  const outage = input.outage ?? false;
  if (typeof outage !== 'boolean') throw new RangeError('conditions.outage must be a boolean');
  const rtoMs = input.rtoMs ?? null;
  if (rtoMs !== null) nonNegative(rtoMs, 'conditions.rtoMs');
  return { up: direction(input.up, 'up'), down: direction(input.down, 'down'), outage, rtoMs };
}

function direction(input: Partial<DirectionConditions> | undefined, name: string): DirectionConditions {
  if (input !== undefined && (typeof input !== 'object' || input === null)) throw new RangeError(`conditions.${name} must be an object`);
  const d = { ...DEFAULT_DIRECTION, ...input };
  nonNegative(d.delayMs, `conditions.${name}.delayMs`);
  nonNegative(d.queueMs, `conditions.${name}.queueMs`);
  if (d.bandwidthBps !== null) {
    nonNegative(d.bandwidthBps, `conditions.${name}.bandwidthBps`);
    if (d.bandwidthBps === 0) throw new RangeError(`conditions.${name}.bandwidthBps must be above 0 (use an outage for no link)`);
  }
  if (typeof d.loss !== 'number' || !(d.loss >= 0 && d.loss < 1)) throw new RangeError(`conditions.${name}.loss must be in [0, 1)`);
  return { ...d, jitter: jitter(d.jitter, `conditions.${name}.jitter`) };
}

function jitter(input: Jitter, name: string): Jitter {
  if (typeof input !== 'object' || input === null) throw new RangeError(`${name} must be an object`);
  switch (input.kind) {
    case 'none':
      return { kind: 'none' };
    case 'uniform':
      nonNegative(input.maxMs, `${name}.maxMs`);
      return { kind: 'uniform', maxMs: input.maxMs };
    case 'exponential':
      nonNegative(input.meanMs, `${name}.meanMs`);
      nonNegative(input.capMs, `${name}.capMs`);
      return { kind: 'exponential', meanMs: input.meanMs, capMs: input.capMs };
    default:
      throw new RangeError(`${name}.kind must be 'none', 'uniform' or 'exponential'`);
  }
}

function nonNegative(value: unknown, name: string): void {
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 0) throw new RangeError(`${name} must be a finite number ≥ 0`);
}

/** One jitter draw, from a uniform `u` in [0, 1). */
export function drawJitter(jitter: Jitter, u: number): number {
  switch (jitter.kind) {
    case 'none':
      return 0;
    case 'uniform':
      return u * jitter.maxMs;
    case 'exponential':
      return Math.min(jitter.capMs, -jitter.meanMs * Math.log(1 - u));
  }
}

/** The jitter's mean, ms (the cap's effect on an exponential is left out: it only lowers it). */
export function jitterMeanMs(jitter: Jitter): number {
  return jitter.kind === 'uniform' ? jitter.maxMs / 2 : jitter.kind === 'exponential' ? jitter.meanMs : 0;
}

/** The jitter's standard deviation, ms. */
export function jitterDeviationMs(jitter: Jitter): number {
  return jitter.kind === 'uniform' ? jitter.maxMs / Math.sqrt(12) : jitter.kind === 'exponential' ? jitter.meanMs : 0;
}

/** How long a lost segment waits before its retransmission goes out: RFC 6298's SRTT + 4·RTTVAR with
 *  Linux's 200 ms floor, taking the base round trip for SRTT and the round trip's jitter deviation for
 *  RTTVAR. A single loss in a thin real-time stream is not recovered faster (too few segments follow it for
 *  three duplicate acknowledgements), so an audio stream pays the full timeout. */
export function retransmissionTimeoutMs(conditions: LinkConditions): number {
  if (conditions.rtoMs !== null) return conditions.rtoMs;
  const rtt = conditions.up.delayMs + conditions.down.delayMs;
  const deviation = Math.hypot(jitterDeviationMs(conditions.up.jitter), jitterDeviationMs(conditions.down.jitter));
  return Math.max(MIN_RTO_MS, rtt + 4 * deviation);
}

/** The bytes a direction holds before it stops reading its sender: what the capped rate carries over the
 *  one-way delay (with the jitter's mean) plus `queueMs` of buffer, like a real bottleneck's queue; a fixed
 *  window when the direction is not capped, which is also the most any direction holds. */
export function windowBytes(d: DirectionConditions): number {
  if (d.bandwidthBps === null) return UNCAPPED_WINDOW_BYTES;
  const ms = d.delayMs + jitterMeanMs(d.jitter) + d.queueMs;
  return Math.min(UNCAPPED_WINDOW_BYTES, Math.max(MIN_WINDOW_BYTES, Math.ceil((d.bandwidthBps / 8) * (ms / 1000))));
}
