import type { ErrorCode, ErrorDetail } from './types.ts';

const RETRYABLE: Record<ErrorCode, boolean> = {
  ORIGIN: false,
  NOT_FOUND: false,
  RATE_LIMITED: true,
  MAINTENANCE: true,
  QUOTA: false,
  BUSY: true,
  MODEL: true,
  OWNER: false,
  AGENT_GONE: false,
  SERVER_ERROR: true,
  CONNECTION_LOST: true,
  TICKET_REJECTED: true,
  MIC_DENIED: true,
  MIC_UNAVAILABLE: true,
  AUDIO_UNSUPPORTED: false,
  TIMEOUT: true,
  LOAD_FAILED: true,
  BLOCKED_BY_PAGE: false,
};

/** Seconds to wait before retrying when the service gives no figure of its own. */
const DEFAULT_RETRY_AFTER: Partial<Record<ErrorCode, number>> = { BUSY: 60 };

export const ERROR_CODES = /* @__PURE__ */ Object.keys(RETRYABLE) as ErrorCode[];

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && Object.hasOwn(RETRYABLE, value);
}

/** Every failure the session reports; `toDetail()` is what `voice-agent-error` carries. */
export class CallError extends Error {
  readonly code: ErrorCode;
  readonly retryable: boolean;
  readonly retryAfterSeconds: number | undefined;
  /** The service asked for a wait longer than a day: "later", with no figure shown anywhere. */
  readonly retryLater: boolean;

  /** `retryAfter`: seconds the service asked to wait, or 'later' for a wait too long to count down. */
  constructor(code: ErrorCode, message: string, retryAfter?: number | 'later') {
    super(message);
    this.name = 'CallError';
    this.code = code;
    this.retryable = RETRYABLE[code];
    this.retryLater = retryAfter === 'later';
    this.retryAfterSeconds = retryAfter === 'later' ? undefined : (retryAfter ?? DEFAULT_RETRY_AFTER[code]);
  }

  toDetail(): ErrorDetail {
    const detail: ErrorDetail = { code: this.code, message: this.message, retryable: this.retryable };
    if (this.retryAfterSeconds !== undefined) detail.retryAfterSeconds = this.retryAfterSeconds;
    if (this.retryLater) detail.retryLater = true;
    return detail;
  }
}

/** The CallError an ErrorDetail describes (one that crossed from a worker). */
export function callErrorOf(detail: ErrorDetail): CallError {
  return new CallError(detail.code, detail.message, detail.retryLater ? 'later' : detail.retryAfterSeconds);
}

/** An error's name and message for a human-readable line, whatever was thrown. */
export function describeError(error: unknown): string {
  if (typeof error === 'object' && error !== null) {
    const { name, message } = error as { name?: unknown; message?: unknown };
    if (typeof message === 'string' && message) return typeof name === 'string' ? `${name}: ${message}` : message;
  }
  return String(error);
}

/** `error` itself when it is a CallError, else a CallError of `code` describing it. */
export function toCallError(error: unknown, code: ErrorCode): CallError {
  return error instanceof CallError ? error : new CallError(code, describeError(error));
}
