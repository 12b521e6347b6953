// How late the service hears the caller, measured with a microphone that tells the time: a test's fake
// microphone plays 200 ms tone blocks, block k at 500 + 30·k Hz (k = 0…99, a 20 s cycle; test/fixtures
// makes the WAV). Every 20 ms of received 16 kHz audio, the latest 100 ms are analysed at a few of the
// candidate frequencies (30 Hz apart: three whole cycles apart over 100 ms, so a steady tone shows in its
// own bin only). A window inside one block shows one tone; a window across a join shows the two
// neighbours, and their amplitudes say where in the received stream the join is. Two joins one block and
// exactly 200 ms of stream apart prove that nothing was lost between them, and give the capture time of
// every sample between them, up to one unknown origin. Lateness = arrival time − capture time, with the
// origin set so that the smallest lateness over the first 2 s of it is the link's known floor.
//
// Cost (measured on this project's 2-core machines, under load): silence gets a level check every 100 ms
// (about 1 ms of CPU per second of it). Other audio (a normal call) gets a tone check every 100 ms for its
// first 5 s, 8–14 ms in all, then nothing. The clock's tones get a check every 20 ms, each a level, a
// zero-crossing count and 5–9 Goertzel filters over 1,600 samples: 8–20 ms of CPU per second (1–2% of a core).
import { SampleHistory } from './sample-history.ts';

/** The clock's tones (the fixture's generator reads them here). */
export const CLOCK_TONES = { blockMs: 200, blocks: 100, baseHz: 500, stepHz: 30 } as const;

export const clockToneHz = (block: number): number => CLOCK_TONES.baseHz + CLOCK_TONES.stepHz * block;

const RATE = 16_000;
const SAMPLES_PER_MS = RATE / 1000;
/** Analysis window: 100 ms. */
const WINDOW = 1_600;
/** Analysis step while the tones are followed: 20 ms. */
const HOP = 320;
/** Received samples kept for the analysis. */
const HISTORY = 2 * WINDOW;
const BLOCK = CLOCK_TONES.blockMs * SAMPLES_PER_MS;
const CYCLE_MS = CLOCK_TONES.blocks * CLOCK_TONES.blockMs;
/** Below −40 dBFS a window is silence and is not analysed. */
const SILENCE_POWER = 1e-4;
/** A tone dominates when its amplitude is at least this share of the window's (√(2 × mean power)). */
const DOMINANT = 0.8;
/** A second tone counts as present from this share of the window's amplitude (leakage stays under it). */
const PRESENT = 0.15;
/** One join's estimates (3–4 windows) must agree within this; leakage moves each by up to ±7 ms. */
const JOIN_SPREAD = 12 * SAMPLES_PER_MS;
/** Two joins prove a whole block between them when they are this close to 200 ms of stream apart. */
const BLOCK_TOLERANCE = 5 * SAMPLES_PER_MS;
/** Arrival times kept (of the received stream), for the reports still to come. */
const ARRIVALS_KEPT = 3 * RATE;

export interface LatenessPoint {
  /** When the last sample of that 100 ms of audio arrived (ms since the epoch, as uplink-meter.ts). */
  at: number;
  /** How late it arrived, relative to the least lateness of the first `referenceMs`, plus the floor. */
  lateMs: number;
}

export interface UplinkClockOptions {
  /** The link's known least lateness (its one-way delay): the smallest lateness of the first `referenceMs`
   *  is reported as this. Default 0. */
  floorMs?: number;
  /** How long, from the first measured audio, the origin is looked for. Default 2 s. */
  referenceMs?: number;
  /** Non-silent audio analysed without one tone recognised, after which the clock stops looking. Default 5 s. */
  giveUpAfterMs?: number;
  /** Points kept at most (the first ones). Default 6,000: 10 minutes. */
  maxPoints?: number;
}

type Window =
  | { kind: 'none' }
  | { kind: 'tone'; block: number }
  /** Across the join into `block`, which starts at stream sample `join`. */
  | { kind: 'join'; block: number; join: number };

interface Join {
  /** The block that starts there. */
  block: number;
  /** Its first sample's position in the received stream. */
  at: number;
}

