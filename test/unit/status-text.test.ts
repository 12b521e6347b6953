// The panel's words for the call (src/ui/internal/panel/status-text.ts): the line under the agent's name and
// what the status live region says, as pure functions of the call.
import { describe, expect, it } from 'vitest';
import { formatterFor } from '../../src/ui/i18n/format.ts';
import { announcement, statusLine, type StatusInputs } from '../../src/ui/internal/panel/status-text.ts';
import { CATALOGUES } from '../catalogues.ts';

const t = CATALOGUES.en;
const plain = (text: string) => text.replace(/[\u2068\u2069]/g, '');
const ready = { conversationId: 'c-1', maxSeconds: 300, agent: { name: 'Amina', avatar: {} } };

function inputs(overrides: Partial<StatusInputs> = {}): StatusInputs {
  return {
    state: 'live', t, format: formatterFor('en'), agentName: 'Amina', muted: false, activity: 'listening',
    ready, liveSince: 0, ended: null, error: null, errorText: null, now: 10_000, ...overrides,
  };
}

describe('the status line', () => {
  it('says who has the floor while live, and that the microphone is muted', () => {
    expect(statusLine(inputs())).toBe('Listening');
    expect(statusLine(inputs({ muted: true }))).toBe('Microphone muted');
    expect(plain(statusLine(inputs({ activity: 'speaking' })))).toBe('Amina is speaking');
    expect(plain(statusLine(inputs({ activity: 'thinking', muted: true })))).toBe('Amina is thinking… · Microphone muted');
  });

  it('shortens a long name (the heading has it whole), and says the state otherwise', () => {
    const long = 'Assistante virtuelle du service client de la boutique';
    expect(plain(statusLine(inputs({ activity: 'speaking', agentName: long })))).toBe('Assistante virtuelle… is speaking');
    expect(statusLine(inputs({ state: 'reconnecting' }))).toBe(t.status.reconnecting);
    expect(statusLine(inputs({ state: 'error' }))).toBe(t.status.error);
  });
});

describe('the announcement', () => {
  it('is silent before a call, says who answers, and warns in the last 30 seconds', () => {
    expect(announcement(inputs({ state: 'idle' }))).toBe('');
    expect(plain(announcement(inputs()))).toBe('Live with Amina');
    expect(plain(announcement(inputs({ now: 271_000 })))).toBe(`Live with Amina. ${t.timeWarning(formatterFor('en').duration(30))}`);
  });

  it('gives the end reason when there is one, else "Call ended"', () => {
    const ended = { reason: 'max_duration', durationSeconds: 300, billedSeconds: 300, freeSeconds: 0, conversationId: 'c-1' };
    expect(announcement(inputs({ state: 'ended', ended }))).toBe(t.endReasons.max_duration);
    expect(announcement(inputs({ state: 'ended', ended: { ...ended, reason: 'a-reason-from-the-future' } }))).toBe(t.status.ended);
  });

  it('reads an error once with the wait the service asked for', () => {
    const error = { code: 'RATE_LIMITED' as const, message: 'raw', retryable: true, retryAfterSeconds: 90 };
    const errorText = t.errors.RATE_LIMITED;
    const said = announcement(inputs({ state: 'error', error, errorText, now: 50_000 }));
    expect(said).toBe(`${errorText.title}. ${errorText.body} ${t.retryIn(formatterFor('en').duration(90))}.`);
    expect(announcement(inputs({ state: 'error', error: { ...error, retryable: false }, errorText }))).toBe(`${errorText.title}. ${errorText.body}`);
  });
});
