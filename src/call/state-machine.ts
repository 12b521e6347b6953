import type { CallState } from './types.ts';

// The one place that says which state may follow which. `ended` and `error` lead to a new call.
// `reconnecting` is entered only from `live` (a drop after `ready`) and gets back to `live` on the next `ready`.
const NEXT: Record<CallState, readonly CallState[]> = {
  idle: ['connecting'],
  connecting: ['live', 'ending', 'error'],
  live: ['reconnecting', 'ending', 'error'],
  reconnecting: ['live', 'ending', 'error'],
  ending: ['ended', 'error'],
  ended: ['connecting'],
  error: ['connecting'],
};

export function canMove(from: CallState, to: CallState): boolean {
  return NEXT[from].includes(to);
}

/** States in which a call is under way (a new `start()` is not possible). */
export function isActive(state: CallState): boolean {
  return state === 'connecting' || state === 'live' || state === 'reconnecting' || state === 'ending';
}
