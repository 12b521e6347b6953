// The echo measurement shared by the echo and chosen-output tests: the monologue agent (agents.json: 12 s of
// speech at real time, 200 ms ahead) plays into the loop, and the level of what reaches the service over 8 s
// of its speech is its echo.
import type { Page } from '@playwright/test';
import type { Widget } from '../e2e/widget-page.ts';
import { agentSpeech, secondBySecond, soundServerUnderruns, startCall, uplinkLevel, widget, type CallOptions, type Lane } from './lane.ts';

/** Measured from 0.5 s into the agent's speech (the loop's latency and the canceller's first moments) to 8.5 s. */
export const ECHO_WINDOW = { from: 500, to: 8_500 };
/** The threshold: with processing on, the echo is at least this far below its level with it off. */
export const MIN_ECHO_REDUCTION_DB = 20;
/** With processing off the loop returns the agent's voice at about −21 dBFS; below this it carried no sound,
 *  and a reduction measured against it would mean nothing. */
export const LOOP_CARRIES_DBFS = -35;

export interface EchoMeasure {
  conversationId: string;
  speech: { from: number; to: number };
  /** dBFS at the service over ECHO_WINDOW. */
  echo: number;
  /** The same, second by second (where a canceller let the echo through), the widget's playback underruns and
   *  the browser's output underruns at the sound server. */
  perSecond: string;
}

/** Starts a call with the monologue agent and measures its echo; the call is left live. */
export async function measureEcho(page: Page, lane: Lane, options: Omit<CallOptions, 'publicId'>): Promise<EchoMeasure> {
  const conversationId = await startCall(page, lane, { publicId: 'monologue', ...options });
  const speech = await agentSpeech(lane, conversationId);
  const [from, to] = [speech.from + ECHO_WINDOW.from, speech.from + ECHO_WINDOW.to];
  const echo = await uplinkLevel(page, lane, conversationId, from, to);
  const seconds = secondBySecond(lane, conversationId, from, to);
  const underruns = await widget(page).evaluate((element: Widget) => element.stats.playback?.underruns);
  const atServer = soundServerUnderruns(from, to);
  return { conversationId, speech, echo, perSecond: `${seconds}, ${underruns} playback underruns, ${atServer}` };
}
