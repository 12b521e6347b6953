// The fake microphone of the end-to-end runs: a caller who waits while the agent greets, says one
// sentence (espeak-ng, the npm wasm build, so no system package is needed), then stays quiet.
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const dir = join(dirname(fileURLToPath(import.meta.url)), '..', '.fixtures');
export const callerWav = join(dir, 'caller-speech.wav');

const LEADING_SILENCE_S = 7;
const TRAILING_SILENCE_S = 6;

export async function ensureCallerWav(): Promise<string> {
  if (existsSync(callerWav)) return callerWav;
  mkdirSync(dir, { recursive: true });
  const { default: ESpeakNg } = await import('espeak-ng');
  const es = await ESpeakNg({ arguments: ['-v', 'fr', '-w', 'speech.wav', ' Bonjour, je voudrais connaître vos horaires.'] });
  const speech: Uint8Array = es.FS.readFile('speech.wav');
  writeFileSync(callerWav, padWithSilence(speech));
  return callerWav;
}

/** The same 16-bit mono WAV with silence before and after its samples. */
function padWithSilence(wav: Uint8Array): Uint8Array {
  const view = new DataView(wav.buffer, wav.byteOffset, wav.byteLength);
  const rate = view.getUint32(24, true);
  let offset = 12;
  while (offset + 8 <= wav.length) {
    const id = String.fromCharCode(...wav.subarray(offset, offset + 4));
    const size = view.getUint32(offset + 4, true);
    if (id === 'data') break;
    offset += 8 + size + (size % 2);
  }
  const samples = wav.subarray(offset + 8, offset + 8 + view.getUint32(offset + 4, true));
  const before = rate * LEADING_SILENCE_S * 2;
  const after = rate * TRAILING_SILENCE_S * 2;
  const out = new Uint8Array(44 + before + samples.length + after);
  out.set(wav.subarray(0, 36), 0);
  const outView = new DataView(out.buffer);
  outView.setUint32(4, out.length - 8, true);
  out.set([0x64, 0x61, 0x74, 0x61], 36);
  outView.setUint32(40, before + samples.length + after, true);
  out.set(samples, 44 + before);
  return out;
}
