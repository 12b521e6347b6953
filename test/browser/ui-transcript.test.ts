// The live transcript in the DOM: replace semantics, provisional turns, final-only announcements, auto-scroll.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { userEvent } from 'vitest/browser';
import { cleanUp, endCall, goLive, mount, resetFakes, say, text, type UiTestAgent } from './ui-harness.ts';

beforeEach(() => {
  resetFakes();
});
afterEach(cleanUp);

const turns = (el: UiTestAgent) => el.$$('[part~="turn"]');
const announced = (el: UiTestAgent) => el.$$('[data-announcer="turns"] p').map(text);

describe('transcript', () => {
  it('replaces a turn in place as it grows and when it becomes final, with roles interleaved', async () => {
    const el = await mount({ lang: 'fr', layout: 'inline' });
    await goLive(el);

    say('agent', 'Bon', false);
    await el.updateComplete;
    const [agentTurn] = turns(el);
    expect(turns(el)).toHaveLength(1);
    expect(agentTurn!.classList.contains('provisional')).toBe(true);
    expect(agentTurn!.getAttribute('part')).toBe('turn turn-agent turn-provisional');

    say('agent', 'Bonjour', false);
    say('user', 'Salut', false); // the caller speaks over the agent's open turn
    await el.updateComplete;
    expect(turns(el)).toHaveLength(2);
    expect(turns(el)[0]).toBe(agentTurn); // the same node, its text replaced
    expect(text(agentTurn!.querySelector('.text'))).toBe('Bonjour');

    say('agent', 'Bonjour, je vous écoute', true);
    await el.updateComplete;
    expect(turns(el)[0]).toBe(agentTurn);
    expect(agentTurn!.classList.contains('final')).toBe(true);
    expect(agentTurn!.getAttribute('part')).toBe('turn turn-agent');
    expect(turns(el)[1]!.classList.contains('provisional')).toBe(true);

    say('user', 'Salut, je voudrais réserver', true);
    say('agent', 'Pour', false); // a new agent turn opens after the closed one
    await el.updateComplete;
    expect(turns(el).map((li) => text(li.querySelector('.text')))).toEqual([
      'Bonjour, je vous écoute',
      'Salut, je voudrais réserver',
      'Pour',
    ]);
    expect(turns(el).map((li) => text(li.querySelector('.speaker')))).toEqual(['Amina', 'Vous', 'Amina']);
    expect(turns(el).map((li) => li.classList.contains('provisional'))).toEqual([false, false, true]);
    expect(turns(el).every((li) => li.querySelector('.text')!.getAttribute('dir') === 'auto')).toBe(true);
  });

  it('announces each turn once, when it is final, through a polite live region; the visible list is not live', async () => {
    const el = await mount({ lang: 'en', layout: 'inline' });
    await goLive(el);
    expect(el.$('[data-announcer="turns"]').getAttribute('aria-live')).toBe('polite');

    say('agent', 'Hel', false);
    say('agent', 'Hello the', false);
    await el.updateComplete;
    expect(el.$('[part="transcript"]').getAttribute('aria-live')).toBe('off');
    expect(announced(el)).toEqual([]);

    say('agent', 'Hello there', true);
    say('user', 'I need', false);
    await el.updateComplete;
    expect(announced(el)).toEqual(['Amina: Hello there']);
    const first = el.$('[data-announcer="turns"] p');

    say('user', 'I need a table', true);
    await el.updateComplete;
    expect(announced(el)).toEqual(['Amina: Hello there', 'You: I need a table']);
    // Earlier announcements are not re-inserted (that would announce them again).
    expect(el.$('[data-announcer="turns"] p')).toBe(first);

    for (const n of [1, 2, 3]) say('agent', `Reply ${n}`, true);
    await el.updateComplete;
    expect(announced(el)).toEqual(['Amina: Reply 1', 'Amina: Reply 2', 'Amina: Reply 3']);
  });

  it('renders hostile text and names as text', async () => {
    const el = await mount({ lang: 'en', layout: 'inline' });
    await goLive(el, { agent: { name: '<img src=x onerror="window.__pwnedName=1">', avatar: {} } });
    say('agent', '<script>window.__pwnedText=1</script><b>bold</b>', true);
    await el.updateComplete;
    expect(el.root.querySelector('script, b, img')).toBeNull();
    expect(text(el.$('.turn .text'))).toBe('<script>window.__pwnedText=1</script><b>bold</b>');
    expect(text(el.$('[part="agent-name"]'))).toBe('<img src=x onerror="window.__pwnedName=1">');
    expect((window as { __pwnedName?: number; __pwnedText?: number }).__pwnedName).toBeUndefined();
    expect((window as { __pwnedText?: number }).__pwnedText).toBeUndefined();
  });
});

describe('auto-scroll', () => {
  const fill = async (el: UiTestAgent, from: number, count: number) => {
    for (let i = from; i < from + count; i++) say(i % 2 ? 'user' : 'agent', `Line ${i} of a conversation that goes on`, true);
    await el.updateComplete;
  };
  const distanceFromBottom = (list: HTMLElement) => list.scrollHeight - list.scrollTop - list.clientHeight;

  it('follows new turns, stops when the visitor scrolls up, and resumes from "Jump to latest" or at the bottom', async () => {
    const el = await mount({ lang: 'en', layout: 'inline' });
    await goLive(el);
    await fill(el, 0, 20);
    const list = el.$('[part="transcript"]');
    expect(list.scrollHeight).toBeGreaterThan(list.clientHeight * 1.5);
    expect(distanceFromBottom(list)).toBeLessThan(2);

    // A growing partial turn keeps the view at the bottom too.
    say('agent', 'Growing', false);
    say('agent', 'Growing and growing\nover\nseveral\nlines', false);
    await el.updateComplete;
    expect(distanceFromBottom(list)).toBeLessThan(2);

    await userEvent.wheel(list, { delta: { y: -400 } });
    await expect.poll(() => el.$$('[part="jump-button"]').length).toBe(1);
    const readingAt = list.scrollTop;
    expect(distanceFromBottom(list)).toBeGreaterThan(100);

    await fill(el, 20, 5);
    expect(list.scrollTop).toBe(readingAt); // the text being read does not move

    el.$('[part="jump-button"]').click();
    await el.updateComplete;
    expect(distanceFromBottom(list)).toBeLessThan(2);
    expect(el.$$('[part="jump-button"]')).toHaveLength(0);
    await fill(el, 25, 3);
    expect(distanceFromBottom(list)).toBeLessThan(2);

    // Scrolling up and then back down by hand resumes following as well.
    await userEvent.wheel(list, { delta: { y: -300 } });
    await expect.poll(() => el.$$('[part="jump-button"]').length).toBe(1);
    await userEvent.wheel(list, { delta: { y: 5000 } });
    await expect.poll(() => el.$$('[part="jump-button"]').length).toBe(0);
    await fill(el, 28, 3);
    expect(distanceFromBottom(list)).toBeLessThan(2);
  });

  it('starts the next call following again', async () => {
    const el = await mount({ lang: 'en', layout: 'inline' });
    await goLive(el);
    await fill(el, 0, 20);
    await userEvent.wheel(el.$('[part="transcript"]'), { delta: { y: -400 } });
    await expect.poll(() => el.$$('[part="jump-button"]').length).toBe(1);
    await endCall(el);
    await goLive(el);
    await fill(el, 0, 20);
    expect(el.$$('[part="jump-button"]')).toHaveLength(0);
    expect(distanceFromBottom(el.$('[part="transcript"]'))).toBeLessThan(2);
  });
});
