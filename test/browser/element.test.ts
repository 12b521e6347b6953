// <voice-agent> as a host page sees it, inside another component's shadow root: the library entry defines
// it; a whole call through its own buttons with bubbling, composed events and the reflected state; errors
// and a new call; removal hangs up, a move does not; server text is never markup.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import '../../src/voice-agent.ts';
import { VoiceAgentElement } from '../../src/voice-agent.ts';
import { okTicket } from '../fakes.ts';
import { sleep } from '../sleep.ts';
import { audio, cleanUp, goLive, mount, resetFakes, say, socket, sockets, type UiTestAgent } from './ui-harness.ts';

let events: { type: string; detail: unknown; composed: boolean; bubbles: boolean }[];
const record = (event: Event) =>
  events.push({ type: event.type, detail: (event as CustomEvent).detail, composed: event.composed, bubbles: event.bubbles });
const EVENT_TYPES = ['state', 'ready', 'transcript', 'interrupted', 'tool', 'ended', 'error'].map((n) => `voice-agent-${n}`);

let fetchStub: ReturnType<typeof resetFakes>;
beforeEach(() => {
  events = [];
  fetchStub = resetFakes();
  for (const type of EVENT_TYPES) document.addEventListener(type, record);
});
afterEach(async () => {
  for (const type of EVENT_TYPES) document.removeEventListener(type, record);
  await cleanUp();
});

/** The widget inside another component's open shadow root: only composed events reach the document. */
function mountInShadowRoot(): Promise<UiTestAgent> {
  const host = document.createElement('div');
  document.body.append(host);
  return mount({ lang: 'en' }, host.attachShadow({ mode: 'open' }));
}

