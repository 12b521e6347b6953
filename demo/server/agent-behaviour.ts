// What an agent does once its call is live. The call (call.ts) owns the socket and the lifecycle; a
// behaviour only hears the caller and speaks through its channel.
import type { ServerWireMessage } from '../../src/protocol/index.ts';
import type { AgentData } from './agents.ts';
import type { Clock } from './clock.ts';
import type { Timings } from './options.ts';
import type { Synthesiser } from './synthesiser.ts';
import type { AgentChunk } from './uplink-meter.ts';
import type { Visit } from './visits.ts';

export interface CallChannel {
  sendJson(message: ServerWireMessage): void;
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
  /** The visit so far (read-only here: what was typed in its earlier calls). */
  visit: Visit;
  /** Adds typed text to the visit's memory, within the simulator's bounds. */
  rememberTyped(text: string): void;
  returningVisit: boolean;
  synth: Synthesiser;
  clock: Clock;
  timings: Timings;
  random: () => number;
  log: (message: string) => void;
  /** The agent's speech plays at the caller from `from` to `to` (ms since the epoch; see uplink-meter.ts). */
  markAgentSpeech(from: number, to: number): void;
  /** A chunk of the agent's audio has just been sent (the agents that keep a send log: the realtime agent). */
  recordAgentChunk(chunk: AgentChunk): void;
}
