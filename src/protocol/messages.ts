// The messages of the agent-call socket (spec §4.10), both directions, as they are on the wire.
// Binary frames carry audio: caller → service 16 kHz s16le mono frames, service → caller 24 kHz s16le chunks.
import type { AgentAvatar } from './avatar-values.ts';

export type Role = 'user' | 'agent';

export interface AgentInfo {
  name: string;
  avatar: AgentAvatar;
  /** The agent's language tag as the service sent it (for example `ar`, `fr`, `en`, `ar-DZ`). */
  language?: string;
}

// ── Service → caller (JSON text frames) ──

/** The call is set up: the caller starts sending audio. `maxSeconds` bounds this call (not the visit). */
export interface ReadyMessage {
  type: 'ready';
  conversationId: string;
  maxSeconds: number;
  agent: AgentInfo;
}

/** The whole turn so far (replace semantics); `final: true` closes the turn. */
export interface TranscriptMessage {
  type: 'transcript';
  role: Role;
  text: string;
  final?: boolean;
}

/** The caller spoke over the agent: stop playing what is queued. */
export interface InterruptedMessage {
  type: 'interrupted';
}

export interface ToolMessage {
  type: 'tool';
  name: string;
  status: 'running' | 'done';
  ok?: boolean;
}

/** The call is over (sent before the 1000 close). Figures are the service's. */
export interface EndedMessage {
  type: 'ended';
  reason: string;
  durationSeconds: number;
  billedSeconds: number;
  freeSeconds: number;
  conversationId: string;
}

/** Why the service is about to close (4000 during set-up, 4404 when the agent is gone). */
export interface ErrorMessage {
  type: 'error';
  code: string;
  error: string;
}

export interface PongMessage {
  type: 'pong';
}

/** Agent audio as base64 in a text frame (binary frames are the usual way). */
export interface AudioJsonMessage {
  type: 'audio';
  data: string;
}

export type ServerWireMessage =
  | ReadyMessage
  | TranscriptMessage
  | InterruptedMessage
  | ToolMessage
  | EndedMessage
  | ErrorMessage
  | PongMessage
  | AudioJsonMessage;

// ── Caller → service (JSON text frames) ──

export type ClientMessage =
  | { type: 'ping' }
  | { type: 'end' }
  /** Typed text in place of speech; the service stops the agent's current sentence. */
  | { type: 'text'; text: string }
  /** Caller audio as base64 in a text frame (binary frames are the usual way). */
  | { type: 'audio'; data: string };

/** The one way either side turns a JSON message into a text frame. */
export function encodeMessage(message: ServerWireMessage | ClientMessage): string {
  return JSON.stringify(message);
}

/** UTF-8 size of a text frame, the measure the message limit applies to. */
export function byteLength(text: string): number {
  return new TextEncoder().encode(text).byteLength;
}
