// The conversation as a plain-text file (Copy, Download): one line per turn with the time since the call began
// (`0:42`), the speaker (the agent's name, or "You" in the panel's language) and the words. In Arabic each line
// starts with a right-to-left mark, so a text editor lays it out right to left whatever its first letters are.
// Pure (tested in Node).
import type { Turn } from '../../call/transcript.ts';

export interface TranscriptTextOptions {
  agentName: string;
  /** The visitor, in the panel's language. */
  you: string;
  /** The panel's language is written right to left. */
  rtl: boolean;
  /** Seconds as a running clock in the panel's language (`m:ss`, `h:mm:ss`). */
  clock: (seconds: number) => string;
  /** When the call went live (epoch ms): the clock's zero, unless a turn came before it (an earlier page's). */
  start?: number | null | undefined;
}

/** The lines of `turns`, in order, each ending with a line break. */
export function transcriptText(turns: readonly Turn[], { agentName, you, rtl, clock, start }: TranscriptTextOptions): string {
  const origin = Math.min(start ?? Infinity, ...turns.map((turn) => turn.at));
  const mark = rtl ? '\u200F' : '';
  return turns
    .filter((turn) => turn.text.trim())
    // Whatever line breaks a turn holds, it stays one line: a line is a turn.
    .map((turn) => `${mark}${clock(Math.max(0, (turn.at - origin) / 1000))} ${turn.role === 'user' ? you : agentName}: ${turn.text.replace(/\s*\n\s*/g, ' ')}\n`)
    .join('');
}

/** `conversation-2026-11-29.txt`, the day the conversation began (the visitor's: Swedish writes dates as ISO 8601). */
export function transcriptFileName(at: number): string {
  return `conversation-${new Date(at).toLocaleDateString('sv')}.txt`;
}
