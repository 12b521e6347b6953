// What the service hears of each call: the level of the caller's audio in 100 ms blocks of arrival time,
// and when the agent was speaking. Tests on real devices read it to measure echo where it matters, at the
// service (Simulator.uplink, GET /__simulator/uplink/<conversationId>), whatever thread or socket the
// widget sends from. Times are milliseconds since the epoch (performance.timeOrigin + performance.now()),
// comparable with Date.now() in another process on the same machine.

export const BLOCK_MS = 100;
/** Blocks kept per call: its first 10 minutes. */
const MAX_BLOCKS = 6_000;
/** Calls whose levels are kept: the latest ones. */
const MAX_CALLS = 20;
/** Caller audio messages kept as they arrived, per call: the latest 10 s of 20 ms frames. */
const MAX_FRAMES = 500;

export interface UplinkBlock {
  /** Start of the block. */
  at: number;
  /** Caller samples (16 kHz) that arrived in it. */
  samples: number;
  /** Their RMS, full scale = 1. */
  rms: number;
}

export interface UplinkLevels {
  conversationId: string;
  /** When the call went live (the first block starts then). */
  startedAt: number;
  blockMs: number;
  /** Every block from the first to the latest that received audio, those that received none included. */
  blocks: UplinkBlock[];
  /** When the agent's speech was playing at the caller, for the agents that say (the monologue agent). */
  agentSpeech: { from: number; to: number }[];
}

export const now = (): number => performance.timeOrigin + performance.now();

/** One call's uplink levels. */
export class UplinkMeter {
  readonly #conversationId: string;
  readonly #startedAt = now();
  readonly #sumSquares: number[] = [];
  readonly #samples: number[] = [];
  readonly #speech: { from: number; to: number }[] = [];
  readonly #frames: Int16Array[] = [];

  constructor(conversationId: string) {
    this.#conversationId = conversationId;
  }

  /** Caller audio that just arrived. */
  add(samples: Int16Array): void {
    this.#frames.push(samples.slice());
    if (this.#frames.length > MAX_FRAMES) this.#frames.shift();
    const block = Math.floor((now() - this.#startedAt) / BLOCK_MS);
    if (block >= MAX_BLOCKS) return;
    while (this.#samples.length <= block) {
      this.#samples.push(0);
      this.#sumSquares.push(0);
    }
    let sum = 0;
    for (let i = 0; i < samples.length; i++) sum += (samples[i]! / 32768) ** 2;
    this.#sumSquares[block]! += sum;
    this.#samples[block]! += samples.length;
  }

  markAgentSpeech(from: number, to: number): void {
    this.#speech.push({ from, to });
  }

  /** The latest caller audio messages, each as its samples, oldest first. */
  frames(): number[][] {
    return this.#frames.map((frame) => Array.from(frame));
  }

  levels(): UplinkLevels {
    return {
      conversationId: this.#conversationId,
      startedAt: this.#startedAt,
      blockMs: BLOCK_MS,
      blocks: this.#samples.map((samples, i) => ({
        at: this.#startedAt + i * BLOCK_MS,
        samples,
        rms: samples ? Math.sqrt(this.#sumSquares[i]! / samples) : 0,
      })),
      agentSpeech: this.#speech.map((span) => ({ ...span })),
    };
  }
}

/** The meters of the latest calls. */
export class UplinkMeters {
  readonly #meters = new Map<string, UplinkMeter>();

  open(conversationId: string): UplinkMeter {
    const meter = new UplinkMeter(conversationId);
    this.#meters.set(conversationId, meter);
    for (const oldest of this.#meters.keys()) {
      if (this.#meters.size <= MAX_CALLS) break;
      this.#meters.delete(oldest);
    }
    return meter;
  }

  levels(conversationId: string): UplinkLevels | undefined {
    return this.#meters.get(conversationId)?.levels();
  }

  frames(conversationId: string): number[][] | undefined {
    return this.#meters.get(conversationId)?.frames();
  }

  clear(): void {
    this.#meters.clear();
  }
}

/** The level of the blocks that start in [from, to): their samples and RMS in dBFS (−Infinity for digital
 *  silence or no audio). */
export function windowLevel(levels: UplinkLevels, from: number, to: number): { samples: number; dbfs: number } {
  let samples = 0;
  let sumSquares = 0;
  for (const block of levels.blocks) {
    if (block.at < from || block.at >= to) continue;
    samples += block.samples;
    sumSquares += block.samples * block.rms ** 2;
  }
  return { samples, dbfs: samples ? 10 * Math.log10(sumSquares / samples) : -Infinity };
}
