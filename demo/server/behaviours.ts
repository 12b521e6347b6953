// What an agent does once its call is live. The call (call.ts) owns the socket and the lifecycle; a
// behaviour only hears the caller and speaks through its channel.
import type { AgentData } from './agents.ts';
import type { Clock } from './clock.ts';
import type { Timings } from './options.ts';
import type { Synthesiser } from './synthesiser.ts';
import type { Visit } from './visits.ts';
import { TalkingAgent } from './talking-agent.ts';

export interface CallChannel {
  sendJson(message: object): void;
  sendAudio(bytes: Buffer): void;
  /** The agent ends the call (after its goodbye has had time to play). */
  hangUp(): void;
}

export interface AgentBehaviour {
  start(): void;
  /** Caller audio, 16 kHz. */
  onAudio(samples: Int16Array): void;
  onText(text: string): void;
  stop(): void;
}

export interface BehaviourContext {
  agent: AgentData;
  channel: CallChannel;
  visit: Visit;
  returningVisit: boolean;
  synth: Synthesiser;
  clock: Clock;
  timings: Timings;
  random: () => number;
  log: (message: string) => void;
}

/** Typed text is kept to this many characters. */
export const MAX_TYPED_CHARS = 1000;

export function createBehaviour(context: BehaviourContext): AgentBehaviour {
  return context.agent.behaviour === 'talk' ? new TalkingAgent(context) : new SilentAgent(context);
}

/** Goes live and never speaks; typed text is still recorded and echoed, as the service does for every agent. */
class SilentAgent implements AgentBehaviour {
  readonly #context: BehaviourContext;

  constructor(context: BehaviourContext) {
    this.#context = context;
  }

  start(): void {}
  onAudio(): void {}
  onText(text: string): void {
    const clean = cleanTyped(text);
    if (!clean) return;
    this.#context.visit.typed.push(clean);
    this.#context.channel.sendJson({ type: 'transcript', role: 'user', text: clean, final: true });
  }
  stop(): void {}
}

/** Typed text as the agent takes it: trimmed, control characters removed, length capped. */
export function cleanTyped(text: string): string {
  // eslint-disable-next-line no-control-regex
  return text.replace(/[\u0000-\u0008\u000b-\u001f\u007f]/g, '').trim().slice(0, MAX_TYPED_CHARS);
}
