// The page agent owners try the widget on: scenario picker, attribute controls that write the embed
// snippet, the widget itself against the local simulator (directly, or across an emulated network), its
// state and a live event log.
import { html, render } from 'lit';
import '../../src/voice-agent.ts';
import type { VoiceAgentElement } from '../../src/voice-agent.ts';
import agentsFile from '../server/agents.json';
import { NetworkLab, NO_PROFILE } from './network.ts';
import { PageCheck, pageCheckView } from './page-check.ts';
import { embedSnippet, type WidgetSettings } from './snippet.ts';
import { strictSiteView } from './strict-site.ts';
import { LANGUAGE_NAMES, type PageLanguage, STRINGS } from './strings.ts';
import './demo.css';

interface LoggedEvent {
  at: string;
  type: string;
  detail: string;
}

const EVENT_TYPES = ['state', 'ready', 'transcript', 'interrupted', 'tool', 'ended', 'error'].map(
  (name) => `voice-agent-${name}`,
);
const MAX_LOG = 300;

const params = new URLSearchParams(location.search);
const page = {
  language: (params.get('page-lang') as PageLanguage | null) ?? 'en',
  settings: {
    publicId: params.get('agent') ?? 'demo',
    lang: params.get('lang') ?? '',
    audioProcessing: params.get('audio-processing') !== 'off',
    layout: params.get('layout') ?? 'inline',
  } satisfies WidgetSettings,
  log: [] as LoggedEvent[],
  copied: false,
  /** The widget's `server-url`: the network lab's, or null (this origin). Kept for the whole of a call, so that
   *  a re-rendered widget adopts it; a profile picked during a direct call applies from the next one. */
  serverUrl: null as string | null,
  lastState: 'idle',
  /** "Check this page": the widget's diagnose() report. */
  check: new PageCheck(() => update()),
  strictSiteShown: false,
};
const network = new NetworkLab();
const IN_CALL = ['connecting', 'live', 'reconnecting', 'ending'];

let widget = createWidget();

function createWidget(): VoiceAgentElement {
  const element = document.createElement('voice-agent') as VoiceAgentElement;
  for (const type of EVENT_TYPES) element.addEventListener(type, (event) => logEvent(event as CustomEvent));
  element.addEventListener('voice-agent-state', (event) => onState((event as CustomEvent<{ state: string }>).detail.state));
  return element;
}

/** Another scenario is another agent: a fresh widget, ready for a new call whatever the last one ended in (after
 *  an error without retry — NOT_FOUND, ORIGIN, QUOTA… — the old panel offers no way to call, and `end()` does
 *  nothing in `error`). The old one hangs up first if a call is under way. */
function replaceWidget(): void {
  const old = widget;
  void old.end();
  widget = createWidget();
  old.replaceWith(widget);
}

/** What a single-page app does on a route change: the element goes and a new one with the same attributes
 *  takes its place; the new one takes the call over. */
function rerenderWidget(): void {
  const old = widget;
  widget = createWidget();
  old.replaceWith(widget);
  applySettings();
  update();
}

/** A call that goes live behind a timed profile starts the profile's script, so its events fall in the call
 *  (the outage 6 s in, the handover 5 s in); between calls the next call's URL follows the picker. */
function onState(state: string): void {
  if (state === 'live' && page.lastState === 'connecting' && page.serverUrl) void network.restart();
  page.lastState = state;
  if (!IN_CALL.includes(state)) useNetworkForNextCall(state);
}

/** Between calls, the widget's `server-url` follows the picker. */
function useNetworkForNextCall(state: string = widget.state): void {
  if (IN_CALL.includes(state) || page.serverUrl === network.serverUrl) return;
  page.serverUrl = network.serverUrl;
  applySettings();
}

async function pickNetwork(profile: string): Promise<void> {
  await network.pick(profile);
  useNetworkForNextCall();
  update();
}

function logEvent(event: CustomEvent): void {
  const time = new Date();
  page.log.unshift({
    at: `${time.toLocaleTimeString('en-GB')}.${String(time.getMilliseconds()).padStart(3, '0')}`,
    type: event.type.replace('voice-agent-', ''),
    detail: JSON.stringify(event.detail),
  });
  page.log.length = Math.min(page.log.length, MAX_LOG);
  update();
}

function applySettings(): void {
  const { publicId, lang, audioProcessing, layout } = page.settings;
  widget.setAttribute('public-id', publicId);
  if (lang) widget.setAttribute('lang', lang);
  else widget.removeAttribute('lang');
  widget.setAttribute('audio-processing', audioProcessing ? 'on' : 'off');
  widget.setAttribute('layout', layout);
  if (page.serverUrl) widget.setAttribute('server-url', page.serverUrl);
  else widget.removeAttribute('server-url');
  const url = new URL(location.href);
  url.searchParams.set('agent', publicId);
  url.searchParams.set('page-lang', page.language);
  history.replaceState(null, '', url);
}

function change(patch: Partial<WidgetSettings>): void {
  const newScenario = patch.publicId && patch.publicId !== page.settings.publicId;
  Object.assign(page.settings, patch);
  if (newScenario) {
    replaceWidget();
    page.check.report = null; // the last check was another agent's
  }
  page.copied = false;
  applySettings();
  update();
}

async function copySnippet(text: string): Promise<void> {
  await navigator.clipboard.writeText(text).catch(() => {});
  page.copied = true;
  update();
}

