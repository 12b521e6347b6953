// The library entry: importing it defines <voice-agent>.
import { VoiceAgentElement } from './ui/voice-agent-element.ts';

export { VoiceAgentElement };
export type * from './call/types.ts';

if (!customElements.get('voice-agent')) customElements.define('voice-agent', VoiceAgentElement);
