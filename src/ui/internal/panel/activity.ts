import type { Turn } from '../../../call/transcript.ts';
import type { ToolDetail } from '../../../call/types.ts';

/** Who has the floor during a live call. */
export type Activity = 'listening' | 'speaking' | 'thinking';

export interface ActivityInputs {
  agentSpeaking: boolean;
  tool: ToolDetail | null;
  turns: readonly Turn[];
}

/**
 * The agent is speaking while its voice plays; it is thinking while one of its tools runs, or when the
 * caller's last turn is final and the agent has not started answering it; otherwise it is listening.
 */
export function activityOf({ agentSpeaking, tool, turns }: ActivityInputs): Activity {
  if (agentSpeaking) return 'speaking';
  if (tool) return 'thinking';
  const last = turns.at(-1);
  return last?.role === 'user' && last.final ? 'thinking' : 'listening';
}