describe('<voice-agent>', () => {
  it('is defined by importing the library entry', () => {
    expect(customElements.get('voice-agent')).toBe(VoiceAgentElement);
    expect(document.createElement('voice-agent')).toBeInstanceOf(VoiceAgentElement);
  });

  it('runs a whole call from the call button to `ended`, reflecting state and emitting composed events', async () => {
    const element = await mountInShadowRoot();
    expect(element.getAttribute('state')).toBe('idle');

    await userEvent.click(page.getByRole('button', { name: 'Voice assistant', exact: true }));
    await userEvent.click(page.getByRole('button', { name: 'Call', exact: true }));
    expect(element.getAttribute('state')).toBe('connecting');
    await vi.waitFor(() => expect(sockets).toHaveLength(1));
    expect(fetchStub.calls[0]?.url).toBe('https://service.test/api/agents/public/shop-42/call');
    expect(socket().url).toBe('wss://service.test/call?token=t1');

    socket().open();
    socket().receive({ type: 'ready', conversationId: 'c-7', maxSeconds: 120, agent: { name: 'Amina', avatar: {}, language: 'fr' } });
    await vi.waitFor(() => expect(element.getAttribute('state')).toBe('live'));
    // Names are wrapped in Unicode bidi isolates (U+2068 … U+2069) so they cannot reorder the sentence.
    await expect.element(page.getByRole('status')).toHaveTextContent('Live with \u2068Amina\u2069');

    say('agent', 'Bonjour', false);
    say('agent', 'Bonjour, je vous écoute', true);
    socket().receive({ type: 'tool', name: 'get_time', status: 'running' });
    socket().receive({ type: 'interrupted' });
    await expect.element(page.getByRole('listitem')).toHaveTextContent('Bonjour, je vous écoute');
    await expect.element(page.getByRole('listitem')).toHaveTextContent(/^Amina/);
    expect(page.getByRole('listitem').elements()).toHaveLength(1);
    expect(audio.sink.flushes).toBe(1);

    await userEvent.fill(page.getByRole('textbox', { name: 'Message' }), 'Quelle heure est-il ?');
    await userEvent.click(page.getByRole('button', { name: 'Send' }));
    expect(socket().sentJsonWithoutPings.at(-1)).toEqual({ type: 'text', text: 'Quelle heure est-il ?' });

    await userEvent.click(page.getByRole('button', { name: 'Mute' }));
    expect(element.muted).toBe(true);
    expect(element.hasAttribute('muted')).toBe(true);
    audio.source.frame(500);
    expect(new Int16Array(socket().sentBinary.at(-1)!).every((s) => s === 0)).toBe(true);

    await userEvent.click(page.getByRole('button', { name: 'End call' }));
    expect(socket().sentJsonWithoutPings.at(-1)).toEqual({ type: 'end' });
    socket().receive({ type: 'ended', reason: 'caller_hangup', durationSeconds: 31, billedSeconds: 31, freeSeconds: 0, conversationId: 'c-7' });
    socket().serverClose(1000);
    await vi.waitFor(() => expect(element.getAttribute('state')).toBe('ended'));

    expect(events.every((e) => e.bubbles && e.composed)).toBe(true);
    expect(events.filter((e) => e.type === 'voice-agent-state').map((e) => (e.detail as { state: string }).state)).toEqual([
      'connecting', 'live', 'ending', 'ended',
    ]);
    expect(events.map((e) => e.type)).toEqual([
      'voice-agent-state',
      'voice-agent-state',
      'voice-agent-ready',
      'voice-agent-transcript',
      'voice-agent-transcript',
      'voice-agent-tool',
      'voice-agent-interrupted',
      'voice-agent-state',
      'voice-agent-state',
      'voice-agent-ended',
    ]);
    expect(events.find((e) => e.type === 'voice-agent-ended')?.detail).toEqual({
      reason: 'caller_hangup', durationSeconds: 31, billedSeconds: 31, freeSeconds: 0, conversationId: 'c-7',
    });
    expect(events.find((e) => e.type === 'voice-agent-tool')?.detail).toEqual({ name: 'get_time', status: 'running' });
    await expect.element(page.getByRole('button', { name: 'Call again' })).toBeVisible();
  });

  it('reports errors as `voice-agent-error` and can call again afterwards', async () => {
    resetFakes({ status: 429, body: { error: 'RATE_LIMITED' }, headers: { 'Retry-After': '30' } }, okTicket(2));
    const element = await mountInShadowRoot();
    await element.start();
    expect(element.getAttribute('state')).toBe('error');
    expect(events.find((e) => e.type === 'voice-agent-error')?.detail).toMatchObject({
      code: 'RATE_LIMITED', retryable: true, retryAfterSeconds: 30,
    });
    await goLive(element);
    expect(element.state).toBe('live');
    expect(element.getAttribute('state')).toBe('live');
    expect(socket().url).toBe('wss://service.test/call?token=t2');
  });

  it('hangs up and releases audio when removed from the page for good (within 3 s: it may come back before)', async () => {
    const element = await mountInShadowRoot();
    await goLive(element);
    element.remove();
    await vi.waitFor(() => expect(socket().sentJsonWithoutPings.at(-1)).toEqual({ type: 'end' }), { timeout: 3000 });
    expect(audio.source.closed).toBeGreaterThan(0);
  });

  it('keeps the call when the page only moves the element', async () => {
    const element = await mountInShadowRoot();
    await goLive(element);
    const dialog = document.createElement('div');
    document.body.append(dialog);
    dialog.append(element); // disconnected and connected again in the same task
    await sleep(0);
    expect(element.state).toBe('live');
    expect(socket().sentJson).not.toContainEqual({ type: 'end' });
    expect(audio.source.closed).toBe(0);
  });

  it('never renders server text as markup', async () => {
    const element = await mountInShadowRoot();
    await goLive(element, { agent: { name: '<b>x</b>' } });
    say('agent', '<img src=x onerror="window.__pwned=1">', true);
    await element.updateComplete;
    expect(element.shadowRoot!.querySelector('img')).toBeNull();
    expect(element.shadowRoot!.querySelector('b')).toBeNull();
    expect((window as { __pwned?: number }).__pwned).toBeUndefined();
  });
});
