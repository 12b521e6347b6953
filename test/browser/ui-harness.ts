// Drives <voice-agent> through its states with the in-page fakes (no audio engine, no network):
// a subclass supplies fake audio (test/fake-piped-audio.ts), WebSocket and fetch are stubbed, the test plays the
// server.
import { expect, vi } from 'vitest';
import '../../src/voice-agent.ts';
import { VoiceAgentElement } from '../../src/voice-agent.ts';
import type { GestureAudio } from '../../src/audio/gesture-audio.ts';
import { pageVisitStore } from '../../src/call/visit-store.ts';
import { endOthers } from '../../src/ui/internal/call-registry.ts';
import { microphonePermission } from '../../src/audio/microphone-permission.ts';
import type { CallController } from '../../src/ui/internal/panel/call-controller.ts';
import type { PipedAudioRequest } from '../../src/call/audio-ports.ts';
import { FakeMicrophone, FakeSpeaker } from '../fake-piped-audio.ts';
import { delivered, forgetMessages, trackMessageChannels } from './delivered-messages.ts';
import { FakeSocket, okTicket, scriptedFetch, type TicketFetch } from '../fakes.ts';
import { restoreAll } from '../fixtures/after-test.ts';

export const sockets: PageSocket[] = [];
/** The page's socket to the fake service, which answers each ping at once as the service does: a line that
 *  answered none would show the connection's quality sign within a second. */
