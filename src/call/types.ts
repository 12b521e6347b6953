// Shapes of the public contract (../shared/notes/design.md) shared by the session and the element.

/** `reconnecting`: the link dropped mid-call and a fresh ticket (with the visit token) is being taken. */
export type CallState = 'idle' | 'connecting' | 'live' | 'reconnecting' | 'ending' | 'ended' | 'error';

// From the defining modules rather than the protocol's index, so the published declarations carry only these.
export type { AgentAvatar } from '../protocol/avatar-values.ts';
export type { AgentInfo, Role } from '../protocol/messages.ts';
import type { AgentInfo, Role } from '../protocol/messages.ts';
import type { PlaybackStatus } from '../../worklets/messages.ts';

export interface StateDetail {
  state: CallState;
}

export interface ReadyDetail {
  conversationId: string;
  maxSeconds: number;
  agent: AgentInfo;
  /** The call continues one the visitor had on an earlier page of the site (additive to the contract). */
  continued?: boolean;
}

export interface TranscriptDetail {
  role: Role;
  text: string;
  final: boolean;
  /** Stable id of the turn this text belongs to (additive to the contract). */
  turnId: number;
}

export interface ToolDetail {
  name: string;
  status: 'running' | 'done';
  ok?: boolean;
}

export interface EndedDetail {
  reason: string;
  durationSeconds: number;
  /** null when the call ended without the server's `ended` message. */
  billedSeconds: number | null;
  freeSeconds: number | null;
  conversationId: string | null;
}

export type ErrorCode =
  | 'ORIGIN'
  | 'NOT_FOUND'
  | 'RATE_LIMITED'
  | 'MAINTENANCE'
  | 'QUOTA'
  | 'BUSY'
  | 'MODEL'
  | 'OWNER'
  | 'AGENT_GONE'
  | 'SERVER_ERROR'
  | 'CONNECTION_LOST'
  | 'TICKET_REJECTED'
  | 'MIC_DENIED'
  | 'MIC_UNAVAILABLE'
  | 'AUDIO_UNSUPPORTED'
  | 'TIMEOUT'
  /** The widget's own code for the call could not be downloaded (the network, a deploy that removed it). */
  | 'LOAD_FAILED';

export interface ErrorDetail {
  code: ErrorCode;
  message: string;
  retryable: boolean;
  retryAfterSeconds?: number;
  /** Set (and `retryAfterSeconds` left out) when the service asked for a wait longer than a day: the
   *  visitor is told "later", never a figure (additive to the contract). */
  retryLater?: boolean;
}

/** Detail of each session event; the element re-emits each as `voice-agent-<name>`. */
export interface SessionEventMap {
  state: StateDetail;
  ready: ReadyDetail;
  transcript: TranscriptDetail;
  interrupted: Record<string, never>;
  tool: ToolDetail;
  ended: EndedDetail;
  error: ErrorDetail;
  /** The browser's online/offline hint changed during a call (not re-emitted as a public event). */
  network: { online: boolean };
  /** The microphone delivered nothing for a while (suspended audio, a track that ended) and silence fills
   *  in, or it delivers again (not re-emitted as a public event). */
  uplink: { stalled: boolean };
  /** The microphone ended mid-call with no other device to take over: the call goes on as a typed call
   *  (not re-emitted as a public event). */
  microphone: { lost: boolean };
}

/** The element's `stats`: what the current or last call sent, received and dropped, the agent voice's
 *  playback (null without audio), and where the calls run (null until the call's code has loaded). */
export interface CallStats extends SessionStats {
  playback: PlaybackStatus | null;
  transport: 'worker' | 'main-thread' | null;
}

/** What a call sent, received and dropped (the element's `stats`, with the playback's). */
export interface SessionStats {
  droppedMessages: number;
  framesSent: number;
  framesDropped: number;
  audioBytesReceived: number;
  rttMs: number | null;
}
