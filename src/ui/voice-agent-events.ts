// The events <voice-agent> sends, by name, for TypeScript: with this map `addEventListener('voice-agent-ready',
// (e) => e.detail.agent.name)` is typed on the element, on `document` and on any ancestor (they bubble and
// are composed). Shoelace declares its events the same way.
import type { SessionEventMap } from '../call/types.ts';

export interface ToggleDetail {
  /** Whether the floating panel is now open. */
  open: boolean;
}

export interface MicrophoneDetail {
  /** The call uses a microphone from now on (Talk instead), or goes on typed (Type instead, or it was lost or refused). */
  on: boolean;
}

export interface FeedbackDetail {
  /** Thumbs up or down. */
  rating: 'up' | 'down';
  /** The conversation that was rated (from `voice-agent-ready` and `voice-agent-ended`). */
  conversationId: string;
}

/** The session events the element re-emits as `voice-agent-<name>` with the same detail (the others, such as
 *  `network` and `uplink`, only change what the panel shows). */
export type PublicSessionEvent = 'state' | 'ready' | 'transcript' | 'interrupted' | 'tool' | 'ended' | 'error' | 'quality';

type SessionEvents = { [K in PublicSessionEvent as `voice-agent-${K}`]: CustomEvent<SessionEventMap[K]> };

export interface VoiceAgentEventMap extends SessionEvents {
  /** The floating panel opened or closed. */
  'voice-agent-toggle': CustomEvent<ToggleDetail>;
  /** The visitor rated the call that ended. */
  'voice-agent-feedback': CustomEvent<FeedbackDetail>;
  /** The call took the microphone again, or let it go and goes on typed. */
  'voice-agent-microphone': CustomEvent<MicrophoneDetail>;
}

declare global {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- merging into the DOM's map is how events are typed
  interface GlobalEventHandlersEventMap extends VoiceAgentEventMap {}
}
