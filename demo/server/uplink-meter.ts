// What the service hears of each call: the level of the caller's audio in 100 ms blocks of arrival time,
// how late it arrives when the caller's microphone tells the time (uplink-clock.ts), and when the agent was
// speaking (and, for the realtime agent, every chunk of its voice sent). Tests on real devices read it to
// measure echo where it matters, at the service (Simulator.uplink, GET /__simulator/uplink/<conversationId>),
// whatever thread or socket the widget sends from. Times are milliseconds since the epoch
// (performance.timeOrigin + performance.now()), comparable with Date.now() in another process on the same
// machine.
import { UplinkClock, type LatenessPoint } from './uplink-clock.ts';

export const BLOCK_MS = 100;
/** Blocks kept per call: its first 10 minutes. */
const MAX_BLOCKS = 6_000;
/** Calls whose levels are kept: the latest ones. */
const MAX_CALLS = 20;
/** Caller audio messages kept as they arrived, per call: the latest 10 s of 20 ms frames. */
const MAX_FRAMES = 500;
/** Agent chunks logged per call: the first 10 minutes of 20 ms chunks. */
const MAX_AGENT_CHUNKS = 30_000;

export interface UplinkBlock {
  /** Start of the block. */
  at: number;
  /** Caller samples (16 kHz) that arrived in it. */
  samples: number;
  /** Their RMS, full scale = 1. */
  rms: number;
}

/** One chunk of the agent's voice, as sent. */
export interface AgentChunk {
  /** When it was sent. */
  at: number;
  /** 24 kHz samples sent before it in the call. */
  samples: number;
  /** Which utterance of the script it belongs to (from 0), null for a pause's silence. */
  utterance: number | null;
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
  /** The agent's send log, for the agents that keep one (the realtime agent): every chunk in order. */
  agentChunks?: AgentChunk[];
  /** How late each 100 ms of the caller's audio arrived, when it is the clock's tones (uplink-clock.ts):
   *  relative to the least lateness of its first 2 s, which reads 0. */
  lateness?: LatenessPoint[];
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
  readonly #agentChunks: AgentChunk[] = [];
  readonly #clock = new UplinkClock();

  constructor(conversationId: string) {
    this.#conversationId = conversationId;
  }

  /** Caller audio that just arrived. */
  add(samples: Int16Array): void {
    const at = now();
    this.#frames.push(samples.slice());
    if (this.#frames.length > MAX_FRAMES) this.#frames.shift();
    this.#clock.add(samples, at);
    const block = Math.floor((at - this.#startedAt) / BLOCK_MS);
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

  addAgentChunk(chunk: AgentChunk): void {
    if (this.#agentChunks.length < MAX_AGENT_CHUNKS) this.#agentChunks.push({ ...chunk });
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
      ...(this.#agentChunks.length ? { agentChunks: this.#agentChunks.map((chunk) => ({ ...chunk })) } : {}),
      ...(this.#clock.recognised ? { lateness: this.#clock.lateness() } : {}),
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

/** Caller samples received per second over the blocks that start in [from, to) (whole blocks; 16,000 at
 *  spec §6.1's real-time pace). Blocks past the latest with audio count as empty. */
export function windowPace(levels: UplinkLevels, from: number, to: number): number {
  const first = Math.max(0, Math.ceil((from - levels.startedAt) / levels.blockMs));
  const end = Math.ceil((to - levels.startedAt) / levels.blockMs);
  if (end <= first) throw new RangeError('windowPace: the window holds no whole block');
  let samples = 0;
  for (let i = first; i < end && i < levels.blocks.length; i++) samples += levels.blocks[i]!.samples;
  return samples / (((end - first) * levels.blockMs) / 1000);
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
