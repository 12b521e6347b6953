// What the visitor is told when the service closes the call's socket (spec §7.4): one row per close code, the
// error code and the default message, and what goes in brackets after it. 1000 is not an error, and the
// session decides which closes are a dropped line to reconnect (protocol/close-codes.ts has the wire codes).
import { CloseCode, isSetupErrorCode, type SetupErrorCode } from '../protocol/index.ts';
import { CallError } from './errors.ts';
import type { ErrorCode } from './types.ts';

/** The `error` message the service sent on this socket before closing it. */
export interface ServerErrorMessage {
  code: string;
  error: string;
}

/** What goes in brackets after a message: the close's reason, the code the service's `error` message named, or
 *  the close code. */
type Aside = 'reason' | 'service code' | 'close code';

/** Close code → the error code, its message (without the full stop) and what goes in brackets after it. */
const CLOSE_ERRORS: Readonly<Record<number, readonly [ErrorCode, string, Aside?]>> = {
  [CloseCode.SETUP_FAILED]: ['SERVER_ERROR', 'The call could not start', 'service code'],
  [CloseCode.AGENT_GONE]: ['AGENT_GONE', 'The agent no longer exists'],
  [CloseCode.INTERNAL_ERROR]: ['SERVER_ERROR', 'The service failed while setting up the call', 'reason'],
};

/** Any other close code. */
const OTHER_CLOSE = ['CONNECTION_LOST', 'The connection was lost', 'close code'] as const;

/** The message of a set-up refusal whose `error` message says nothing. */
const SETUP_ERROR_MESSAGES: Readonly<Record<SetupErrorCode, string>> = {
  QUOTA: 'The agent has no call minutes left.',
  BUSY: 'All lines are busy; try again in a minute.',
  MODEL: 'The voice model could not be reached.',
  OWNER: "The agent's account no longer exists.",
  NOT_FOUND: 'The agent no longer exists.',
};

/** The error a close of the call's socket ends the call with; `lastError` is the socket's `error` message, which
 *  names the error of a 4000 when its code is one of the set-up refusals. */
export function closeError(code: number, reason: string, lastError: ServerErrorMessage | null): CallError {
  if (code === CloseCode.SETUP_FAILED && lastError && isSetupErrorCode(lastError.code)) {
    return new CallError(lastError.code, lastError.error || SETUP_ERROR_MESSAGES[lastError.code]);
  }
  const [errorCode, message, aside] = CLOSE_ERRORS[code] ?? OTHER_CLOSE;
  const said = aside === 'reason' ? reason : aside === 'service code' ? lastError?.code : aside && `close code ${code}`;
  return new CallError(errorCode, said ? `${message} (${said}).` : `${message}.`);
}
