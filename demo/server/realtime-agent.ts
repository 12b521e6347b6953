// The realtime scenario: the agent follows its script (realtime.script in agents.json), streamed at exactly
// real time in 20 ms chunks with no lead (realtime-stream.ts), and never listens. It is what a network test
// needs: a sender whose every chunk is logged with the time it left (the send log, uplink-meter.ts), so that
// how far behind the sender the caller's playback runs can be measured.
import type { AgentBehaviour, BehaviourContext } from './agent-behaviour.ts';
import type { RealtimeData } from './agents.ts';
import { voicedSpan } from './agent-voice.ts';
import { int16ToBytes } from './pcm.ts';
import { CHUNK_MS, CHUNK_SAMPLES, RealtimeStream, type StreamEvent, type StreamPart } from './realtime-stream.ts';
import { AGENT_RATE } from './synthesiser.ts';
import { cleanTyped } from './typed-text.ts';
import { now } from './uplink-meter.ts';

/** Fade at an utterance's start and end, so that a phrase cut to length does not click. */
const FADE_SAMPLES = Math.round(0.005 * AGENT_RATE);

export class RealtimeAgent implements AgentBehaviour {
  readonly #c: BehaviourContext;
  #timer: ReturnType<typeof setTimeout> | undefined;
  #stopped = false;
  /** The utterance whose transcript is open, to close it if the call ends during it. */
  #open: { text: string } | undefined;

  constructor(context: BehaviourContext) {
    this.#c = context;
  }

  start(): void {
    const { agent } = this.#c;
    const script = agent.realtime;
    if (!script) return;
    this.#prepare(script)
      .then((parts) => this.#stream(new RealtimeStream(parts, script.pauses)))
      .catch((error: unknown) => this.#c.log(`realtime agent failed: ${(error as Error).message}`));
  }

  onAudio(): void {}

  onText(text: string): void {
    const clean = cleanTyped(text);
    if (!clean || this.#stopped) return;
    this.#c.rememberTyped(clean);
    this.#c.channel.sendJson({ type: 'transcript', role: 'user', text: clean, final: true });
  }

  stop(): void {
    this.#stopped = true;
    clearTimeout(this.#timer);
    // Closes the agent's turn if the socket is still open (a caller's `end`, the call's time up).
    if (this.#open) this.#c.channel.sendJson({ type: 'transcript', role: 'agent', text: this.#open.text, final: true });
    this.#open = undefined;
  }

  /** The script's voice, synthesised: each phrase trimmed to its voiced part and said over and over for its
   *  length, rounded to whole chunks. */
  async #prepare(script: RealtimeData): Promise<StreamPart[]> {
    const { synth, agent } = this.#c;
    const phrases = await Promise.all(script.script.map((step) => ('say' in step ? synth.speak(step.say, agent.language) : undefined)));
    return script.script.map((step, i): StreamPart => {
      const chunks = Math.max(1, Math.round(('say' in step ? step.seconds : step.pause) * (1000 / CHUNK_MS)));
      if (!('say' in step)) return { kind: 'pause', chunks };
      return { kind: 'voice', text: step.say, pcm: voiceOfLength(phrases[i]!, chunks * CHUNK_SAMPLES) };
    });
  }

  #stream(stream: RealtimeStream): void {
    if (this.#stopped) return;
    const startedAt = now();
    const spans = stream.voiceSpans;
    const tick = () => {
      if (this.#stopped) return;
      try {
        for (const event of stream.take(now() - startedAt)) this.#send(event, startedAt, spans);
      } catch (error) {
        this.#c.log(`realtime agent failed: ${(error as Error).message}`);
        return;
      }
      // Woken by the clock: whatever is due when it fires is worked out afresh, so lateness never adds up.
      if (!stream.done) this.#timer = setTimeout(tick, Math.max(0, Math.ceil(startedAt + stream.nextDueMs - now())));
    };
    tick();
  }

  #send(event: StreamEvent, startedAt: number, spans: { fromMs: number; toMs: number }[]): void {
    const { channel } = this.#c;
    if (event.type === 'utterance-start') {
      const span = spans[event.utterance]!;
      this.#c.markAgentSpeech(startedAt + span.fromMs, startedAt + span.toMs);
      this.#open = { text: event.text };
      channel.sendJson({ type: 'transcript', role: 'agent', text: event.text, final: false });
    } else if (event.type === 'chunk') {
      channel.sendAudio(int16ToBytes(event.pcm));
      this.#c.recordAgentChunk({ at: now(), samples: event.samples, utterance: event.utterance });
    } else {
      this.#open = undefined;
      channel.sendJson({ type: 'transcript', role: 'agent', text: event.text, final: true });
    }
  }
}

/** `phrase` without its leading and trailing silence, over and over for exactly `length` samples (continuous
 *  speech), faded in and out over 5 ms. Silence for a phrase with no voice at all. */
export function voiceOfLength(phrase: Int16Array, length: number): Int16Array {
  const out = new Int16Array(length);
  const [from, to] = voicedSpan(phrase);
  const voiced = phrase.subarray(from, to);
  if (voiced.length === 0) return out;
  for (let offset = 0; offset < length; offset += voiced.length) out.set(voiced.subarray(0, length - offset), offset);
  const fade = Math.min(FADE_SAMPLES, length >> 1);
  for (let i = 0; i < fade; i++) {
    const gain = i / fade;
    out[i] = Math.round(out[i]! * gain);
    out[length - 1 - i] = Math.round(out[length - 1 - i]! * gain);
  }
  return out;
}
