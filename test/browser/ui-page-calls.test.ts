// A call belongs to the page: a single-page app's re-render keeps it (the same element moved, or a new one for
// the same agent adopts it), a widget removed for good ends it, and one call per page. The next page of the site
// offers to continue it. The in-page fakes stand in for the service and the audio (ui-harness.ts).
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { FakeMicrophone } from '../fake-piped-audio.ts';
import {
  AMINA, audio, cleanUp, endEveryCall, goLive, mount, resetFakes, say, socket, sockets, text, type UiTestAgent,
} from './ui-harness.ts';

let fetchStub: ReturnType<typeof resetFakes>;
beforeEach(async () => {
  fetchStub = resetFakes();
  sessionStorage.clear();
  await page.viewport(800, 700);
});
afterEach(async () => {
  await endEveryCall('ui-test-agent');
  sessionStorage.clear();
  await cleanUp();
});

const CONTINUE_KEY = 'voice-agent:continue:https://service.test/|shop-42';
/** The element a framework puts in the removed one's place, with the same attributes. */
const sameAgain = (element: UiTestAgent) => {
  const next = document.createElement('ui-test-agent') as UiTestAgent;
  for (const { name, value } of element.attributes) if (name !== 'state') next.setAttribute(name, value);
  return next;
};
const events = (element: EventTarget, type: string) => {
  const seen: unknown[] = [];
  element.addEventListener(`voice-agent-${type}`, (event) => seen.push((event as CustomEvent).detail));
  return seen;
};

describe('a single-page app re-renders during a call', () => {
  it('the same element moved keeps its call: no new ticket, the same socket, frames going on', async () => {
    const el = await mount({ lang: 'en' });
    await goLive(el, { agent: AMINA });
    const live = socket();
    el.remove();
    await new Promise((resolve) => setTimeout(resolve, 300));
    document.body.append(el);
    await el.updateComplete;
    expect(el.state).toBe('live');
    expect(fetchStub.calls).toHaveLength(1);
    expect(sockets).toEqual([live]);
    expect(live.closedWith).toBeUndefined();
    const before = live.sentBinary.length;
    audio.source.frame();
    await vi.waitFor(() => expect(live.sentBinary.length).toBe(before + 1));
    // Past the 2 s a removal for good would take, it is still the same live call.
    await new Promise((resolve) => setTimeout(resolve, 2200));
    expect(el.state).toBe('live');
    expect(live.closedWith).toBeUndefined();
  });

  it('a new element for the same agent adopts it: live, the transcript kept, its events from now on', async () => {
    const first = await mount({ lang: 'en', layout: 'inline' });
    await goLive(first, { agent: AMINA });
    say('agent', 'Hello, how can I help?', true);
    await first.updateComplete;
    first.remove();
    const next = sameAgain(first);
    const transcripts = events(next, 'transcript');
    document.body.append(next);
    await vi.waitFor(() => expect(next.state).toBe('live'));
    await next.updateComplete;
    expect(next.getAttribute('state')).toBe('live');
    expect(text(next.$('[part="agent-name"]'))).toBe('Amina');
    expect(text(next.$('[part="transcript"]'))).toContain('Hello, how can I help?');
    expect(next.$$('[part~="end-button"]')).toHaveLength(1);
    expect(fetchStub.calls).toHaveLength(1);
    expect(sockets).toHaveLength(1);
    say('user', 'Opening hours?', true);
    await next.updateComplete;
    expect(transcripts).toEqual([expect.objectContaining({ role: 'user', text: 'Opening hours?' })]);
    // The element that left has nothing of it any more.
    expect(first.state).toBe('idle');
    const ending = next.end();
    socket().receive({ type: 'ended', reason: 'caller_hangup', durationSeconds: 3, billedSeconds: 3, freeSeconds: 0, conversationId: 'c-1' });
    socket().serverClose(1000);
    await ending;
    expect(next.state).toBe('ended');
  });

  it('a widget removed for good ends its call and lets the microphone go within 3 s', async () => {
    const el = await mount({ lang: 'en' });
    await goLive(el, { agent: AMINA });
    const source = audio.source;
    el.remove();
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(source.closed).toBe(0); // still its call for a moment: an element may come back
    // The microphone goes on the page at once; `end` reaches the socket once the call's host hears of it (the
    // page's channel to it delivers a task later), within the same 3 s.
    await vi.waitFor(
      () => {
        expect(source.closed).toBeGreaterThan(0);
        expect(socket().sentJson).toContainEqual({ type: 'end' });
      },
      { timeout: 1500 },
    );
  });

  it('an element for another agent does not adopt it', async () => {
    const first = await mount({ lang: 'en' });
    await goLive(first, { agent: AMINA });
    first.remove();
    const other = await mount({ lang: 'en', 'public-id': 'other-agent' });
    await other.updateComplete;
    expect(other.state).toBe('idle');
    await vi.waitFor(() => expect(socket().sentJson).toContainEqual({ type: 'end' }), { timeout: 3000 });
  });
});

describe('one call per page', () => {
  it('starting a call on a second widget ends the first: its microphone let go, ended with the reason', async () => {
    const sales = await mount({ lang: 'en', layout: 'inline' });
    const support = await mount({ lang: 'en', layout: 'inline', 'public-id': 'support-7' });
    await goLive(sales, { agent: AMINA });
    const salesSource = audio.source;
    const salesEnded = events(sales, 'ended');
    audio.source = new FakeMicrophone();
    const starting = support.start();
    // Before the second call asks for anything, the first has let its microphone go.
    expect(salesSource.closed).toBeGreaterThan(0);
    await vi.waitFor(() => expect(sockets[0]!.sentJson).toContainEqual({ type: 'end' }));
    sockets[0]!.serverClose(1000);
    await vi.waitFor(() => expect(sockets).toHaveLength(2));
    socket().open();
    socket().receive({ type: 'ready', conversationId: 'c-2', maxSeconds: 300, agent: { name: 'Karim', avatar: {} } });
    await starting;
    expect(support.state).toBe('live');
    expect(sales.state).toBe('ended');
    expect(salesEnded).toEqual([expect.objectContaining({ reason: 'another_call' })]);
    await sales.updateComplete;
    expect(text(sales.$('[part="ended"]'))).toContain('A call started with another assistant on this page.');
  });
});

