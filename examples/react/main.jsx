// <voice-agent> in React 19: React 19 sets a custom element's props as properties when the element has
// them (publicId, muted) and attributes otherwise (layout, lang), and adds a listener for every prop
// named `on` + the event's exact name (`onvoice-agent-state`). No wrapper component is needed.
// Served by `npm run demo` at /examples/react/ (Vite transforms the JSX; no React plugin is needed).
// Under StrictMode, with two pages of a single-page app: each page renders its own <voice-agent>, so a route
// change during a call removes the element and inserts a new one; the new one takes the call over (a call
// belongs to the page, not to one element).
import { StrictMode, useRef, useState } from 'react';
import { createRoot } from 'react-dom/client';
// In your app: import 'voice-agent-widget'; (define the element before React renders it, so that
// React sees its properties).
import '../../src/voice-agent.ts';

const PAGES = { support: 'Support', pricing: 'Pricing' };

function App() {
  const widget = useRef(null);
  const [route, setRoute] = useState('support');
  const [state, setState] = useState('idle');
  const [agent, setAgent] = useState('');
  const [lastLine, setLastLine] = useState('');
  const [muted, setMuted] = useState(false);

  return (
    <main>
      <nav style={{ display: 'flex', gap: '1rem' }}>
        {Object.entries(PAGES).map(([id, title]) => (
          <a key={id} href={`#${id}`} id={`page-link-${id}`} aria-current={route === id ? 'page' : undefined}
            onClick={(event) => { event.preventDefault(); setRoute(id); }}>
            {title}
          </a>
        ))}
      </nav>
      {/* A new section (and a new <voice-agent>) for each page, as a router's layout gives. */}
      <section key={route}>
        <h1>{PAGES[route]}</h1>
        <voice-agent
          ref={widget}
          publicId="demo-en"
          layout="inline"
          lang="en"
          muted={muted}
          onvoice-agent-state={(event) => setState(event.detail.state)}
          onvoice-agent-ready={(event) => setAgent(event.detail.agent.name)}
          onvoice-agent-transcript={(event) => event.detail.final && setLastLine(event.detail.text)}
        />
      </section>
      <p>
        State: <output id="page-state">{state}</output>
        {agent && <> · Agent: <output id="page-agent">{agent}</output></>}
      </p>
      {lastLine && <p id="page-last-line">{lastLine}</p>}
      <label>
        <input type="checkbox" id="page-mute" checked={muted} onChange={(event) => setMuted(event.target.checked)} />
        Mute
      </label>{' '}
      <button type="button" id="page-call" onClick={() => widget.current?.start()}>
        Call from the page
      </button>{' '}
      <button type="button" id="page-end" onClick={() => widget.current?.end()}>
        Hang up
      </button>
    </main>
  );
}

createRoot(document.getElementById('root')).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
