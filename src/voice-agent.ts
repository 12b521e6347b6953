// The library entry: importing it defines <voice-agent> (where there is a custom element registry: in a
// browser, or in Node under Lit's server build, which provides one for server-side rendering).
import { VoiceAgentElement } from './ui/voice-agent-element.ts';

export { VoiceAgentElement };
export type { Layout, Placement } from './ui/element-properties.ts';
export type { FeedbackDetail, MicrophoneDetail, ToggleDetail, VoiceAgentEventMap } from './ui/voice-agent-events.ts';
export type * from './call/types.ts';

if (typeof customElements !== 'undefined' && !customElements.get('voice-agent')) {
  customElements.define('voice-agent', VoiceAgentElement);
}
