// The page's calls. A call belongs to the page, not to the element that shows it: a single-page app re-renders
// its layout (a route change, a `key`, a portal) and the element goes, then it or a new one comes back a moment
// later. A <voice-agent> for the same agent (public-id and server-url) connected within 2 s adopts the call: the
// same socket and worker, no new ticket, the audio and the transcript going on. An element gone for good ends
// its call after those 2 s. And one call per page: a call that starts ends every other one first (its microphone,
// audio context and socket let go), with the reason `another_call`.
import { isActive } from '../../call/state-machine.ts';
import type { CallController } from './panel/call-controller.ts';

/** How long a call waits for its element (or another for its agent) to come back. */
export const ADOPT_WITHIN_MS = 2000;

/** Why a call ended when another one started on the page. */
export const ANOTHER_CALL = 'another_call';

interface Shown {
  /** The agent (service and public id) the call is with. */
  agent: string;
  /** The element showing it, until it goes (then a timer ends the call unless it is adopted). */
  element: HTMLElement;
  /** Set while the element is off the page. */
  leaving: ReturnType<typeof setTimeout> | null;
  /** The element's floating panel was open when it went (the adopter opens its own). */
  open: boolean;
  /** Called when another element adopts the call. */
  lost: () => void;
}

const calls = new Map<CallController, Shown>();

/** `element` shows `call`, a call with `agent`; `lost` runs if another element adopts it. */
export function show(call: CallController, agent: string, element: HTMLElement, lost: () => void): void {
  const shown = calls.get(call);
  if (shown && shown.element !== element) shown.lost();
  if (shown?.leaving) clearTimeout(shown.leaving);
  calls.set(call, { agent, element, leaving: null, open: false, lost });
}

/** The element showing `call` left the page: the call ends in 2 s unless an element takes it back. */
export function left(call: CallController, open: boolean): void {
  const shown = calls.get(call);
  if (!shown || shown.leaving) return;
  if (!isActive(call.state)) return void calls.delete(call);
  shown.open = open;
  shown.leaving = setTimeout(() => {
    calls.delete(call);
    void call.end();
  }, ADOPT_WITHIN_MS);
}

/** A call with `agent` under way (not already ending) whose element left less than 2 s ago (null: none), and
 *  whether its panel was open. */
export function adoptable(agent: string): { call: CallController; open: boolean } | null {
  for (const [call, shown] of calls) {
    if (shown.agent === agent && shown.leaving && isActive(call.state) && call.state !== 'ending') return { call, open: shown.open };
  }
  return null;
}

/** `call` (none: a call whose code is still on its way) is about to start: every other call under way on the
 *  page ends first. */
export function endOthers(call?: CallController): void {
  for (const other of [...calls.keys()]) {
    if (other === call) continue;
    if (isActive(other.state)) void other.end(ANOTHER_CALL);
    if (!calls.get(other)?.element.isConnected) calls.delete(other);
  }
}
