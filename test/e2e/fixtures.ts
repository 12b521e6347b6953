// The fake microphone of the end-to-end runs: a caller who waits while the agent greets, says one
// sentence (espeak-ng, the npm wasm build, so no system package is needed), then stays quiet.
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { decodeWav } from '../../demo/server/wav.ts';
import { encodeWav } from '../fixtures/wav.ts';

const dir = join(dirname(fileURLToPath(import.meta.url)), '..', '.fixtures');
export const callerWav = join(dir, 'caller-speech.wav');
/** The browser bench's caller speaks sooner, while the agent's greeting plays, so it interrupts it. */
export const benchCallerWav = join(dir, 'bench-caller-speech.wav');

const LEADING_SILENCE_S = 7;
const TRAILING_SILENCE_S = 6;

export async function ensureCallerWav(): Promise<string> {
  return ensureSpeechWav(callerWav, LEADING_SILENCE_S, TRAILING_SILENCE_S);
}

/** The caller's sentence between `leading` and `trailing` seconds of silence, written to `path` once. */
export async function ensureSpeechWav(path: string, leading: number, trailing: number): Promise<string> {
  if (existsSync(path)) return path;
  mkdirSync(dirname(path), { recursive: true });
  const { default: ESpeakNg } = await import('espeak-ng');
  const es = await ESpeakNg({ arguments: ['-v', 'fr', '-w', 'speech.wav', ' Bonjour, je voudrais connaître vos horaires.'] });
  const speech = decodeWav(es.FS.readFile('speech.wav'));
  const rate = speech.sampleRate;
  const padded = new Float32Array(Math.round(rate * (leading + trailing)) + speech.samples.length);
  padded.set(speech.samples, Math.round(rate * leading));
  writeFileSync(path, encodeWav(padded, rate));
  return path;
}