class PageSocket extends FakeSocket {
  /** While true nothing arrives: the pongs owed come once it is back (TCP delivers late, and loses nothing). */
  silent = false;
  #owed = 0;
  constructor(url: string) {
    super(url);
    sockets.push(this);
  }
  override send(data: string | ArrayBuffer): void {
    super.send(data);
    if (data !== '{"type":"ping"}') return;
    if (this.silent) this.#owed++;
    else queueMicrotask(() => this.readyState === 1 && this.receive({ type: 'pong' }));
  }
  /** The line is back: what it held arrives. */
  speakAgain(): void {
    this.silent = false;
    for (; this.#owed > 0; this.#owed--) this.receive({ type: 'pong' });
  }
}

export const audio = { source: new FakeMicrophone(), sink: new FakeSpeaker() };
/** When set, creating the call's audio throws it (as the real engine does on a browser without Web Audio). */
export const audioFailure: { error: unknown } = { error: null };

export class UiTestAgent extends VoiceAgentElement {
  protected override openGestureAudio(): GestureAudio | null {
    return null;
  }
  /** Waits for the call's messages too: what the fake service said reaches the element a message later. */
  protected override async getUpdateComplete(): Promise<boolean> {
    await delivered();
    return super.getUpdateComplete();
  }
  protected override createAudio({ pipe }: PipedAudioRequest) {
    if (audioFailure.error) throw audioFailure.error;
    const { source, sink } = audio; // this call's, whatever a later test puts in `audio`
    source.pipeTo(pipe);
    sink.pipeTo(pipe);
    return { source, sink };
  }
  /** The controller, so tests can set levels by hand as the audio engine will (the call UI is loaded). */
  get controller(): CallController {
    if (!this.ui) throw new Error('the call UI is not loaded: await el.loadUi() first');
    return this.ui.call;
  }
  get root(): ShadowRoot {
    return this.shadowRoot!;
  }
  /** First element matching `selector` in the shadow root (throws when missing: the test is wrong). */
  $<E extends Element = HTMLElement>(selector: string): E {
    const found = this.shadowRoot!.querySelector<E>(selector);
    if (!found) throw new Error(`no ${selector} in <voice-agent>`);
    return found;
  }
  $$<E extends Element = HTMLElement>(selector: string): E[] {
    return [...this.shadowRoot!.querySelectorAll<E>(selector)];
  }
}
if (!customElements.get('ui-test-agent')) customElements.define('ui-test-agent', UiTestAgent);

export const socket = (): PageSocket => {
  const last = sockets.at(-1);
  if (!last) throw new Error('no socket yet');
  return last;
};

let tickets = scriptedFetch(okTicket(1));

/** The warm-up requests of the service's connection the widget made since the last `resetFakes()` (`OPTIONS <url>`):
 *  the fake endpoint answers them apart, taking none of the scripted ticket answers. */
export const warmUps = (): string[] => tickets.options.map((request) => `OPTIONS ${request.url}`);

/** Fresh fakes; call in beforeEach. `answers` script the ticket endpoint (default: tickets that work). */
export function resetFakes(...answers: Parameters<typeof scriptedFetch>): TicketFetch {
  sockets.length = 0;
  audio.source = new FakeMicrophone();
  audio.sink = new FakeSpeaker();
  audioFailure.error = null;
  // The page's microphone permission is the fake UI's `granted` in this browser; each test starts from `prompt`
  // (tests of the granted path say so), so none depends on what an earlier one read.
  microphonePermission.state = null;
  vi.spyOn(navigator.permissions, 'query').mockImplementation(async () => ({ state: 'prompt', onchange: null }) as unknown as PermissionStatus);
  tickets = scriptedFetch(...(answers.length ? answers : [okTicket(1), okTicket(2), okTicket(3)]));
  vi.stubGlobal('fetch', tickets);
  vi.stubGlobal('WebSocket', PageSocket);
  // The fakes are this page's: with no Worker the call's host runs on the main thread, where they stand in for
  // the network (the worker path is tested end to end against the simulator).
  vi.stubGlobal('Worker', undefined);
  forgetMessages();
  trackMessageChannels();
  return tickets;
}

/** Records every AudioContext the page creates from now on (the real engine's, for example); undone by
 *  `cleanUp()` (`vi.unstubAllGlobals`). */
export function recordAudioContexts(): AudioContext[] {
  const contexts: AudioContext[] = [];
  const Native = AudioContext;
  vi.stubGlobal(
    'AudioContext',
    class extends Native {
      constructor(options?: AudioContextOptions) {
        super(options);
        contexts.push(this);
      }
    },
  );
  return contexts;
}

/** For afterEach: ends every call, undoes what the test registered with restoreAfterTest, forgets what the widget
 *  stored, and clears the page. */
export async function cleanUp(): Promise<void> {
  // A call of the last test would be adopted by the next test's widget for the same agent (a call belongs to the
  // page): every call ends first, as when another call starts on the page. Its host hears of it now, with the
  // start the test may have left on its way: a call left starting asks for its ticket from this test's fakes,
  // not from the next test's script.
  vi.useRealTimers(); // delivered() waits on the real clock
  endOthers();
  await delivered();
  restoreAll();
  pageVisitStore().forgetAll(); // each test is a new visitor: no agent, language or visit remembered from the last one
  vi.unstubAllGlobals();
  document.body.replaceChildren();
  document.documentElement.lang = 'en';
}

/** A test widget with these attributes (public-id and server-url are filled in unless given), not mounted. */
function testAgent(attributes: Record<string, string>): UiTestAgent {
  const element = document.createElement('ui-test-agent') as UiTestAgent;
  const all = { 'public-id': 'shop-42', 'server-url': 'https://service.test/', ...attributes };
  for (const [name, value] of Object.entries(all)) element.setAttribute(name, value);
  return element;
}

/** Mounts a widget with these attributes (public-id and server-url are filled in unless given) into
 *  `parent` (default: the page's body). */
export async function mount(attributes: Record<string, string> = {}, parent: ParentNode = document.body): Promise<UiTestAgent> {
  const element = testAgent(attributes);
  parent.append(element);
  // The call's code loads on the first sign of interest; the tests drive the panel, so it loads now.
  await element.loadUi();
  await element.updateComplete;
  return element;
}

/** A widget whose owner gave a consent notice (their words, their link: `notice` is its markup) in the `consent`
 *  slot, mounted into the page's body. The call's code is left to load as it would for a visitor. */
export async function mountWithConsent(
  attributes: Record<string, string> = {},
  notice = 'Calls are recorded to improve our service. <a href="https://shop.test/privacy">Privacy policy</a>',
): Promise<UiTestAgent> {
  const element = testAgent(attributes);
  const paragraph = document.createElement('p');
  paragraph.slot = 'consent';
  paragraph.innerHTML = notice;
  element.append(paragraph);
  document.body.append(element);
  await element.updateComplete;
  return element;
}

export const AMINA = { name: 'Amina', avatar: { from: '#0ea5e9', to: '#6366f1' }, language: 'ar' };

/** Starts a call (the test widget, or the real element with its real audio) and lets the service answer
 *  `ready`; resolves once the widget is live. */
export async function goLive(
  element: VoiceAgentElement,
  ready: { maxSeconds?: number; agent?: unknown } = {},
  start: { microphone?: boolean } = {},
): Promise<void> {
  const started = element.start(start);
  // The real element opens its microphone and loads the call's code first. The call's socket is the one still
  // connecting: a call already started (a click on the consent notice) may have opened it before this ran.
  let line: FakeSocket | undefined;
  await vi.waitFor(() => {
    line = sockets.findLast((candidate) => candidate.readyState === 0);
    if (!line) throw new Error('waiting for the socket');
  }, 5000);
  line!.open();
  line!.receive({ type: 'ready', conversationId: 'c-1', maxSeconds: ready.maxSeconds ?? 300, agent: ready.agent ?? AMINA });
  await started;
  expect(element.state).toBe('live');
  await element.updateComplete;
}

/** Starts a call the service refuses with `code` (a socket `error` message, then close 4000). */
export async function failWith(element: UiTestAgent, code: string): Promise<void> {
  const before = sockets.length;
  const started = element.start();
  await vi.waitFor(() => {
    if (sockets.length === before) throw new Error('waiting for the socket');
  });
  socket().open();
  socket().receive({ type: 'error', code, error: `raw server text for ${code}` });
  socket().serverClose(4000);
  await started;
  await element.updateComplete;
}

/** Ends a live call the polite way: End call, the service's `ended`, close 1000. */
export async function endCall(element: VoiceAgentElement, reason = 'caller_hangup', durationSeconds = 95): Promise<void> {
  const ending = element.end();
  answerHangUp(socket(), reason, durationSeconds);
  await ending;
  await element.updateComplete;
}

/** For afterEach: ends the call of every `selector` widget on the page, each open line answering the hang-up as
 *  the service does (a fake that stays silent keeps each widget waiting its 3 s for an answer). */
export async function endEveryCall(selector = 'voice-agent'): Promise<void> {
  for (const element of document.querySelectorAll<VoiceAgentElement>(selector)) {
    const ending = element.end();
    for (const line of sockets) if (line.readyState === 1) answerHangUp(line);
    await ending;
  }
}

/** The service's answer to `end`: `ended`, then the socket's close. */
function answerHangUp(line: FakeSocket, reason = 'caller_hangup', durationSeconds = 95): void {
  line.receive({ type: 'ended', reason, durationSeconds, billedSeconds: durationSeconds, freeSeconds: 0, conversationId: 'c-1' });
  line.serverClose(1000);
}

export const say = (role: 'user' | 'agent', text: string, final: boolean) =>
  socket().receive({ type: 'transcript', role, text, final });

/** Text of an element with bidi isolates removed and markup whitespace collapsed (no-break spaces are kept). */
export const text = (node: Element | null | undefined): string =>
  (node?.textContent ?? '').replace(/[\u2068\u2069]/g, '').replace(/[ \t\n\r]+/g, ' ').trim();