export class UplinkClock {
  readonly #floorMs: number;
  readonly #referenceMs: number;
  readonly #giveUpAfterMs: number;
  readonly #maxPoints: number;
  readonly #history = new SampleHistory(HISTORY);
  readonly #window = new Float64Array(WINDOW);
  /** Stream position after each message, and when it arrived. */
  readonly #arrivals: { end: number; at: number }[] = [];
  #recognised = false;
  #listening = true;
  /** Non-silent audio analysed before the tones were recognised. */
  #probedMs = 0;
  /** Stream position (end) of the next window to analyse. */
  #nextWindow = WINDOW;
  /** The join being seen by consecutive windows: its block and each window's estimate. */
  #seen: { block: number; estimates: number[] } | undefined;
  #lastJoin: Join | undefined;
  /** The latest proven block start and its capture time (ms, unwrapped), for unwrapping the next. */
  #lastCapture: { at: number; ms: number } | undefined;
  /** Next report position: every 100 ms of stream. */
  #nextReport = WINDOW;
  /** Before the origin is known: arrival time and arrival − capture of each report. */
  #pending: { at: number; raw: number }[] = [];
  #origin: number | undefined;
  readonly #points: LatenessPoint[] = [];

  constructor({ floorMs = 0, referenceMs = 2_000, giveUpAfterMs = 5_000, maxPoints = 6_000 }: UplinkClockOptions = {}) {
    this.#floorMs = floorMs;
    this.#referenceMs = referenceMs;
    this.#giveUpAfterMs = giveUpAfterMs;
    this.#maxPoints = maxPoints;
  }

  /** Whether the caller's audio has been recognised as the clock's tones. */
  get recognised(): boolean {
    return this.#recognised;
  }

  /** Whether it still analyses what arrives (false once it gave up, or has its points). */
  get listening(): boolean {
    return this.#listening;
  }

