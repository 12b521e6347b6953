// What the panel says of the call in words: the visible line under the agent's name and what the status live
// region announces. Pure functions of the call as the panel sees it (tested in Node).
import type { CallState, EndedDetail, ErrorDetail, ReadyDetail } from '../../../call/types.ts';
import type { Catalogue, ErrorText } from '../../i18n/catalogue.ts';
import { type Formatter, isolate, shortened } from '../../i18n/format.ts';
import type { Activity } from './activity.ts';
import { callTimes, retryWaitSeconds, WARNING_SECONDS } from './call-clock.ts';
import { endReasonText } from './ended-panel.ts';
import { errorText, retryAction } from './error-panel.ts';

/** The agent's name in the line under the heading: two lines at 320 px with what the agent is doing. */
export const STATUS_NAME_CHARS = 24;

export interface StatusInputs {
  state: CallState;
  t: Catalogue;
  format: Formatter;
  agentName: string;
  muted: boolean;
  /** The call goes on without a microphone (typed). */
  typed?: boolean;
  /** Who has the floor (read only while live). */
  activity: Activity;
  ready: ReadyDetail | null;
  /** When the call went live (the wall clock), or null. */
  liveSince: number | null;
  ended: EndedDetail | null;
  error: ErrorDetail | null;
  /** The words for `error` (see CallUi: a microphone the page forbids has words of its own). */
  errorText: ErrorText | null;
  /** The wall clock now. */
  now: number;
}

/** An error's words; a microphone the embedding page forbids (`microphoneForbidden`) is the site owner's to
 *  allow, not the visitor's. */
export function errorWords(error: ErrorDetail, t: Catalogue, microphoneForbidden: boolean): ErrorText {
  return error.code === 'MIC_DENIED' && microphoneForbidden ? t.notices.frameBlocked : errorText(error, t);
}

/** The visible line under the agent's name. */
export function statusLine({ state, t, agentName, muted, typed, activity }: StatusInputs): string {
  if (state !== 'live') return t.status[state]; // an error's title is the error card's heading, said once
  // A typed call is waiting for words, not listening (the typed notice and Talk instead say the rest).
  if (activity === 'listening') return typed ? t.notices.micOff : muted ? t.muted : t.activity.listening;
  // The heading gives the whole name; here a long one would push what the agent is doing onto a third line.
  const line = t.activity[activity](isolate(shortened(agentName, STATUS_NAME_CHARS)));
  return muted && !typed ? `${line} · ${t.muted}` : line;
}

/** What the status live region says: state changes, the end, errors, and the last-30-seconds warning. */
export function announcement({ state, t, format, agentName, ready, liveSince, ended, error, errorText, now }: StatusInputs): string {
  switch (state) {
    case 'idle':
      return '';
    case 'live': {
      const live = t.status.live(isolate(agentName));
      if (!ready || liveSince === null) return live;
      const { warning } = callTimes(liveSince, ready.maxSeconds, now);
      return warning ? `${live}. ${t.timeWarning(format.duration(WARNING_SECONDS))}` : live;
    }
    case 'ended':
      // The reason says the call is over in its own words; "Call ended" only when there is none.
      return (ended && endReasonText(ended.reason, t)) ?? t.status.ended;
    case 'error': {
      if (!error || !errorText) return '';
      // The wait is said once, as the service gave it; the button then counts down silently.
      const action = retryAction(error, retryWaitSeconds(0, error.retryAfterSeconds, 0));
      const wait = action === 'wait'
        ? ` ${t.retryIn(format.duration(error.retryAfterSeconds ?? 0))}.`
        : action === 'later'
          ? ` ${t.retryLater}.`
          : '';
      return `${errorText.title}. ${errorText.body}${wait}`;
    }
    default:
      return t.status[state];
  }
}
