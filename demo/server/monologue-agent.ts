// The monologue scenario: the agent says its greeting over and over for a fixed time, sent at real time a
// little ahead of playback (not 3× ahead, so the service knows when the caller hears it), and never listens:
// what comes back up the microphone does not interrupt it. The real-devices tests play it into an acoustic
// loop and measure the echo at the service (uplink-meter.ts).
import type { AgentBehaviour, BehaviourContext } from './agent-behaviour.ts';
import { int16ToBytes } from './pcm.ts';
import { PHRASES } from './phrases.ts';
import { AGENT_RATE } from './synthesiser.ts';
import { cleanTyped } from './typed-text.ts';
import { now } from './uplink-meter.ts';

const TICK_MS = 20;
const SAMPLES_PER_MS = AGENT_RATE / 1000;

export class MonologueAgent implements AgentBehaviour {
  readonly #c: BehaviourContext;
  #timer: ReturnType<typeof setInterval> | undefined;
  #stopped = false;

  constructor(context: BehaviourContext) {
    this.#c = context;
  }

  start(): void {
    const { agent, synth } = this.#c;
    const text = agent.greeting ?? PHRASES[agent.language].greeting(agent.name);
    synth
      .speak(text, agent.language)
      .then((phrase) => this.#speak(text, phrase))
      .catch((error: unknown) => this.#c.log(`monologue failed: ${(error as Error).message}`));
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
    clearInterval(this.#timer);
  }

  #speak(text: string, phrase: Int16Array): void {
    if (this.#stopped || phrase.length === 0) return;
    const { seconds, leadMs } = this.#c.agent.monologue ?? { seconds: 10, leadMs: 200 };
    const pcm = repeatedFor(phrase, Math.round(seconds * AGENT_RATE));
    const { channel } = this.#c;
    const startedAt = now();
    this.#c.markAgentSpeech(startedAt, startedAt + seconds * 1000);
    channel.sendJson({ type: 'transcript', role: 'agent', text, final: false });
    let sent = 0;
    const send = () => {
      const due = Math.min(pcm.length, Math.round((now() - startedAt + leadMs) * SAMPLES_PER_MS));
      if (due > sent) channel.sendAudio(int16ToBytes(pcm, sent, due));
      sent = Math.max(sent, due);
      if (now() - startedAt >= seconds * 1000) {
        clearInterval(this.#timer);
        channel.sendJson({ type: 'transcript', role: 'agent', text, final: true });
      }
    };
    send();
    this.#timer = setInterval(send, TICK_MS);
  }
}

/** `phrase` over and over, cut to `length` samples. */
function repeatedFor(phrase: Int16Array, length: number): Int16Array {
  const out = new Int16Array(length);
  for (let offset = 0; offset < length; offset += phrase.length) out.set(phrase.subarray(0, length - offset), offset);
  return out;
}