function update(): void {
  const t = STRINGS[page.language];
  document.documentElement.lang = page.language;
  document.documentElement.dir = page.language === 'ar' ? 'rtl' : 'ltr';
  document.title = `<voice-agent> — ${t.title}`;
  const snippet = embedSnippet(location.origin, page.settings);
  render(
    html`
      <header>
        <h1>${t.title}</h1>
        <label
          >${t.pageLanguage}
          <select
            @change=${(e: Event) => {
              page.language = (e.target as HTMLSelectElement).value as PageLanguage;
              applySettings();
              update();
            }}
          >
            ${(['en', 'fr', 'ar'] as const).map(
              (l) => html`<option value=${l} ?selected=${l === page.language}>${LANGUAGE_NAMES[l]}</option>`,
            )}
          </select></label
        >
      </header>
      <p class="intro">${t.intro}</p>
      <main>
        <section aria-labelledby="scenarios-title" class="scenarios">
          <h2 id="scenarios-title">${t.scenarios}</h2>
          <fieldset>
            <legend class="visually-hidden">${t.scenarios}</legend>
            ${agentsFile.agents.map(
              (agent) => html`
                <label class="scenario">
                  <input
                    type="radio"
                    name="scenario"
                    .value=${agent.publicId}
                    ?checked=${agent.publicId === page.settings.publicId}
                    @change=${() => change({ publicId: agent.publicId })}
                  />
                  <code>${agent.publicId}</code>
                  <span dir="auto">${(agent.explain as Record<string, string>)[page.language] ?? agent.explain.en}</span>
                </label>
              `,
            )}
          </fieldset>
        </section>
        <section aria-labelledby="widget-title" class="widget">
          <h2 id="widget-title">${t.widget}</h2>
          ${network.available ? networkPicker(t) : ''}
          <p>${t.state}: <output data-testid="widget-state" data-state=${widget.state}>${t.states[widget.state]}</output></p>
          <div class="widget-slot"></div>
          ${pageCheckView(page.check, widget, t)}
          ${['connecting', 'live', 'reconnecting'].includes(widget.state)
            ? html`<p class="during-call" data-testid="during-call">
                ${t.duringCall}
                <button type="button" data-testid="rerender" @click=${rerenderWidget}>${t.rerender}</button>
                <a data-testid="next-page" href=${location.href}>${t.nextPage}</a>
              </p>`
            : ''}
        </section>
        <section aria-labelledby="attributes-title" class="attributes">
          <h2 id="attributes-title">${t.attributes}</h2>
          <label
            >${t.widgetLanguage}
            <select @change=${(e: Event) => change({ lang: (e.target as HTMLSelectElement).value })}>
              ${(['', 'ar', 'fr', 'en'] as const).map(
                (l) => html`<option value=${l} ?selected=${l === page.settings.lang}>${l ? LANGUAGE_NAMES[l] : t.auto}</option>`,
              )}
            </select></label
          >
          <label
            >${t.layout}
            <select @change=${(e: Event) => change({ layout: (e.target as HTMLSelectElement).value })}>
              ${(['inline', 'floating'] as const).map(
                (l) => html`<option value=${l} ?selected=${l === page.settings.layout}>${t.layouts[l]}</option>`,
              )}
            </select></label
          >
          <label class="check"
            ><input
              type="checkbox"
              .checked=${page.settings.audioProcessing}
              @change=${(e: Event) => change({ audioProcessing: (e.target as HTMLInputElement).checked })}
            />
            ${t.audioProcessing}</label
          >
          <h3>${t.snippet}</h3>
          <pre dir="ltr"><code data-testid="snippet">${snippet}</code></pre>
          <button type="button" @click=${() => copySnippet(snippet)}>${page.copied ? t.copied : t.copy}</button>
        </section>
        ${strictSiteView(page.strictSiteShown, () => ((page.strictSiteShown = true), update()), t, {
          lang: page.language,
          agent: page.settings.publicId,
        })}
        <section aria-labelledby="events-title" class="events">
          <h2 id="events-title">${t.events}</h2>
          <button type="button" @click=${() => ((page.log = []), update())}>${t.clear}</button>
          ${page.log.length === 0
            ? html`<p>${t.noEvents}</p>`
            : html`<ol class="log" dir="ltr" data-testid="event-log">
                ${page.log.map(
                  (entry) =>
                    html`<li><time>${entry.at}</time> <strong>${entry.type}</strong> <code>${entry.detail}</code></li>`,
                )}
              </ol>`}
        </section>
      </main>
    `,
    document.getElementById('app')!,
  );
  const slot = document.querySelector('.widget-slot');
  if (slot && widget.parentElement !== slot) slot.append(widget);
}

function networkPicker(t: (typeof STRINGS)[PageLanguage]) {
  const appliesLater = IN_CALL.includes(widget.state) && !page.serverUrl && network.serverUrl;
  return html`<div class="network">
    <label
      >${t.network}
      <select data-testid="network" @change=${(e: Event) => void pickNetwork((e.target as HTMLSelectElement).value)}>
        <option value=${NO_PROFILE} ?selected=${network.profile === NO_PROFILE}>${t.networkNone}</option>
        ${network.profiles.map((p) => html`<option value=${p.name} ?selected=${p.name === network.profile}>${p.name}</option>`)}
      </select></label
    >
    <p dir="auto">${network.explain(page.language) ?? t.networkDirect}</p>
    ${appliesLater ? html`<p data-testid="network-next-call">${t.networkNextCall}</p>` : ''}
    ${network.failed ? html`<p role="alert">${t.networkFailed}</p>` : ''}
  </div>`;
}

applySettings();
update();
void network.load().then(() => {
  useNetworkForNextCall();
  update();
});
