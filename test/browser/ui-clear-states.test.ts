// Clear states: muted says so everywhere, focus goes where a visitor needs it (and nowhere when the page starts
// the call), agent turns and countdowns reach a screen reader once.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { CATALOGUES } from '../catalogues.ts';
import { cleanUp, failWith, goLive, mount, resetFakes, say, socket, sockets, text, type UiTestAgent } from './ui-harness.ts';

beforeEach(async () => {
  resetFakes();
  await page.viewport(800, 700);
});
afterEach(cleanUp);

const focused = (el: UiTestAgent): string | null => el.root.activeElement?.getAttribute('part') ?? el.root.activeElement?.id ?? null;
const announcedTurns = (el: UiTestAgent) => el.$$('[data-announcer="turns"] p').map(text);

describe('muted', () => {
  it('shows in the status line, on the Mute button (pressed, same name, another look) and on its meter', async () => {
    const t = CATALOGUES.fr;
    const el = await mount({ lang: 'fr', layout: 'inline' });
    await goLive(el);
    const mute = el.$('[part="mute-button"]');
    const look = getComputedStyle(mute).backgroundColor;
    el.controller.setLevels(0.2, 0, false);
    await el.updateComplete;
    const bar = () => el.$('[part="input-level"] i:nth-child(3)').getBoundingClientRect().height;
    await vi.waitFor(() => expect(bar()).toBeGreaterThan(10)); // after the bars' transition
    const loudBar = bar();

    mute.click();
    await el.updateComplete;
    expect(text(el.$('[part="status"]'))).toBe(t.muted);
    expect(mute.getAttribute('aria-pressed')).toBe('true');
    expect(text(mute)).toBe(t.mute);
    expect(getComputedStyle(mute).backgroundColor).not.toBe(look);
    expect(el.$('[part="input-level"]').classList.contains('off')).toBe(true);
    await vi.waitFor(() => expect(bar()).toBeLessThan(loudBar / 2));

    el.controller.setLevels(0.2, 0.2, true); // the agent speaks while the visitor is muted
    await el.updateComplete;
    expect(text(el.$('[part="status"]'))).toBe(`Amina parle · ${t.muted}`);

    mute.click();
    el.controller.setLevels(0.2, 0, false);
    await el.updateComplete;
    expect(text(el.$('[part="status"]'))).toBe(t.activity.listening);
    expect(el.$('[part="input-level"]').classList.contains('off')).toBe(false);
  });
});

describe('focus', () => {
  it('moves to Mute when the visitor starts the call from the panel, and stays there as the call goes on', async () => {
    const el = await mount({ lang: 'ar' });
    el.$('[part="launcher"]').focus();
    await userEvent.keyboard('{Enter}');
    await el.updateComplete;
    await userEvent.keyboard('{Enter}'); // Call
    await vi.waitFor(() => expect(sockets).toHaveLength(1));
    socket().open();
    socket().receive({ type: 'ready', conversationId: 'c', maxSeconds: 300, agent: { name: 'Amina', avatar: {} } });
    await vi.waitFor(() => expect(focused(el)).toBe('mute-button'));
    for (let i = 0; i < 6; i++) {
      say('agent', `جملة ${i}`, i % 2 === 1);
      say('user', `رد ${i}`, true);
      el.controller.setLevels(0.1, 0.1, i % 2 === 0);
      await el.updateComplete;
    }
    socket().receive({ type: 'tool', name: 'book_table', status: 'running' });
    await el.updateComplete;
    expect(focused(el)).toBe('mute-button');
  });

  it('does not move when the page starts the call with start()', async () => {
    const outside = document.createElement('button');
    outside.textContent = 'page';
    document.body.append(outside);
    const el = await mount({ lang: 'en' });
    outside.focus();
    await goLive(el);
    say('agent', 'Hello', true);
    await el.updateComplete;
    expect(el.open).toBe(true); // it shows itself…
    expect(document.activeElement).toBe(outside); // …without taking the focus
    expect(el.root.activeElement).toBe(null);
  });
});

describe('screen-reader announcements', () => {
  it('reads an agent turn heard in the agent’s voice no second time; the visitor’s turns are still confirmed', async () => {
    const el = await mount({ lang: 'en', layout: 'inline' });
    await goLive(el);
    say('agent', 'Hello, this is Amina', false);
    el.controller.setLevels(0, 0.2, true); // the voice plays the words
    say('agent', 'Hello, this is Amina speaking', true);
    el.controller.setLevels(0, 0, false);
    say('user', 'I need a table', true);
    await el.updateComplete;
    expect(announcedTurns(el)).toEqual(['You: I need a table']);
    // The visible transcript keeps every turn.
    expect(el.$$('[part~="turn"]')).toHaveLength(2);
  });

  it('reads each agent turn once when no voice was heard', async () => {
    const el = await mount({ lang: 'en', layout: 'inline' });
    await goLive(el);
    say('agent', 'Hello', true);
    await el.updateComplete;
    say('agent', 'How can I help?', true);
    await el.updateComplete;
    expect(announcedTurns(el)).toEqual(['Amina: Hello', 'Amina: How can I help?']);
  });

  it('says a countdown once and then lets it tick silently', async () => {
    const el = await mount({ lang: 'en', layout: 'inline' });
    vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'] });
    await failWith(el, 'BUSY');
    const status = el.$('[role="status"]');
    const said = text(status);
    expect(said).toContain('Try again in 1 minute');
    const retry = el.$('[part="retry-button"]');
    const changes: string[] = [];
    const observer = new MutationObserver(() => changes.push(text(status)));
    observer.observe(status, { subtree: true, childList: true, characterData: true });
    for (let i = 0; i < 5; i++) {
      await vi.advanceTimersByTimeAsync(1000);
      await el.updateComplete;
    }
    observer.disconnect();
    expect(changes).toEqual([]);
    expect(text(retry.querySelector('.countdown'))).toBe('Try again in 55 seconds'); // visible, ticking
    expect(retry.querySelector('.countdown')!.getAttribute('aria-hidden')).toBe('true');
    expect(text(retry.querySelector('.visually-hidden'))).toBe('Try again'); // its name does not tick
  });
});

describe('the host page’s text styles', () => {
  it('stop at the shadow boundary: spacing, case, italics, indents and alignment are the widget’s own', async () => {
    const page = document.createElement('div');
    page.setAttribute(
      'style',
      'letter-spacing: 3px; word-spacing: 9px; text-transform: uppercase; font-style: italic; line-height: 3; text-indent: 40px; text-align: center',
    );
    document.body.append(page);
    const el = await mount({ lang: 'ar', layout: 'inline' }, page);
    const intro = getComputedStyle(el.$('[part="intro"] p'));
    expect(intro.letterSpacing).toBe('normal');
    expect(intro.wordSpacing).toBe('0px');
    expect(intro.textTransform).toBe('none');
    expect(intro.fontStyle).toBe('normal');
    expect(intro.textIndent).toBe('0px');
    expect(intro.textAlign).toBe('start');
    expect(parseFloat(intro.lineHeight) / parseFloat(intro.fontSize)).toBeCloseTo(1.45, 2);
  });
});
