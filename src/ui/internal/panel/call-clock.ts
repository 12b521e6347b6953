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
