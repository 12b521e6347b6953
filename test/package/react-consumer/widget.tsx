// A strict TypeScript React 19 component using <voice-agent> (compiled by test/package/types.test.ts). Every line
// must compile, and every `@ts-expect-error` must find its error. (TypeScript lets any hyphenated JSX name the
// props do not declare through, so a misspelt `public-idd` or `onvoice-agent-redy` cannot be an error; the
// declared ones are typed.)
import { useRef, useState } from 'react';
import type { CallState, ErrorDetail, VoiceAgentElement } from 'voice-agent-widget/react';

export function Widget() {
  const widget = useRef<VoiceAgentElement>(null);
  const [state, setState] = useState<CallState>('idle');
  const [agent, setAgent] = useState('');
  const [error, setError] = useState<ErrorDetail['code'] | null>(null);
  return (
    <>
      <voice-agent
        ref={widget}
        publicId="YOUR-AGENT-ID"
        layout="inline"
        placement="start"
        theme="dark"
        remember="none"
        muted={state === 'live'}
        onvoice-agent-state={(event) => setState(event.detail.state)}
        onvoice-agent-ready={(event) => setAgent(event.detail.agent.name)}
        onvoice-agent-error={(event) => setError(event.detail.code)}
        onvoice-agent-transcript={(event) => event.detail.final && console.log(event.detail.text)}
        className="support"
      />
      <voice-agent public-id="YOUR-AGENT-ID" server-url="https://service.example" audio-processing="off" lang="fr" />
      <button onClick={() => void widget.current?.start({ microphone: false })}>Call {agent} {error}</button>

      {/* @ts-expect-error a misspelt property */}
      <voice-agent publicID="YOUR-AGENT-ID" />
      {/* @ts-expect-error not a layout */}
      <voice-agent layout="sideways" />
      {/* @ts-expect-error not a language of the widget */}
      <voice-agent lang="de" />
      {/* @ts-expect-error muted is a boolean */}
      <voice-agent muted="yes" />
      {/* @ts-expect-error the ready event's agent has no `nom` */}
      <voice-agent onvoice-agent-ready={(event) => setAgent(event.detail.agent.nom)} />
      {/* @ts-expect-error a state event carries no transcript */}
      <voice-agent onvoice-agent-state={(event) => setAgent(event.detail.text)} />
    </>
  );
}
