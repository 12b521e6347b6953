// Socket close → the error the visitor sees (spec §7.4). 1000 is not an error.
import { CloseCode, isSetupErrorCode } from '../protocol/index.ts';
import { CallError, isErrorCode } from './errors.ts';

const DEFAULT_MESSAGES: Record<string, string> = {
  QUOTA: 'The agent has no call minutes left.',
  BUSY: 'All lines are busy; try again in a minute.',
  MODEL: 'The voice model could not be reached.',
  OWNER: "The agent's account no longer exists.",
  NOT_FOUND: 'The agent no longer exists.',
};

export interface ServerErrorMessage {
  code: string;
  error: string;
}

export function closeError(code: number, reason: string, lastError: ServerErrorMessage | null): CallError {
  switch (code) {
    case CloseCode.SETUP_FAILED: {
      if (lastError && isSetupErrorCode(lastError.code) && isErrorCode(lastError.code)) {
        return new CallError(lastError.code, lastError.error || DEFAULT_MESSAGES[lastError.code]!);
      }
      return new CallError('SERVER_ERROR', `The call could not start${lastError ? ` (${lastError.code})` : ''}.`);
    }
    case CloseCode.AGENT_GONE:
      return new CallError('AGENT_GONE', 'The agent no longer exists.');
    case CloseCode.INTERNAL_ERROR:
      return new CallError('SERVER_ERROR', `The service failed while setting up the call${reason ? ` (${reason})` : ''}.`);
    default:
      return new CallError('CONNECTION_LOST', `The connection was lost (close code ${code}).`);
  }
}
