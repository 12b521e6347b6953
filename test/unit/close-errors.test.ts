// The close code → error table (spec §7.4) on its own: each row, what its brackets hold, and the 4000 case
// that reads the service's `error` message sent just before the close.
import { describe, expect, it } from 'vitest';
import { closeError, type ServerErrorMessage } from '../../src/call/close-errors.ts';

type Row = [close: number, reason: string, lastError: ServerErrorMessage | null, code: string, message: string];

describe('closeError', () => {
  it.each<Row>([
    [4000, '', { code: 'QUOTA', error: 'said by the service' }, 'QUOTA', 'said by the service'],
    [4000, '', { code: 'QUOTA', error: '' }, 'QUOTA', 'The agent has no call minutes left.'],
    [4000, '', { code: 'BUSY', error: '' }, 'BUSY', 'All lines are busy; try again in a minute.'],
    [4000, '', { code: 'MODEL', error: '' }, 'MODEL', 'The voice model could not be reached.'],
    [4000, '', { code: 'OWNER', error: '' }, 'OWNER', "The agent's account no longer exists."],
    [4000, '', { code: 'NOT_FOUND', error: '' }, 'NOT_FOUND', 'The agent no longer exists.'],
    [4000, 'a reason', { code: 'WHATEVER', error: 'unknown to the widget' }, 'SERVER_ERROR', 'The call could not start (WHATEVER).'],
    [4000, 'a reason', { code: 'ORIGIN', error: 'not a set-up refusal' }, 'SERVER_ERROR', 'The call could not start (ORIGIN).'],
    [4000, '', null, 'SERVER_ERROR', 'The call could not start.'],
    [4404, 'gone', { code: 'BUSY', error: 'ignored' }, 'AGENT_GONE', 'The agent no longer exists.'],
    [4404, '', null, 'AGENT_GONE', 'The agent no longer exists.'],
    [1011, 'boom', null, 'SERVER_ERROR', 'The service failed while setting up the call (boom).'],
    [1011, '', { code: 'BUSY', error: 'ignored' }, 'SERVER_ERROR', 'The service failed while setting up the call.'],
    [1006, '', null, 'CONNECTION_LOST', 'The connection was lost (close code 1006).'],
    [1008, 'policy', { code: 'QUOTA', error: 'ignored' }, 'CONNECTION_LOST', 'The connection was lost (close code 1008).'],
    [1001, '', null, 'CONNECTION_LOST', 'The connection was lost (close code 1001).'],
  ])('close %i (reason %j, `error` %j) → %s: %s', (close, reason, lastError, code, message) => {
    const error = closeError(close, reason, lastError);
    expect(error.code).toBe(code);
    expect(error.message).toBe(message);
  });

  it('gives each error the retry figures of its code', () => {
    expect(closeError(4000, '', { code: 'BUSY', error: '' }).toDetail()).toEqual({
      code: 'BUSY', message: 'All lines are busy; try again in a minute.', retryable: true, retryAfterSeconds: 60,
    });
    expect(closeError(4404, '', null).toDetail()).toEqual({ code: 'AGENT_GONE', message: 'The agent no longer exists.', retryable: false });
  });
});
