// Every failure scenario agent of the simulator, and the contract error the widget must report for it
// (scenarios.spec.ts in Chromium, webkit/errors.spec.ts in WebKit).
export const SCENARIO_ERRORS: [publicId: string, code: string, retryable: boolean][] = [
  ['draft', 'NOT_FOUND', false],
  ['allow-list', 'ORIGIN', false],
  ['maintenance', 'MAINTENANCE', true],
  ['no-minutes', 'QUOTA', false],
  ['busy', 'BUSY', true],
  ['model-down', 'MODEL', true],
  ['owner-gone', 'OWNER', false],
  ['crash', 'SERVER_ERROR', true],
  ['vanishing', 'AGENT_GONE', false],
  // `drop` cuts every call, and a widget reconnects after each cut; `unreachable` also refuses the
  // visit's reconnection tickets at the network level, so the widget gives up.
  ['unreachable', 'CONNECTION_LOST', true],
];

/** The BUSY scenario asks the caller to wait this long. */
export const BUSY_RETRY_AFTER_SECONDS = 60;

/** How long a scenario may take to reach its error: `drop` cuts every call 4 s after `ready`, and the widget
 *  reconnects (one outage) until its 20 s give-up budget runs out. */
export function scenarioErrorTimeoutMs(publicId: string): number {
  return publicId === 'drop' ? 4_000 + 20_000 + 6_000 : 20_000;
}
