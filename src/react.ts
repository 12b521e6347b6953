// `voice-agent-widget/react`: the package's entry (it defines <voice-agent>) with <voice-agent> typed in React's
// JSX, for React 19 apps written in TypeScript. React 19 sets a prop as a property when the element has one
// (`publicId`, `muted`) and adds a listener for `on` + the event's exact name (`onvoice-agent-ready`); without
// these declarations a TSX file knows no `voice-agent` tag. Only types here: at run time this entry is
// dist/index.js. Its declarations need `@types/react`, which a React app in TypeScript has.
import type { DetailedHTMLProps, HTMLAttributes } from 'react';
import type { SETTABLE_PROPERTIES } from './ui/element-properties.ts';
import type { VoiceAgentElement } from './ui/voice-agent-element.ts';
import type { VoiceAgentEventMap } from './ui/voice-agent-events.ts';

export * from './voice-agent.ts';

/** The element's properties a page may set, as React props. */
type VoiceAgentProperties = Partial<Pick<VoiceAgentElement, (typeof SETTABLE_PROPERTIES)[number]>>;

/** The same settings as attributes (what a server-side render writes into the HTML). */
interface VoiceAgentAttributes {
  'public-id'?: string;
  'server-url'?: string;
  'audio-processing'?: string;
  'worklet-base'?: string;
  lang?: 'ar' | 'fr' | 'en';
}

/** `onvoice-agent-ready={(event) => event.detail.agent.name}`, each with its own event type. */
type VoiceAgentEventProps = {
  [Name in keyof VoiceAgentEventMap as `on${Name}`]?: (event: VoiceAgentEventMap[Name]) => void;
};

/** The props of `<voice-agent>` in JSX. */
export type VoiceAgentJsxProps = Omit<DetailedHTMLProps<HTMLAttributes<VoiceAgentElement>, VoiceAgentElement>, 'lang'> &
  VoiceAgentProperties &
  VoiceAgentAttributes &
  VoiceAgentEventProps;

declare module 'react' {
  // eslint-disable-next-line @typescript-eslint/no-namespace -- React's JSX types are a namespace
  namespace JSX {
    interface IntrinsicElements {
      'voice-agent': VoiceAgentJsxProps;
    }
  }
}
