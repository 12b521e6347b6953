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

/** One turn of the element's `transcript` (a plain, JSON-cloneable copy). */
export interface TranscriptEntry {
  /** Spec §6.3's roles: the visitor (`user`) or the agent. */
  role: Role;
  text: string;
  /** The turn is over (partial turns are replaced as they grow). */
  final: boolean;
  turnId: number;
  /** When the turn began, epoch ms. */
  at: number;
  /** The visitor typed it rather than said it. */
  typed: boolean;
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
  | 'LOAD_FAILED'
  /** The page's own settings block the call: its Content-Security-Policy does not let the widget reach the
   *  service (`connect-src`). Not the visitor's to fix: the `message` names the directive and the change. */
  | 'BLOCKED_BY_PAGE';

/** How the call's connection is doing (the anchors are in link-quality.ts and docs/widget.md). */
export type Quality = 'good' | 'fair' | 'poor' | 'lost';

export interface QualityDetail {
  quality: Quality;
  /** The latest ping's round trip (null before the first answer). */
  rttMs: number | null;
}

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
  /** The connection's quality changed (see link-quality.ts). */
  quality: QualityDetail;
  /** The browser's online/offline hint changed during a call (not re-emitted as a public event). */
  network: { online: boolean };
  /** The microphone delivered nothing for a while (suspended audio, a track that ended) and silence fills
   *  in, or it delivers again (not re-emitted as a public event). */
  uplink: { stalled: boolean };
  /** The call's microphone was let go (`on: false`: the visitor types instead; `lost`: it ended mid-call with no
   *  other device to take over, or it was refused after the call's line had opened, or when taken back,
   *  `refused` saying why) and the call goes on typed, or it is taken back (`on: true`). The element sends
   *  `voice-agent-microphone` `{on}` for it. */
  microphone: { on: boolean; lost?: boolean; refused?: ErrorCode };
  /** The microphone delivers only digital silence (`silent`), or a signal again (not re-emitted as a public event). */
  silence: { silent: boolean };
}

/** The element's `stats`: what the current or last call sent, received and dropped, the agent voice's
 *  playback (null without audio), and where the calls run (null until the call's code has loaded). */
export interface CallStats extends SessionStats {
  playback: PlaybackStatus | null;
  transport: 'worker' | 'main-thread' | null;
  /** A microphone is held (open, its track live) for the call under way. */
  microphone: boolean;
}

/** What a call sent, received and dropped (the element's `stats`, with the playback's). */
export interface SessionStats {
  droppedMessages: number;
  framesSent: number;
  framesDropped: number;
  audioBytesReceived: number;
  rttMs: number | null;
  /** How the connection is doing: `good` until it is known otherwise (see link-quality.ts). */
  quality: Quality;
}

/** A call's counters before anything happened. */
export function freshStats(): SessionStats {
  return { droppedMessages: 0, framesSent: 0, framesDropped: 0, audioBytesReceived: 0, rttMs: null, quality: 'good' };
}

/** What `diagnose()` checks, one id each (see docs/widget.md, "Checking your site"). */
export type DiagnoseCheckId =
  | 'secure-context'
  | 'microphone'
  | 'call-code'
  | 'trusted-types'
  | 'worker'
  | 'worklet'
  | 'webassembly'
  | 'audio-context'
  | 'service'
  | 'website'
  | 'socket'
  /** Only where the check's own code could not be downloaded: the one check such a report has. */
  | 'widget-code';

/** One check of `diagnose()`: `ok` is null where the check does not apply or could not be run (a browser
 *  without the API, a step an earlier failure kept from running); `fix` names the exact change (empty when
 *  there is none; on a check that passed, a change that would make the widget work better). */
export interface DiagnoseCheck {
  id: DiagnoseCheckId;
  ok: boolean | null;
  message: string;
  fix: string;
}

/** What `diagnose()` resolves to: a plain, JSON-cloneable object; `ok` is false when any check failed. */
export interface DiagnoseReport {
  ok: boolean;
  checks: DiagnoseCheck[];
}