describe('the next page continues the call', () => {
  const pageHide = () => dispatchEvent(new PageTransitionEvent('pagehide', { persisted: false }));

  it('is kept as the page goes away during a call: the transcript and the agent, in this tab only', async () => {
    const el = await mount({ lang: 'en' });
    await goLive(el, { agent: AMINA });
    const before = Date.now();
    say('user', 'Do you deliver to Oran?', true);
    say('agent', 'Yes, in two days.', true);
    await el.updateComplete;
    pageHide();
    const kept = JSON.parse(sessionStorage.getItem(CONTINUE_KEY)!);
    // Each turn with when it began (the conversation's file counts time from them), and whether the call went on
    // typed (the next page continues it so).
    const began = expect.toSatisfy((at: number) => at >= before && at <= Date.now());
    expect(kept).toEqual({
      at: expect.any(Number),
      agent: AMINA,
      turns: [{ role: 'user', text: 'Do you deliver to Oran?', at: began }, { role: 'agent', text: 'Yes, in two days.', at: began }],
      typed: false,
    });
    expect(localStorage.getItem(CONTINUE_KEY)).toBeNull();
  });

  it('is offered on the next page with the earlier transcript, and asks for nothing until pressed', async () => {
    sessionStorage.setItem(CONTINUE_KEY, JSON.stringify({
      at: Date.now() - 5000, agent: AMINA, turns: [{ role: 'user', text: 'Do you deliver to Oran?' }, { role: 'agent', text: 'Yes.' }],
    }));
    localStorage.setItem('voice-agent:visit:https://service.test/|shop-42', JSON.stringify({ value: 'visit-7', at: Date.now() }));
    const el = document.createElement('ui-test-agent') as UiTestAgent;
    el.setAttribute('public-id', 'shop-42');
    el.setAttribute('server-url', 'https://service.test/');
    el.setAttribute('lang', 'en');
    document.body.append(el);
    // With no click: the panel opens on the offer.
    await vi.waitFor(() => expect(el.$$('[part~="continue-button"]')).toHaveLength(1));
    await el.updateComplete;
    expect(el.open).toBe(true);
    expect(text(el.$('[part~="continue-button"]'))).toBe('Continue the call');
    expect(text(el.$('[part="agent-name"]'))).toBe('Amina');
    expect(text(el.$('[part="transcript"]'))).toContain('Do you deliver to Oran?');
    expect(fetchStub.calls).toEqual([]);
    expect(audio.source.opened).toBe(0);

    const ready = events(el, 'ready');
    await userEvent.click(el.$('[part~="continue-button"]'));
    await vi.waitFor(() => expect(sockets).toHaveLength(1));
    expect(fetchStub.calls[0]!.body).toEqual({ visit: 'visit-7' });
    socket().open();
    socket().receive({ type: 'ready', conversationId: 'c-9', maxSeconds: 300, agent: AMINA });
    await vi.waitFor(() => expect(el.state).toBe('live'));
    expect(ready).toEqual([expect.objectContaining({ conversationId: 'c-9', continued: true })]);
    say('agent', 'Welcome back.', true);
    await el.updateComplete;
    const turns = el.$$('[part~="turn"]').map((turn) => text(turn.querySelector('.text')));
    expect(turns).toEqual(['Do you deliver to Oran?', 'Yes.', 'Welcome back.']);
    // Taken: the page after this one does not offer it again (unless this call is left in turn).
    expect(sessionStorage.getItem(CONTINUE_KEY)).toBeNull();
  });

  it('is not kept with remember="none", nor offered with continue="off" or after 2 minutes', async () => {
    const unremembered = await mount({ lang: 'en', remember: 'none' });
    await goLive(unremembered, { agent: AMINA });
    pageHide();
    expect(sessionStorage.getItem(CONTINUE_KEY)).toBeNull();
    await unremembered.end();
    unremembered.remove();

    const offer = (at: number) => JSON.stringify({ at, agent: AMINA, turns: [{ role: 'user', text: 'Hi' }] });
    sessionStorage.setItem(CONTINUE_KEY, offer(Date.now()));
    const off = await mount({ lang: 'en', continue: 'off', layout: 'inline' });
    expect(off.$$('[part~="continue-button"]')).toEqual([]);
    off.remove();

    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 2 * 60_000 + 1);
    const late = await mount({ lang: 'en', layout: 'inline' });
    expect(late.$$('[part~="continue-button"]')).toEqual([]);
    expect(late.$$('[part~="call-button"]')).toHaveLength(1);
  });

  it('forget() removes it, and the offer', async () => {
    sessionStorage.setItem(CONTINUE_KEY, JSON.stringify({ at: Date.now(), agent: AMINA, turns: [{ role: 'user', text: 'Hi' }] }));
    const el = await mount({ lang: 'en', layout: 'inline' });
    expect(el.$$('[part~="continue-button"]')).toHaveLength(1);
    el.forget();
    await el.updateComplete;
    expect(sessionStorage.getItem(CONTINUE_KEY)).toBeNull();
    expect(el.$$('[part~="continue-button"]')).toEqual([]);
  });
});
