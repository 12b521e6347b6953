// The fake microphone of the end-to-end runs: a caller who waits while the agent greets, says one
// sentence (espeak-ng, the npm wasm build, so no system package is needed), then stays quiet.
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { decodeWav } from '../../demo/server/wav.ts';
import { encodeWav } from '../fixtures/wav.ts';

const dir = join(dirname(fileURLToPath(import.meta.url)), '..', '.fixtures');
export const callerWav = join(dir, 'caller-speech.wav');

const LEADING_SILENCE_S = 7;
const TRAILING_SILENCE_S = 6;

export async function ensureCallerWav(): Promise<string> {
  if (existsSync(callerWav)) return callerWav;
  mkdirSync(dir, { recursive: true });
  const { default: ESpeakNg } = await import('espeak-ng');
  const es = await ESpeakNg({ arguments: ['-v', 'fr', '-w', 'speech.wav', ' Bonjour, je voudrais connaître vos horaires.'] });
  const speech = decodeWav(es.FS.readFile('speech.wav'));
  const rate = speech.sampleRate;
  const padded = new Float32Array(Math.round(rate * (LEADING_SILENCE_S + TRAILING_SILENCE_S)) + speech.samples.length);
  padded.set(speech.samples, Math.round(rate * LEADING_SILENCE_S));
  writeFileSync(callerWav, encodeWav(padded, rate));
  return callerWav;
}
