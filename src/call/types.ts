// Shapes of the public contract (../shared/notes/design.md) shared by the session and the element.

export type CallState = 'idle' | 'connecting' | 'live' | 'ending' | 'ended' | 'error';

export interface AgentAvatar {
  /** CSS colour the gradient starts from (already checked to be a valid colour), if any. */
  from?: string;
  to?: string;
  /** http(s) URL of the avatar image, if any. */
  url?: string;
}

export interface AgentInfo {
  name: string;
  avatar: AgentAvatar;
  /** The agent's language tag as the service sent it (for example `ar`, `fr`, `en`, `ar-DZ`). */
  language?: string;
}

export interface ReadyDetail {
  conversationId: string;
  maxSeconds: number;
  agent: AgentInfo;
}

export type Role = 'user' | 'agent';

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
  | 'TIMEOUT';

export interface ErrorDetail {
  code: ErrorCode;
  message: string;
  retryable: boolean;
  retryAfterSeconds?: number;
}

/** Detail of each session event; the element re-emits each as `voice-agent-<name>`. */
export interface SessionEventMap {
  state: { state: CallState };
  ready: ReadyDetail;
  transcript: TranscriptDetail;
  interrupted: Record<string, never>;
  tool: ToolDetail;
  ended: EndedDetail;
  error: ErrorDetail;
}
