// The widget is a guest on a page it does not control: the page's scripts may stop its events on their way
// (analytics and framework code do), send look-alike events through it, and fill the consent slot in late.
// None of that may change what the widget does.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { AMINA, cleanUp, endCall, goLive, mount, resetFakes, sockets, text } from './ui-harness.ts';

let fetchStub: ReturnType<typeof resetFakes>;
beforeEach(async () => {
  fetchStub = resetFakes();
  await page.viewport(800, 700);
});
afterEach(cleanUp);

/** A capture listener on `document` that stops every `voice-agent-*` event before it reaches the widget. */
function stopEveryWidgetEvent(): { stopped: string[]; undo: () => void } {
  const stopped: string[] = [];
  const stop = (event: Event) => {
    if (!event.type.startsWith('voice-agent-')) return;
    stopped.push(event.type);
    event.stopImmediatePropagation();
  };
  const types = ['state', 'ready', 'transcript', 'interrupted', 'tool', 'ended', 'error', 'toggle', 'feedback'];
  for (const type of types) document.addEventListener(`voice-agent-${type}`, stop, { capture: true });
  return { stopped, undo: () => types.forEach((type) => document.removeEventListener(`voice-agent-${type}`, stop, { capture: true })) };
}

const consentNotice = () => {
  const notice = document.createElement('p');
  notice.slot = 'consent';
  notice.textContent = 'Calls are recorded. ';
  return notice;
};

describe('a page that stops the widget’s events', () => {
  it('changes nothing: the call goes live, the panel and `state` show it, end() ends it', async () => {
    const { stopped, undo } = stopEveryWidgetEvent();
    try {
      const el = await mount({ lang: 'en' });
      await goLive(el, { agent: AMINA });
      expect(stopped).toContain('voice-agent-ready'); // the events were sent, and stopped
      expect(el.getAttribute('state')).toBe('live');
      expect(el.open).toBe(true); // a call started by the page shows itself
      expect(text(el.$('[part="agent-name"]'))).toBe('Amina');
      expect(el.$$('[part~="end-button"]')).toHaveLength(1);
      await endCall(el);
      expect(el.getAttribute('state')).toBe('ended');
      expect(el.$$('[part="ended"]')).toHaveLength(1);
    } finally {
      undo();
    }
  });

  it('keeps the language the call started in while it lasts, and the agent for the next page load', async () => {
    const { undo } = stopEveryWidgetEvent();
    try {
      const el = await mount({ lang: 'en' });
      await goLive(el, { agent: AMINA });
      el.setAttribute('lang', 'fr');
      await el.updateComplete;
      expect(el.$('[part="base"]').getAttribute('lang')).toBe('en');
      await endCall(el);
      const stored = JSON.parse(localStorage.getItem('voice-agent:agent:https://service.test/|shop-42')!);
      expect(stored.value.name).toBe('Amina');
    } finally {
      undo();
    }
  });
});

describe('a look-alike event sent through the widget', () => {
  it('is not taken for the agent: a `voice-agent-ready` from a child is not stored or shown', async () => {
    const el = await mount({ lang: 'en' });
    const child = document.createElement('span');
    el.append(child);
    const fake = { conversationId: 'x', maxSeconds: 1, agent: { name: 'Mallory', avatar: {} } };
    child.dispatchEvent(new CustomEvent('voice-agent-ready', { detail: fake, bubbles: true, composed: true }));
    child.dispatchEvent(new CustomEvent('voice-agent-state', { detail: { state: 'live' }, bubbles: true, composed: true }));
    el.show();
    await el.updateComplete;
    expect(el.getAttribute('state')).toBe('idle');
    expect(text(el.$('[part="agent-name"]'))).not.toContain('Mallory');
    expect(localStorage.getItem('voice-agent:agent:https://service.test/|shop-42')).toBeNull();
  });
});

describe('a consent notice the page fills in late', () => {
  it('added after the panel rendered: the next Call shows it and asks for no ticket; accepting calls', async () => {
    const el = await mount({ lang: 'en' });
    el.show();
    await el.updateComplete;
    const callButton = el.$('[part~="call-button"]');
    el.append(consentNotice());
    // Pressed in the same task, before the widget has seen the notice: the notice still comes first.
    callButton.click();
    await el.updateComplete;
    expect(el.state).toBe('idle');
    expect(el.$$('[part="consent"]')).toHaveLength(1);
    expect(fetchStub.calls).toEqual([]);
    await userEvent.click(el.$('[part="consent-button"]'));
    await expect.poll(() => sockets.length).toBe(1);
    expect(fetchStub.calls).toHaveLength(1);
  });

  it('shows as soon as it is added, is gone when removed, and gates start() by what the page holds now', async () => {
    const el = await mount({ lang: 'en' });
    el.show();
    await el.updateComplete;
    const notice = consentNotice();
    el.append(notice);
    await expect.poll(() => el.$$('[part="consent"]').length).toBe(1);
    expect(el.$$('[part~="call-button"]')).toEqual([]);
    notice.remove();
    await expect.poll(() => el.$$('[part~="call-button"]').length).toBe(1);
    expect(el.$$('[part="consent"]')).toEqual([]);
    // A child that becomes the notice by taking the slot counts too.
    const late = document.createElement('p');
    late.textContent = 'Recorded.';
    el.append(late);
    late.slot = 'consent';
    await expect.poll(() => el.$$('[part="consent"]').length).toBe(1);
    await el.start();
    expect(el.state).toBe('idle');
    expect(fetchStub.calls).toEqual([]);
  });
});

