import type { AccountData } from './agents.ts';

/** An account's live state: time left, calls running. */
export interface AccountState {
  readonly id: string;
  secondsLeft: number;
  /** Calls running through this simulator. */
  running: number;
  /** Calls running elsewhere (from the data). */
  readonly runningElsewhere: number;
  readonly maxCalls: number;
  readonly modelUp: boolean;
}

export function accountStates(accounts: AccountData[], defaultMaxCalls: number): Map<string, AccountState> {
  return new Map(
    accounts.map((a) => [
      a.id,
      {
        id: a.id,
        secondsLeft: a.minutes * 60,
        running: 0,
        runningElsewhere: a.runningCalls ?? 0,
        maxCalls: a.maxCalls ?? defaultMaxCalls,
        modelUp: a.modelUp ?? true,
      },
    ]),
  );
}
