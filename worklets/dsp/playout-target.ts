// Adaptive playout target of the playback core (NetEQ-style): how much delay the agent's voice needs to ride
// out the link's jitter, and how much the buffer has added to the current stream. Clock-free: the caller
// gives each chunk's arrival on the audio clock (output samples rendered) and the media position of its first
// sample (24 kHz samples).
//
// Lateness: a chunk's relative delay D = arrival − media time, less the smallest D of the last 5–10 s (two
// 5 s buckets). A sender ahead of real time makes D fall, so its lateness stays 0. The lateness of the audio
// received lately is kept as a histogram whose weights fade with the media time received (MEMORY_MS), so what
// the link showed is remembered across the pauses of a conversation; the target is a high quantile of it with
// headroom and a margin, within [startMs, capMs]. It rises as soon as the link turns late (a break in the voice
// triples it at once, the floor fading as the memory does) and comes back down as the late audio fades from the
// memory.

/** Histogram bin width (ms). */
const BIN_MS = 10;
/** The share of the remembered audio whose lateness the target covers. */
const QUANTILE = 0.99;
/** Media time over which the lateness seen fades to 1/e (ms): NetEQ's forget factor of 0.983 a 20 ms packet. */
const MEMORY_MS = 1200;
/** Headroom over the quantile: the tail of lateness not seen yet (a few seconds of jitter show a
 *  distribution's bulk, not its worst). */
const HEADROOM = 1.3;
/** Added to the target (ms): render quanta take audio ahead of the ear. */
const MARGIN_MS = 20;
/** Half the window of the smallest relative delay (ms). */
const BUCKET_MS = 5000;
/** How far a break raises the target at once: on issue 30's jitter profile, 3 leaves at most 2 breaks in every seed
 *  and rendering tried (worklets/dsp/adaptive-playback.test.ts), where the quantile alone left 3 or 4. */
const FLOOR_FACTOR = 3;
/** 24 kHz media samples per millisecond. */
const MEDIA_PER_MS = 24;

export class PlayoutTarget {
  /** The playout delay the link's lateness calls for (ms), in [startMs, capMs]. */
  targetMs: number;
  /** Delay the buffer has added to the current stream (ms): its waits and stretches, less the silence it
   *  skipped. The playback core keeps it. */
  addedMs = 0;
  readonly startMs: number;
  /** The highest target (ms); a chunk later than this is a gap in the stream (an outage), not jitter. */
  readonly capMs: number;
  /** Milliseconds per sample of the audio clock. */
  private readonly clockMs: number;
  private readonly bins: Float64Array;
  private mass = 0;
  /** Smallest relative delay in the current bucket and in the one before it, and when the bucket began. */
  private minNow = Infinity;
  private minBefore = Infinity;
  private bucketAt = 0;
  /** A floor under the target after a break in the voice (ms), fading as the lateness remembered does. */
  private floorMs = 0;

  /** clockRate: samples per second of the audio clock the arrivals are stamped with (the output's rate). */
  constructor(clockRate: number, startMs: number, capMs: number) {
    this.clockMs = 1000 / clockRate;
    this.startMs = this.targetMs = startMs;
    this.capMs = Math.max(capMs, startMs);
    this.bins = new Float64Array(Math.ceil(this.capMs / BIN_MS) + 1);
  }

  /** A new stream (an utterance) starts with a chunk that arrived at `clock` (audio clock samples) and whose
   *  first sample is at `media` (24 kHz samples): its relative delay is the baseline, and the buffer has added
   *  nothing to it yet. The lateness remembered is kept: it describes the link. */
  restart(clock: number, media: number): void {
    this.minNow = clock * this.clockMs - media / MEDIA_PER_MS;
    this.minBefore = Infinity;
    this.bucketAt = clock * this.clockMs;
    this.addedMs = 0;
  }

  /** A chunk of `length` samples whose first is at `media` arrived at `clock`: remembers its lateness and
   *  updates the target. False when it came later than the cap, which starts a new baseline instead (a gap,
   *  not jitter). (Sample counts in, a boolean out: no number is boxed on the way, in a worklet's enqueue.) */
  arrive(clock: number, media: number, length: number): boolean {
    const arrival = clock * this.clockMs;
    const delay = arrival - media / MEDIA_PER_MS;
    const before = Math.min(this.minNow, this.minBefore);
    if (arrival - this.bucketAt >= BUCKET_MS) {
      this.minBefore = arrival - this.bucketAt >= 2 * BUCKET_MS ? Infinity : this.minNow;
      this.minNow = Infinity;
      this.bucketAt = arrival;
    }
    this.minNow = Math.min(this.minNow, delay);
    const baseline = Math.min(this.minNow, this.minBefore);
    // A baseline that rose (its minimum forgotten) means the stream now comes later by that much: that part of
    // the buffer's delay is the link's now.
    if (baseline > before) this.addedMs = Math.max(0, this.addedMs - (baseline - before));
    const lateness = delay - baseline;
    if (lateness > this.capMs) {
      this.minNow = delay;
      this.minBefore = Infinity;
      this.bucketAt = arrival;
      return false;
    }
    const duration = length / MEDIA_PER_MS;
    const bins = this.bins;
    const fade = Math.exp(-duration / MEMORY_MS);
    this.floorMs *= fade;
    for (let b = 0; b < bins.length; b++) bins[b]! *= fade;
    bins[Math.min(bins.length - 1, Math.floor(lateness / BIN_MS))]! += duration;
    this.mass = this.mass * fade + duration;
    let b = 0;
    for (let sum = bins[0]!; sum < QUANTILE * this.mass && b < bins.length - 1; ) sum += bins[++b]!;
    this.targetMs = Math.min(this.capMs, Math.max(this.startMs, this.floorMs, (b + 1) * BIN_MS * HEADROOM + MARGIN_MS));
    return true;
  }

  /** The voice broke for lateness: the target triples at once, before the late audio shows how late (a jittery
   *  link's worst grows with what it has shown: one break each time a step up was learnt late), and that floor fades
   *  with the memory. */
  broke(): void {
    this.floorMs = Math.min(this.capMs, FLOOR_FACTOR * this.targetMs);
    this.targetMs = Math.max(this.targetMs, this.floorMs);
  }
}
