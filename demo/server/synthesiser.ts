// Speech for the talking agents: the npm espeak-ng build (WebAssembly, offline) on a thread of its own
// (espeak-worker.mjs), resampled to the call's 24 kHz, cached per phrase.
import { Worker } from 'node:worker_threads';
import { DOWNLINK_SAMPLE_RATE } from '../../src/protocol/index.ts';
import type { Language } from './agents.ts';
import { floatToInt16 } from './pcm.ts';
import { resample } from './resample.ts';
import { SynthesisQueue } from './synthesis-queue.ts';
import { decodeWav } from './wav.ts';

/** The rate agent audio goes out at (spec §4.10). */
export const AGENT_RATE = DOWNLINK_SAMPLE_RATE;

const VOICES: Record<Language, string> = { ar: 'ar', fr: 'fr', en: 'en' };
const CACHE_SIZE = 200;
/** Speech kept in the cache at most (about 11 minutes of 24 kHz audio). */
const CACHE_BYTES = 32 * 1024 * 1024;

export interface Synthesiser {
  /** The phrase spoken in `language`, 24 kHz mono. Never rejects: a failure gives silence as long as
   *  the words would take, so the call goes on. `ahead`: prepared before anyone asks for it (the demo
   *  agents' phrases at start), so no caller waits behind it. */
  speak(text: string, language: Language, options?: { ahead?: boolean }): Promise<Int16Array>;
}

export class ESpeakSynthesiser implements Synthesiser {
  readonly #cache = new Map<string, Promise<Int16Array>>();
  readonly #sizes = new Map<string, number>();
  #bytes = 0;
  readonly #queue = new SynthesisQueue();
  readonly #thread = new EspeakThread();
  readonly #log: (message: string) => void;
  readonly #cacheBytes: number;

  constructor(log: (message: string) => void = () => {}, { cacheBytes = CACHE_BYTES } = {}) {
    this.#log = log;
    this.#cacheBytes = cacheBytes;
  }

  speak(text: string, language: Language, { ahead = false } = {}): Promise<Int16Array> {
    const key = `${language}\u0000${text}`;
    const cached = this.#cache.get(key);
    if (cached) {
      if (!ahead) this.#queue.hurry(key);
      // refresh its place in the LRU order
      this.#cache.delete(key);
      this.#cache.set(key, cached);
      return cached;
    }
    const result = this.#queue.add(key, () => this.#synthesise(text, language), ahead).catch((error: unknown) => {
      this.#log(`synthesis failed (${language}): ${(error as Error).message}`);
      this.#evict(key);
      return silenceFor(text);
    });
    this.#cache.set(key, result);
    void result.then((pcm) => {
      if (this.#cache.get(key) !== result) return;
      this.#sizes.set(key, pcm.byteLength);
      this.#bytes += pcm.byteLength;
      this.#trim();
    });
    this.#trim();
    return result;
  }

  /** Bytes of speech held in the cache (for tests and diagnostics). */
  get cachedBytes(): number {
    return this.#bytes;
  }

  /** Drops the least recently used phrases while the cache is over its count or byte budget. */
  #trim(): void {
    while (this.#cache.size > 1 && (this.#cache.size > CACHE_SIZE || this.#bytes > this.#cacheBytes)) {
      this.#evict(this.#cache.keys().next().value!);
    }
  }

  #evict(key: string): void {
    this.#cache.delete(key);
    this.#bytes -= this.#sizes.get(key) ?? 0;
    this.#sizes.delete(key);
  }

  async #synthesise(text: string, language: Language): Promise<Int16Array> {
    const sound = decodeWav(await this.#thread.wav(text, VOICES[language]));
    return floatToInt16(resample(sound.samples, sound.sampleRate, AGENT_RATE));
  }
}

function silenceFor(text: string): Int16Array {
  const words = Math.max(1, text.split(/\s+/).filter(Boolean).length);
  return new Int16Array(Math.round(AGENT_RATE * 0.35 * words));
}

interface ThreadReply {
  id: number;
  wav?: Uint8Array;
  error?: string;
}

/** espeak-ng's thread, started with the first phrase; it keeps the process alive only while a phrase is asked. */
class EspeakThread {
  #worker: Worker | null = null;
  readonly #pending = new Map<number, { resolve: (wav: Uint8Array) => void; reject: (error: Error) => void }>();
  #nextId = 0;

  /** The WAV file espeak-ng writes for `text` in `voice`. */
  wav(text: string, voice: string): Promise<Uint8Array> {
    const worker = (this.#worker ??= this.#start());
    const id = this.#nextId++;
    worker.ref();
    return new Promise((resolve, reject) => {
      this.#pending.set(id, { resolve, reject });
      worker.postMessage({ id, text, voice });
    });
  }

  #start(): Worker {
    const worker = new Worker(new URL('./espeak-worker.mjs', import.meta.url));
    worker.on('message', ({ id, wav, error }: ThreadReply) => {
      const asked = this.#pending.get(id);
      this.#pending.delete(id);
      if (this.#pending.size === 0) worker.unref();
      if (wav) asked?.resolve(wav);
      else asked?.reject(new Error(error ?? 'espeak-ng wrote no audio'));
    });
    // A thread that fails or exits takes its phrases with it (each is spoken as silence); the next starts another.
    const lost = (error: Error) => {
      if (this.#worker === worker) this.#worker = null;
      for (const asked of this.#pending.values()) asked.reject(error);
      this.#pending.clear();
    };
    worker.on('error', lost);
    worker.on('exit', (code) => lost(new Error(`espeak-ng's thread exited with code ${code}`)));
    return worker;
  }
}