  /** Caller audio (16 kHz) that arrived at `at` (ms since the epoch). */
  add(samples: Int16Array, at: number): void {
    if (!this.#listening || samples.length === 0) return;
    this.#history.append(samples);
    const total = this.#history.total;
    this.#arrivals.push({ end: total, at });
    while (this.#arrivals.length > 1 && this.#arrivals[0]!.end < total - ARRIVALS_KEPT) this.#arrivals.shift();
    // A message longer than the history (up to 512 KB is allowed) skips the windows it no longer holds.
    const oldest = total - HISTORY;
    if (this.#nextWindow - WINDOW < oldest) this.#nextWindow = Math.ceil((oldest + WINDOW) / HOP) * HOP;
    while (this.#listening && this.#nextWindow <= total) {
      this.#analyse(this.#nextWindow);
      this.#nextWindow += this.#recognised ? HOP : WINDOW;
    }
  }

  /** The lateness of every 100 ms of received audio measured so far (none until the origin is known). */
  lateness(): LatenessPoint[] {
    return this.#points.map((point) => ({ ...point }));
  }

  #analyse(end: number): void {
    const recent = this.#history.slice(end - WINDOW, end);
    let power = 0;
    for (let i = 0; i < WINDOW; i++) {
      const x = recent[i]! / 32768;
      this.#window[i] = x;
      power += x * x;
    }
    power /= WINDOW;
    const found = power < SILENCE_POWER ? ({ kind: 'none' } as const) : this.#classify(Math.sqrt(2 * power), end);
    if (!this.#recognised) {
      if (found.kind === 'none') {
        if (power >= SILENCE_POWER && (this.#probedMs += WINDOW / SAMPLES_PER_MS) >= this.#giveUpAfterMs) this.#listening = false;
        return;
      }
      this.#recognised = true;
    }
    this.#follow(found);
  }

  /** What one window holds: one tone, two neighbours across a join, or neither. */
  #classify(amplitude: number, end: number): Window {
    const amplitudes = new Map<number, number>();
    for (const block of this.#candidates()) amplitudes.set(block, goertzel(this.#window, clockToneHz(block)));
    const ranked = [...amplitudes].sort((a, b) => b[1] - a[1]);
    const [top, second = [-1, 0]] = ranked;
    if (!top) return { kind: 'none' };
    if (second[1] < PRESENT * amplitude) return top[1] >= DOMINANT * amplitude ? { kind: 'tone', block: top[0] } : { kind: 'none' };
    const blocks = CLOCK_TONES.blocks;
    const later = (top[0] + 1) % blocks === second[0] ? second : (second[0] + 1) % blocks === top[0] ? top : undefined;
    if (!later || top[1] + second[1] < DOMINANT * amplitude || (ranked[2]?.[1] ?? 0) >= PRESENT * amplitude) return { kind: 'none' };
    // The later block fills the window's end: its share of the two amplitudes is its share of the window.
    return { kind: 'join', block: later[0], join: end - (WINDOW * later[1]) / (top[1] + second[1]) };
  }

  /** The blocks worth testing: around the frequency the zero crossings give, and around the block playing. */
  #candidates(): Set<number> {
    let crossings = 0;
    for (let i = 1; i < WINDOW; i++) if (this.#window[i - 1]! < 0 !== this.#window[i]! < 0) crossings++;
    const hz = (crossings * RATE) / (2 * WINDOW);
    const near = Math.round((hz - CLOCK_TONES.baseHz) / CLOCK_TONES.stepHz);
    const blocks = new Set<number>();
    for (let k = near - 2; k <= near + 2; k++) if (k >= 0 && k < CLOCK_TONES.blocks) blocks.add(k);
    // The 99 → 0 join has no frequency in between: the block playing and its neighbours are tested too.
    const playing = this.#lastJoin?.block;
    if (playing !== undefined) for (let k = -1; k <= 2; k++) blocks.add((playing + k + CLOCK_TONES.blocks) % CLOCK_TONES.blocks);
    return blocks;
  }

  /** Gathers each join's estimates from the windows across it; a join is taken once they have all been seen. */
  #follow(found: Window): void {
    if (found.kind === 'join' && this.#seen?.block === found.block) {
      this.#seen.estimates.push(found.join);
      return;
    }
    const seen = this.#seen;
    this.#seen = found.kind === 'join' ? { block: found.block, estimates: [found.join] } : undefined;
    if (!seen || seen.estimates.length < 2) return;
    const sorted = [...seen.estimates].sort((a, b) => a - b);
    const median = sorted[sorted.length >> 1]!;
    // Lost audio inside one of the windows throws its estimate off: the join cannot be trusted.
    if (sorted.some((at) => Math.abs(at - median) > JOIN_SPREAD)) return;
    this.#onJoin({ block: seen.block, at: sorted.reduce((sum, at) => sum + at, 0) / sorted.length });
  }

  #onJoin(join: Join): void {
    const previous = this.#lastJoin;
    this.#lastJoin = join;
    if (!previous || (previous.block + 1) % CLOCK_TONES.blocks !== join.block) return;
    if (Math.abs(join.at - previous.at - BLOCK) > BLOCK_TOLERANCE) return; // audio lost in between
    this.#onWholeBlock(previous, join.at);
  }

  /** Block `start.block` was received whole, from stream sample `start.at` to `end`. */
  #onWholeBlock(start: Join, end: number): void {
    const startMs = this.#captureMs(start);
    if (this.#nextReport <= start.at) this.#nextReport = (Math.floor(start.at / WINDOW) + 1) * WINDOW;
    for (; this.#nextReport <= end; this.#nextReport += WINDOW) {
      const at = this.#arrivalOf(this.#nextReport);
      if (at === undefined) continue;
      this.#report(at, at - (startMs + (this.#nextReport - start.at) / SAMPLES_PER_MS));
    }
  }

  /** Capture time (ms, unwrapped over the 20 s cycle) of a proven block start: the time on the cycle nearest to
   *  the previous one plus the stream received since. The two differ by what the sender dropped (less was
   *  received than captured) or put in (silence filling a stalled microphone: more), never by half a cycle. */
  #captureMs(start: Join): number {
    const onCycle = start.block * CLOCK_TONES.blockMs;
    const previous = this.#lastCapture;
    let ms = onCycle;
    if (previous) {
      const expected = previous.ms + (start.at - previous.at) / SAMPLES_PER_MS;
      ms = onCycle + CYCLE_MS * Math.round((expected - onCycle) / CYCLE_MS);
    }
    this.#lastCapture = { at: start.at, ms };
    return ms;
  }

  /** When the stream's sample `position - 1` arrived. */
  #arrivalOf(position: number): number | undefined {
    return this.#arrivals.find((arrival) => arrival.end >= position)?.at;
  }

  #report(at: number, raw: number): void {
    if (this.#origin === undefined) {
      const first = this.#pending[0]?.at ?? at;
      if (at - first < this.#referenceMs) {
        this.#pending.push({ at, raw });
        return;
      }
      this.#origin = Math.min(...this.#pending.map((p) => p.raw)) - this.#floorMs;
      for (const p of this.#pending) this.#points.push({ at: p.at, lateMs: p.raw - this.#origin });
      this.#pending = [];
    }
    this.#points.push({ at, lateMs: raw - this.#origin });
    if (this.#points.length >= this.#maxPoints) this.#listening = false;
  }
}

/** Amplitude of the `hz` component of `x` (16 kHz), full scale 1: 2/N × |DFT at hz|. */
function goertzel(x: Float64Array, hz: number): number {
  const w = (2 * Math.PI * hz) / RATE;
  const coefficient = 2 * Math.cos(w);
  let s1 = 0;
  let s2 = 0;
  for (let i = 0; i < x.length; i++) {
    const s = x[i]! + coefficient * s1 - s2;
    s2 = s1;
    s1 = s;
  }
  const power = s1 * s1 + s2 * s2 - coefficient * s1 * s2;
  return (2 * Math.sqrt(Math.max(0, power))) / x.length;
}
