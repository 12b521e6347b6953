// Full keyboard use: Tab order, Enter/Space, Escape closing the panel back to the launcher, visible focus.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { cleanUp, mount, resetFakes, say, socket, sockets, type UiTestAgent } from './ui-harness.ts';

// A desktop-sized viewport: the floating panel is a non-modal card there (on a phone it is a modal sheet,
// whose keyboard behaviour ui-phone.test.ts covers).
beforeEach(async () => {
  resetFakes();
  await page.viewport(800, 700);
});
afterEach(cleanUp);

/** The `part` (or id) of the element focused inside the widget, or null when focus is outside it. */
const focused = (el: UiTestAgent): string | null => {
  const active = el.root.activeElement;
  return active ? (active.getAttribute('part') ?? `#${active.id}`) : null;
};

async function tabs(el: UiTestAgent, count: number, shift = false): Promise<(string | null)[]> {
  const seen: (string | null)[] = [];
  for (let i = 0; i < count; i++) {
    await userEvent.tab({ shift });
    seen.push(focused(el));
  }
  return seen;
}

/** Answers the call the keyboard started. */
async function answer(el: UiTestAgent): Promise<void> {
  await vi.waitFor(() => expect(sockets).toHaveLength(1));
  socket().open();
  socket().receive({ type: 'ready', conversationId: 'c', maxSeconds: 300, agent: { name: 'Amina', avatar: {} } });
  await vi.waitFor(() => expect(el.state).toBe('live'));
  await el.updateComplete;
}

describe('floating layout by keyboard', () => {
  it('opens from the launcher, moves focus in, keeps a logical Tab order and Escape returns focus to the launcher', async () => {
    const el = await mount({ lang: 'en' });
    expect(await tabs(el, 1)).toEqual(['launcher']);
    await userEvent.keyboard('{Enter}');
    await el.updateComplete;
    expect(el.open).toBe(true);
    expect(focused(el)).toBe('call-button'); // the panel's main action

    expect(await tabs(el, 2, true)).toEqual(['close-button', 'launcher']);
    expect(await tabs(el, 4)).toEqual(['close-button', 'call-button', 'lang-select', null]);

    el.$('[part="call-button"]').focus();
    await userEvent.keyboard('{Escape}');
    await el.updateComplete;
    expect(el.open).toBe(false);
    expect(el.$('[part="panel"]').hidden).toBe(true);
    expect(focused(el)).toBe('launcher');
    expect(el.$('[part="launcher"]').getAttribute('aria-expanded')).toBe('false');

    await userEvent.keyboard(' '); // Space on the launcher opens it again
    await el.updateComplete;
    expect(el.open).toBe(true);
    expect(focused(el)).toBe('call-button');

    // The close button works from the keyboard too, and also gives focus back to the launcher.
    await userEvent.tab({ shift: true });
    await userEvent.keyboard('{Enter}');
    await el.updateComplete;
    expect(el.open).toBe(false);
    expect(focused(el)).toBe('launcher');
  });

  it('runs a whole call from the keyboard: call, type and send, mute with Space, close and reopen, end', async () => {
    const el = await mount({ lang: 'en' });
    await tabs(el, 1);
    await userEvent.keyboard('{Enter}'); // open
    await el.updateComplete;
    await userEvent.keyboard('{Enter}'); // Call
    await answer(el);
    say('agent', 'Hello', true);
    await el.updateComplete;

    el.$('[part="launcher"]').focus();
    expect(await tabs(el, 10)).toEqual([
      '#conversation-toggle', // the header's menu (Copy and Download), once the conversation has a turn
      'close-button',
      'transcript',
      'message-input',
      'send-button',
      'mute-button',
      'microphone-off-button', // Type instead, beside Mute
      'end-button',
      '#devices-toggle', // the audio devices disclosure, after the call's own controls
      null,
    ]);

    el.$('[part="message-input"]').focus();
    await userEvent.keyboard('Bonjour{Enter}');
    expect(socket().sentJsonWithoutPings.at(-1)).toEqual({ type: 'text', text: 'Bonjour' });
    expect(el.$<HTMLInputElement>('[part="message-input"]').value).toBe('');

    await tabs(el, 2);
    expect(focused(el)).toBe('mute-button');
    await userEvent.keyboard(' ');
    await el.updateComplete;
    expect(el.muted).toBe(true);
    expect(el.$('[part="mute-button"]').getAttribute('aria-pressed')).toBe('true');
    await userEvent.keyboard('{Enter}');
    await el.updateComplete;
    expect(el.muted).toBe(false);
    expect(el.$('[part="mute-button"]').getAttribute('aria-pressed')).toBe('false');

    // Escape from the text box closes the panel; the call goes on.
    el.$('[part="message-input"]').focus();
    await userEvent.keyboard('{Escape}');
    await el.updateComplete;
    expect(el.open).toBe(false);
    expect(focused(el)).toBe('launcher');
    expect(el.state).toBe('live');

    // Reopened during a call, focus lands on Mute (the call's main action, and harmless to press).
    await userEvent.keyboard('{Enter}');
    await el.updateComplete;
    expect(focused(el)).toBe('mute-button');
    await tabs(el, 1);
    expect(focused(el)).toBe('microphone-off-button');
    await tabs(el, 1);
    expect(focused(el)).toBe('end-button');
    await userEvent.keyboard('{Enter}');
    await vi.waitFor(() => expect(socket().sentJsonWithoutPings.at(-1)).toEqual({ type: 'end' }));
    expect(el.state).toBe('ending');
  });

  it('shows a visible focus ring on every control reached by keyboard', async () => {
    const el = await mount({ lang: 'ar' });
    await tabs(el, 1);
    await userEvent.keyboard('{Enter}');
    await el.updateComplete;
    await userEvent.keyboard('{Enter}');
    await answer(el);
    say('agent', 'مرحبا', true);
    await el.updateComplete;
    el.$('[part="launcher"]').focus();
    for (let i = 0; i < 6; i++) {
      const active = el.root.activeElement as HTMLElement;
      const style = getComputedStyle(active);
      expect(active.matches(':focus-visible'), active.getAttribute('part')!).toBe(true);
      expect(style.outlineStyle).toBe('solid');
      expect(parseFloat(style.outlineWidth)).toBeGreaterThanOrEqual(2);
      await userEvent.tab();
    }
  });
});

