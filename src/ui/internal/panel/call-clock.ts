import type { CallState, ErrorDetail } from '../../../call/types.ts';

/** Time left at which the widget warns that the call is about to be cut. */
export const WARNING_SECONDS = 30;

export interface CallTimes {
  elapsedSeconds: number;
  /** Whole seconds until the service's limit (`maxSeconds` of `ready`), never below zero. */
  leftSeconds: number;
  /** True in the last WARNING_SECONDS of the call. */
  warning: boolean;
}

export function callTimes(startedAt: number, maxSeconds: number, now: number): CallTimes {
  const elapsedSeconds = Math.max(0, Math.floor((now - startedAt) / 1000));
  const leftSeconds = Math.max(0, Math.ceil(maxSeconds - (now - startedAt) / 1000));
  return { elapsedSeconds, leftSeconds, warning: leftSeconds <= WARNING_SECONDS };
}

/** Whole seconds still to wait before a retry (0 = now). */
export function retryWaitSeconds(failedAt: number, retryAfterSeconds: number | undefined, now: number): number {
  // Over a day is "later" (the session already says so); never a countdown of hours on end.
  if (!retryAfterSeconds || !Number.isFinite(retryAfterSeconds) || retryAfterSeconds > 86_400) return 0;
  return Math.max(0, Math.ceil(retryAfterSeconds - (now - failedAt) / 1000));
}

/** What the panel's clock counts whole seconds from (TickerController): the call's start while it is live, the
 *  retry's deadline while a countdown runs; null when no clock shows. */
export function clockOrigin(
  call: { state: CallState; liveSince: number | null; failedAt: number | null; error: ErrorDetail | null },
  now: number,
): number | null {
  const { state, liveSince, failedAt, error } = call;
  if (state === 'live') return liveSince;
  const retryAfter = error?.retryAfterSeconds;
  if (state !== 'error' || failedAt === null || retryWaitSeconds(failedAt, retryAfter, now) === 0) return null;
  return failedAt + retryAfter! * 1000;
}
