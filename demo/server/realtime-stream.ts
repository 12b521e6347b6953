// The realtime agent's script laid out on one timeline of 20 ms chunks and sent at exactly real time, with
// no lead: chunk k of the timeline is due k × 20 ms after the stream starts. What is due is worked out from
// the elapsed time, never by counting timer ticks, so a late timer sends what it owes at once and the stream
// never drifts. Pure: the caller owns the clock and the timers (realtime-agent.ts).
import { AGENT_RATE } from './synthesiser.ts';

export const CHUNK_MS = 20;
/** 24 kHz samples in a chunk: 480. */
export const CHUNK_SAMPLES = (AGENT_RATE * CHUNK_MS) / 1000;

/** Something the agent says: its voice, a whole number of chunks long. */
export interface VoicePart {
  kind: 'voice';
  text: string;
  pcm: Int16Array;
}

/** A pause of `chunks` × 20 ms. */
export interface PausePart {
  kind: 'pause';
  chunks: number;
}

export type StreamPart = VoicePart | PausePart;

/** How a pause goes out: as silent samples in the same continuous stream, or as nothing at all. */
export type PauseMode = 'silence' | 'nothing';

export type StreamEvent =
  /** An utterance begins: its transcript opens (`final: false`) just before its first chunk. */
  | { type: 'utterance-start'; utterance: number; text: string }
  /** A chunk to send. `samples`: the 24 kHz samples sent before it; `utterance`: null in a pause. */
  | { type: 'chunk'; pcm: Int16Array; samples: number; utterance: number | null }
  /** Its last chunk has gone: the transcript is final. */
  | { type: 'utterance-end'; utterance: number; text: string };

const SILENT_CHUNK = new Int16Array(CHUNK_SAMPLES);

export class RealtimeStream {
  readonly #parts: readonly StreamPart[];
  readonly #pauses: PauseMode;
  /** Each part's utterance number (voice parts counted from 0), null for a pause. */
  readonly #utterances: (number | null)[];
  /** Part being sent, and the next chunk of it. */
  #part = 0;
  #chunkInPart = 0;
  /** Timeline chunks passed (sent, or skipped in a pause that sends nothing). */
  #chunk = 0;
  #samplesSent = 0;

  constructor(parts: readonly StreamPart[], pauses: PauseMode) {
    for (const part of parts) {
      const chunks = part.kind === 'voice' ? part.pcm.length / CHUNK_SAMPLES : part.chunks;
      if (!Number.isInteger(chunks) || chunks < 1) {
        throw new Error('every part of a realtime script must be whole 20 ms chunks, one at least');
      }
    }
    this.#parts = parts;
    this.#pauses = pauses;
    let voices = 0;
    this.#utterances = parts.map((part) => (part.kind === 'voice' ? voices++ : null));
    this.#skipSilentPauses();
  }

  /** Elapsed time (ms since the stream started) at which the next chunk is due; Infinity once all is sent. */
  get nextDueMs(): number {
    return this.done ? Infinity : this.#chunk * CHUNK_MS;
  }

  get done(): boolean {
    return this.#part >= this.#parts.length;
  }

  /** The whole timeline's length, pauses included. */
  get durationMs(): number {
    return this.#parts.reduce((ms, part) => ms + chunksOf(part) * CHUNK_MS, 0);
  }

  /** When each utterance is on the timeline (ms from the stream's start). */
  get voiceSpans(): { fromMs: number; toMs: number }[] {
    const spans: { fromMs: number; toMs: number }[] = [];
    let ms = 0;
    for (const part of this.#parts) {
      const length = chunksOf(part) * CHUNK_MS;
      if (part.kind === 'voice') spans.push({ fromMs: ms, toMs: ms + length });
      ms += length;
    }
    return spans;
  }

  /** Every event due `elapsedMs` after the stream started and not taken yet, in order. */
  take(elapsedMs: number): StreamEvent[] {
    const events: StreamEvent[] = [];
    while (!this.done && this.#chunk * CHUNK_MS <= elapsedMs) {
      const part = this.#parts[this.#part]!;
      const utterance = this.#utterances[this.#part]!;
      if (part.kind === 'voice' && this.#chunkInPart === 0) {
        events.push({ type: 'utterance-start', utterance: utterance!, text: part.text });
      }
      const offset = this.#chunkInPart * CHUNK_SAMPLES;
      const pcm = part.kind === 'voice' ? part.pcm.subarray(offset, offset + CHUNK_SAMPLES) : SILENT_CHUNK;
      events.push({ type: 'chunk', pcm, samples: this.#samplesSent, utterance });
      this.#samplesSent += CHUNK_SAMPLES;
      this.#chunk++;
      this.#chunkInPart++;
      if (this.#chunkInPart === chunksOf(part)) {
        if (part.kind === 'voice') events.push({ type: 'utterance-end', utterance: utterance!, text: part.text });
        this.#part++;
        this.#chunkInPart = 0;
        this.#skipSilentPauses();
      }
    }
    return events;
  }

  /** Where a pause sends nothing, its chunks pass without events. */
  #skipSilentPauses(): void {
    if (this.#pauses !== 'nothing') return;
    while (!this.done && this.#parts[this.#part]!.kind === 'pause') {
      this.#chunk += chunksOf(this.#parts[this.#part]!);
      this.#part++;
    }
  }
}

function chunksOf(part: StreamPart): number {
  return part.kind === 'voice' ? part.pcm.length / CHUNK_SAMPLES : part.chunks;
}