describe('focus across state changes', () => {
  it('moves focus to the new main action when the focused control goes away, never to the page', async () => {
    const el = await mount({ lang: 'en', layout: 'inline' });
    el.$('[part="call-button"]').focus();
    await userEvent.keyboard('{Enter}');
    await el.updateComplete;
    await vi.waitFor(() => expect(focused(el)).toBe('cancel-button'));
    await answer(el);
    await vi.waitFor(() => expect(focused(el)).toBe('mute-button'));

    el.$('[part="end-button"]').focus();
    await userEvent.keyboard('{Enter}');
    socket().receive({ type: 'ended', reason: 'caller_hangup', durationSeconds: 5, billedSeconds: 5, freeSeconds: 0, conversationId: 'c' });
    socket().serverClose(1000);
    await vi.waitFor(() => expect(el.state).toBe('ended'));
    await vi.waitFor(() => expect(focused(el)).toBe('call-button')); // Call again
  });

  it('leaves focus where it is when it was not in the panel', async () => {
    const outside = document.createElement('button');
    document.body.append(outside);
    const el = await mount({ lang: 'en', layout: 'inline' });
    outside.focus();
    void el.start();
    await answer(el);
    expect(document.activeElement).toBe(outside);
  });
});

describe('focus when the page closes the panel', () => {
  it('hands focus to the launcher when hide() closes a panel that held it, and leaves it alone otherwise', async () => {
    const outside = document.createElement('button');
    outside.textContent = 'Page button';
    document.body.append(outside);
    const el = await mount({ lang: 'en' });
    el.show();
    await el.updateComplete;
    el.$('[part="call-button"]').focus();
    el.hide();
    await el.updateComplete;
    expect(focused(el)).toBe('launcher');

    el.show();
    await el.updateComplete;
    outside.focus();
    el.hide();
    await el.updateComplete;
    expect(document.activeElement).toBe(outside);
  });
});

describe('inline layout by keyboard', () => {
  it('has no launcher; Escape does not hide the panel', async () => {
    const el = await mount({ lang: 'fr', layout: 'inline' });
    expect(await tabs(el, 3)).toEqual(['call-button', 'lang-select', null]);
    el.$('[part="call-button"]').focus();
    await userEvent.keyboard('{Escape}');
    await el.updateComplete;
    expect(el.$('[part="panel"]').hidden).toBe(false);
    await userEvent.keyboard(' ');
    await answer(el);
    expect(el.state).toBe('live');
  });
});
