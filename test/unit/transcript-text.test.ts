// The conversation as a text file (src/ui/internal/transcript-text.ts): a line per turn with the time since the call
// began, the speaker and the words; an Arabic file keeps its direction with a right-to-left mark at each line.
import { describe, expect, it } from 'vitest';
import type { Turn } from '../../src/call/transcript.ts';
import { Formatter } from '../../src/ui/i18n/format.ts';
import { transcriptFileName, transcriptText } from '../../src/ui/internal/transcript-text.ts';

const START = Date.UTC(2026, 10, 29, 13, 3, 0);
const turn = (id: number, role: Turn['role'], text: string, seconds: number): Turn => ({ id, role, text, final: true, at: START + seconds * 1000 });
const en = new Formatter('en');

describe('the conversation as text', () => {
  it('gives each turn its time since the call went live, its speaker and its words', () => {
    const turns = [turn(1, 'agent', 'Hello, how can I help?', 1.2), turn(2, 'user', 'What time do you open?', 42), turn(3, 'agent', 'At nine.', 3725)];
    expect(transcriptText(turns, { agentName: 'Amina', you: 'You', rtl: false, clock: (s) => en.clock(s), start: START })).toBe(
      '0:01 Amina: Hello, how can I help?\n0:42 You: What time do you open?\n1:02:05 Amina: At nine.\n',
    );
  });

  it('counts from the earliest turn when it came before the call went live (a call continued from an earlier page)', () => {
    const turns = [turn(-1, 'user', 'Earlier question', -60), turn(1, 'agent', 'Welcome back.', 2)];
    expect(transcriptText(turns, { agentName: 'Amina', you: 'You', rtl: false, clock: (s) => en.clock(s), start: START })).toBe(
      '0:00 You: Earlier question\n1:02 Amina: Welcome back.\n',
    );
  });

  it('keeps a turn on one line, and leaves out turns with no words', () => {
    const turns = [turn(1, 'user', 'first line\n  second line', 5), turn(2, 'agent', '   ', 6)];
    expect(transcriptText(turns, { agentName: 'A', you: 'Vous', rtl: false, clock: (s) => en.clock(s) })).toBe('0:00 Vous: first line second line\n');
  });

  it('starts every Arabic line with a right-to-left mark, Latin digits in the clock', () => {
    const ar = new Formatter('ar-u-nu-latn');
    const turns = [turn(1, 'agent', 'مرحبا', 3), turn(2, 'user', 'OK, merci', 75)];
    const text = transcriptText(turns, { agentName: 'أمينة', you: 'أنت', rtl: true, clock: (s) => ar.clock(s), start: START });
    const lines = text.split('\n').filter(Boolean);
    expect(lines).toEqual(['\u200F0:03 أمينة: مرحبا', '\u200F1:15 أنت: OK, merci']);
  });

  it('names the file after when the conversation began', () => {
    expect(transcriptFileName(new Date(2026, 0, 5, 23, 59).getTime())).toBe('conversation-2026-01-05.txt');
  });
});
