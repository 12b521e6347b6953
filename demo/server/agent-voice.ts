// Sends one agent utterance the way the service does: binary 24 kHz chunks of varying length, faster
// than real time, and a transcript that grows word by word in step with what the caller has had time to
// hear. "Heard" is real-time accounting: audio sent, capped by the time elapsed since the first chunk
// (times the assumed playback speed, 1 outside tests).
import type { ServerWireMessage } from '../../src/protocol/index.ts';
import { int16ToBytes } from './pcm.ts';
import { AGENT_RATE } from './synthesiser.ts';

export interface TimedWord {
  text: string;
  /** Sample of the utterance at which the word starts. */
  atSample: number;
}

export interface Utterance {
  pcm: Int16Array;
  words: TimedWord[];
}

export interface VoiceOutput {
  sendJson(message: ServerWireMessage): void;
  sendAudio(bytes: Buffer): void;
}

export interface VoicePacing {
  audioPace: number;
  playbackSpeed: number;
  minChunkMs: number;
  maxChunkMs: number;
  random: () => number;
}

export type SpeechOutcome = 'played' | 'cut';

interface Speaking {
  utterance: Utterance;
  startedAt: number;
  sent: number;
  /** Elapsed time (ms) at which the next chunk is due. */
  nextSendAt: number;
  shownWords: number;
  timer: ReturnType<typeof setTimeout> | undefined;
  resolve: (outcome: SpeechOutcome) => void;
}

const SAMPLES_PER_MS = AGENT_RATE / 1000;

export class AgentVoice {
  readonly #out: VoiceOutput;
  readonly #pacing: VoicePacing;
  #current: Speaking | undefined;

  constructor(out: VoiceOutput, pacing: VoicePacing) {
    this.#out = out;
    this.#pacing = pacing;
  }

  /** True while the caller is still hearing (by the accounting above) the current utterance. */
  get speaking(): boolean {
    return this.#current !== undefined;
  }

  /** Speaks `utterance`, cutting any current one first. Resolves once the caller has had time to hear
   *  all of it ('played') or when it is cut. */
  speak(utterance: Utterance): Promise<SpeechOutcome> {
    this.cut();
    return new Promise((resolve) => {
      this.#current = {
        utterance,
        startedAt: performance.now(),
        sent: 0,
        nextSendAt: 0,
        shownWords: 0,
        timer: undefined,
        resolve,
      };
      this.#tick();
    });
  }

  /** Stops the current utterance: no more chunks, and its transcript is finalised with the words the
   *  caller has had time to hear. Returns whether anything was being spoken. */
  cut(): boolean {
    const current = this.#current;
    if (!current) return false;
    const words = current.utterance.words.slice(0, current.shownWords);
    this.#finish(current, words, 'cut');
    return true;
  }

  /** Stops without a word: the call is over. */
  dispose(): void {
    const current = this.#current;
    if (!current) return;
    clearTimeout(current.timer);
    this.#current = undefined;
    current.resolve('cut');
  }

  #tick = (): void => {
    try {
      this.#step();
    } catch {
      // a closed socket or a bug: stop this utterance rather than the process
      this.dispose();
    }
  };

  #step(): void {
    const s = this.#current;
    if (!s) return;
    const { pcm, words } = s.utterance;
    const elapsed = performance.now() - s.startedAt;
    const speed = this.#pacing.playbackSpeed;
    while (s.sent < pcm.length && elapsed >= s.nextSendAt) {
      const length = Math.min(pcm.length - s.sent, this.#chunkSamples());
      this.#out.sendAudio(int16ToBytes(pcm, s.sent, s.sent + length));
      s.sent += length;
      s.nextSendAt += length / SAMPLES_PER_MS / this.#pacing.audioPace;
    }
    const heard = Math.min(s.sent, elapsed * SAMPLES_PER_MS * speed);
    if (heard >= pcm.length) {
      this.#finish(s, words, 'played');
      return;
    }
    let shown = s.shownWords;
    while (shown < words.length && words[shown]!.atSample <= heard) shown++;
    if (shown > s.shownWords) {
      s.shownWords = shown;
      this.#out.sendJson({ type: 'transcript', role: 'agent', text: joinWords(words, shown), final: false });
    }
    const msAt = (sample: number) => sample / SAMPLES_PER_MS / speed;
    const nextWordAt = shown < words.length ? msAt(words[shown]!.atSample) : Infinity;
    const nextSend = s.sent < pcm.length ? s.nextSendAt : Infinity;
    const wakeAt = Math.min(nextSend, nextWordAt, msAt(pcm.length));
    s.timer = setTimeout(this.#tick, Math.max(1, wakeAt - elapsed));
  }

  #finish(s: Speaking, words: TimedWord[], outcome: SpeechOutcome): void {
    clearTimeout(s.timer);
    this.#current = undefined;
    this.#out.sendJson({ type: 'transcript', role: 'agent', text: joinWords(words, words.length), final: true });
    s.resolve(outcome);
  }

  #chunkSamples(): number {
    const { minChunkMs, maxChunkMs, random } = this.#pacing;
    const ms = minChunkMs + random() * (maxChunkMs - minChunkMs);
    return Math.max(1, Math.round(ms * SAMPLES_PER_MS));
  }
}

function joinWords(words: TimedWord[], count: number): string {
  return words
    .slice(0, count)
    .map((w) => w.text)
    .join(' ');
}

export interface Segment {
  pcm: Int16Array;
  /** What the segment says; its words are spread over the segment's voiced part. */
  text: string;
}

/** Joins segments into one utterance with word timings estimated from character counts (espeak gives
 *  no word boundaries). The first word starts at sample 0 so the turn shows up as soon as it starts. */
export function composeUtterance(segments: Segment[]): Utterance {
  const total = segments.reduce((n, s) => n + s.pcm.length, 0);
  const pcm = new Int16Array(total);
  const words: TimedWord[] = [];
  let offset = 0;
  for (const segment of segments) {
    pcm.set(segment.pcm, offset);
    const parts = segment.text.split(/\s+/).filter(Boolean);
    const [voicedStart, voicedEnd] = voicedSpan(segment.pcm);
    const weights = parts.map((w) => w.length + 1);
    const sum = weights.reduce((a, b) => a + b, 0);
    let before = 0;
    for (let i = 0; i < parts.length; i++) {
      const at = voicedStart + Math.floor(((voicedEnd - voicedStart) * before) / sum);
      words.push({ text: parts[i]!, atSample: offset + at });
      before += weights[i]!;
    }
    offset += segment.pcm.length;
  }
  if (words[0]) words[0].atSample = 0;
  return { pcm, words };
}

/** First and last sample louder than −40 dBFS (the whole span when nothing is). */
export function voicedSpan(pcm: Int16Array): [number, number] {
  const threshold = 328;
  let first = 0;
  while (first < pcm.length && Math.abs(pcm[first]!) < threshold) first++;
  let last = pcm.length;
  while (last > first && Math.abs(pcm[last - 1]!) < threshold) last--;
  return first < last ? [first, last] : [0, pcm.length];
}
