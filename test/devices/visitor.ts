// The visitor's voice: one spoken sentence (espeak-ng, about 2 s, −23 dBFS: as loud as the agent's voice),
// played into the loop with paplay while the agent talks.
import { join } from 'node:path';
import { ensureSpeechWav } from '../e2e/fixtures.ts';

export const visitorWav = join(import.meta.dirname, '..', '.fixtures', 'visitor-speech.wav');
/** Where the sentence is voiced in the file, in ms (measured from the file: voiced from 0 to 2.0 s). */
export const VISITOR_VOICED_MS = { from: 0, to: 2_000 };

export function ensureVisitorWav(): Promise<string> {
  return ensureSpeechWav(visitorWav, 0, 0);
}
