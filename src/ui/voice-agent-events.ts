// The events <voice-agent> sends, by name, for TypeScript: with this map `addEventListener('voice-agent-ready',
// (e) => e.detail.agent.name)` is typed on the element, on `document` and on any ancestor (they bubble and
// are composed). Shoelace declares its events the same way.
import type { SessionEventMap } from '../call/types.ts';

export interface ToggleDetail {
  /** Whether the floating panel is now open. */
  open: boolean;
}

/** Each session event, re-emitted by the element as `voice-agent-<name>` with the same detail. */
type SessionEvents = { [K in keyof SessionEventMap as `voice-agent-${K}`]: CustomEvent<SessionEventMap[K]> };

export interface VoiceAgentEventMap extends SessionEvents {
  /** The floating panel opened or closed. */
  'voice-agent-toggle': CustomEvent<ToggleDetail>;
}

declare global {
  interface GlobalEventHandlersEventMap extends VoiceAgentEventMap {}
}
