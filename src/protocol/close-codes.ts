// WebSocket close codes of the agent-call socket (spec §7.4) and what each means to the caller.

export const CloseCode = {
  /** The call ended normally (after `ended`, or a hang-up). */
  NORMAL: 1000,
  /** The server is going away (shutdown, deploy). Mid-call: reconnect. */
  GOING_AWAY: 1001,
  /** Never on the wire: the browser reports it when the connection dropped without a close frame. */
  ABNORMAL: 1006,
  /** The service failed (during set-up: `SERVER_ERROR`; mid-call: reconnect). */
  INTERNAL_ERROR: 1011,
  /** The service is restarting. Mid-call: reconnect. */
  SERVICE_RESTART: 1012,
  /** The service is overloaded right now. Mid-call: reconnect. */
  TRY_AGAIN_LATER: 1013,
  /** Set-up refused; the `error` message sent just before says why (QUOTA, BUSY, MODEL, OWNER, NOT_FOUND). */
  SETUP_FAILED: 4000,
  /** The agent was deleted (during the call or before it). Never retried. */
  AGENT_GONE: 4404,
} as const;

export type CloseCodeValue = (typeof CloseCode)[keyof typeof CloseCode];

/** Closes after `ready` that a caller answers by reconnecting with a fresh ticket: each says the line or the
 *  service went away for a moment, not that the call is over, and the visit token carries the conversation on. */
const RECONNECTABLE: ReadonlySet<number> = new Set([
  CloseCode.GOING_AWAY,
  CloseCode.ABNORMAL,
  CloseCode.INTERNAL_ERROR,
  CloseCode.SERVICE_RESTART,
  CloseCode.TRY_AGAIN_LATER,
]);

/** True when a mid-call close with this code is a dropped line rather than the end of the call. */
export function isReconnectable(code: number): boolean {
  return RECONNECTABLE.has(code);
}

/** The codes the service names in the `error` message before closing with 4000 (4404 for NOT_FOUND mid-call). */
export const SETUP_ERROR_CODES = ['QUOTA', 'BUSY', 'MODEL', 'OWNER', 'NOT_FOUND'] as const;
export type SetupErrorCode = (typeof SETUP_ERROR_CODES)[number];

export function isSetupErrorCode(value: unknown): value is SetupErrorCode {
  return typeof value === 'string' && (SETUP_ERROR_CODES as readonly string[]).includes(value);
}
