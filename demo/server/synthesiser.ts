// Speech for the talking agents: the npm espeak-ng build (WebAssembly, offline), resampled to the
// call's 24 kHz, cached per phrase.
import { DOWNLINK_SAMPLE_RATE } from '../../src/protocol/index.ts';
import type { Language } from './agents.ts';
import { floatToInt16 } from './pcm.ts';
import { resample } from './resample.ts';
import { decodeWav } from './wav.ts';

/** The rate agent audio goes out at (spec §4.10). */
export const AGENT_RATE = DOWNLINK_SAMPLE_RATE;

const VOICES: Record<Language, string> = { ar: 'ar', fr: 'fr', en: 'en' };
const CACHE_SIZE = 200;
/** Speech kept in the cache at most (about 11 minutes of 24 kHz audio). */
const CACHE_BYTES = 32 * 1024 * 1024;

export interface Synthesiser {
  /** The phrase spoken in `language`, 24 kHz mono. Never rejects: a failure gives silence as long as
   *  the words would take, so the call goes on. */
  speak(text: string, language: Language): Promise<Int16Array>;
}

export class ESpeakSynthesiser implements Synthesiser {
  readonly #cache = new Map<string, Promise<Int16Array>>();
  readonly #sizes = new Map<string, number>();
  #bytes = 0;
  /** espeak runs synchronously inside its instance; one at a time keeps the event loop's stalls short. */
  #queue: Promise<unknown> = Promise.resolve();
  readonly #log: (message: string) => void;
  readonly #cacheBytes: number;

  constructor(log: (message: string) => void = () => {}, { cacheBytes = CACHE_BYTES } = {}) {
    this.#log = log;
    this.#cacheBytes = cacheBytes;
  }

  speak(text: string, language: Language): Promise<Int16Array> {
    const key = `${language}\u0000${text}`;
    const cached = this.#cache.get(key);
    if (cached) {
      // refresh its place in the LRU order
      this.#cache.delete(key);
      this.#cache.set(key, cached);
      return cached;
    }
    const result = this.#queued(() => synthesise(text, language)).catch((error: unknown) => {
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

  #queued<T>(job: () => Promise<T>): Promise<T> {
    const run = this.#queue.then(job, job);
    this.#queue = run.catch(() => undefined);
    return run;
  }
}

async function synthesise(text: string, language: Language): Promise<Int16Array> {
  const { default: ESpeakNg } = await import('espeak-ng');
  const messages: string[] = [];
  // A leading "-" would read as an option; espeak ignores leading spaces.
  const spoken = ` ${text.replace(/[\r\n]+/g, ' ')}`;
  const instance = await ESpeakNg({
    arguments: ['-v', VOICES[language], '-w', 'out.wav', spoken],
    print: () => {},
    printErr: (line) => messages.push(line),
  });
  let wav: Uint8Array;
  try {
    wav = instance.FS.readFile('out.wav');
  } catch {
    throw new Error(`espeak-ng wrote no audio${messages.length ? `: ${messages.join(' ')}` : ''}`);
  }
  const sound = decodeWav(wav);
  return floatToInt16(resample(sound.samples, sound.sampleRate, AGENT_RATE));
}

function silenceFor(text: string): Int16Array {
  const words = Math.max(1, text.split(/\s+/).filter(Boolean).length);
  return new Int16Array(Math.round(AGENT_RATE * 0.35 * words));
}
