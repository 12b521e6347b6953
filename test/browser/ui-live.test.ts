// During the call: who has the floor, the level meters (and reduced motion), the clock with its
// last-30-seconds warning, the running tool, and the agent's avatar with its colours sanitised.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cdp } from 'vitest/browser';
import { CATALOGUES } from '../catalogues.ts';
import { AvatarView } from '../../src/ui/internal/avatar.ts';
import { loudness } from '../../src/worker/meter-canvas.ts';
import { AMINA, cleanUp, endCall, goLive, mount, resetFakes, say, socket, text, type UiTestAgent } from './ui-harness.ts';

beforeEach(() => {
  resetFakes();
});
afterEach(async () => {
  await cdp().send('Emulation.setEmulatedMedia', { features: [{ name: 'prefers-reduced-motion', value: '' }] });
  await cleanUp();
});

const activity = (el: UiTestAgent) => ({
  name: el.$('[part="status"]').dataset.activity,
  text: text(el.$('[part="status"]')),
});

describe('who has the floor', () => {
  it('derives listening / speaking / thinking from the audio flag, the turns and the tool', async () => {
    const t = CATALOGUES.en;
    const el = await mount({ lang: 'en', layout: 'inline' });
    await goLive(el);
    expect(activity(el)).toEqual({ name: 'listening', text: t.activity.listening });

    el.controller.setLevels(0, 0.2, true);
    await el.updateComplete;
    expect(activity(el)).toEqual({ name: 'speaking', text: 'Amina is speaking' });

    el.controller.setLevels(0, 0, false);
    say('user', 'What time do you open', false);
    await el.updateComplete;
    expect(activity(el).name).toBe('listening'); // the caller is still talking

    say('user', 'What time do you open?', true);
    await el.updateComplete;
    expect(activity(el)).toEqual({ name: 'thinking', text: 'Amina is thinking…' });

    say('agent', 'We open', false);
    await el.updateComplete;
    expect(activity(el).name).toBe('listening');

    socket().receive({ type: 'tool', name: 'get_opening_hours', status: 'running' });
    await el.updateComplete;
    expect(activity(el).name).toBe('thinking');
    el.controller.setLevels(0, 0.2, true);
    await el.updateComplete;
    expect(activity(el).name).toBe('speaking'); // speaking wins over a running tool

    el.controller.setLevels(0, 0, false);
    socket().receive({ type: 'tool', name: 'get_opening_hours', status: 'done', ok: true });
    await el.updateComplete;
    expect(activity(el).name).toBe('listening');
  });

  it('names a long-named agent in full in the heading and shortened in the line of what it is doing', async () => {
    const name = 'Clinique Dentaire du Centre-Ville, accueil et rendez-vous';
    const el = await mount({ lang: 'en', layout: 'inline' });
    await goLive(el, { agent: { ...AMINA, name } });
    el.controller.setLevels(0, 0.2, true);
    await el.updateComplete;
    expect(text(el.$('[part="agent-name"]'))).toBe(name);
    expect(activity(el)).toEqual({ name: 'speaking', text: 'Clinique Dentaire du… is speaking' });
  });

  it('shows the running tool in words, and not once it is done', async () => {
    const el = await mount({ lang: 'fr', layout: 'inline' });
    await goLive(el);
    socket().receive({ type: 'tool', name: 'check_calendar', status: 'running' });
    await el.updateComplete;
    expect(text(el.$('[part="tool"]'))).toBe('Action en cours\u00a0: Check calendar');
    socket().receive({ type: 'tool', name: 'check_calendar', status: 'done', ok: false });
    await el.updateComplete;
    expect(el.$$('[part="tool"]')).toHaveLength(0);
  });

  it.each(['ar', 'fr', 'en'] as const)('never shows a raw tool id (%s): a sentence-case phrase, or no name at all', async (lang) => {
    const t = CATALOGUES[lang];
    const el = await mount({ lang, layout: 'inline' });
    await goLive(el);
    const shown = async (name: string) => {
      socket().receive({ type: 'tool', name, status: 'running' });
      await el.updateComplete;
      return text(el.$('[part="tool"]'));
    };
    expect(el.$$('[part="tool"]')).toHaveLength(0);
    // The phrase sits in bidi isolates, so it cannot reorder the Arabic sentence around it.
    socket().receive({ type: 'tool', name: 'get_time', status: 'running' });
    await el.updateComplete;
    expect(el.$('[part="tool"] span').textContent).toBe(t.tool('\u2068Get time\u2069'));
    for (const [name, label] of [
      ['get_opening_hours', 'Get opening hours'],
      ['get-opening-hours', 'Get opening hours'],
      ['getOpeningHours', 'Get opening hours'],
      ['GET_OPENING_HOURS', 'Get opening hours'],
      ['book.table', 'Book table'],
      ['  __send_SMS_code__ ', 'Send SMS code'],
      ['sendSMSCode', 'Send SMS code'],
      ['lookup_order_2', 'Lookup order 2'],
      ['حجز_طاولة', 'حجز طاولة'],
    ]) {
      expect(await shown(name!), name).toBe(t.tool(label!));
    }
    // A name with no word in it: the line says a tool runs, with no empty name or stray punctuation.
    expect(await shown('__')).toBe(t.toolUnnamed);
    expect(await shown('')).toBe(t.toolUnnamed);
  });
});

describe('level meters', () => {
  const meter = (el: UiTestAgent, part: string) => el.$(`[part="${part}"]`);
  const bars = (el: UiTestAgent, part: string) =>
    [...meter(el, part).querySelectorAll('i')].map((bar) => bar.getBoundingClientRect().height);
  const level = (el: UiTestAgent, part: string) => Number(meter(el, part).style.getPropertyValue('--level'));

  it('follows the microphone and the agent’s voice, shows nothing from a muted microphone, and survives nonsense', async () => {
    const el = await mount({ lang: 'en', layout: 'inline' });
    await goLive(el);
    const quiet = bars(el, 'output-level');
    el.controller.setLevels(0.05, 0.2, true);
    await el.updateComplete;
    expect(level(el, 'input-level')).toBeCloseTo(loudness(0.05), 3);
    expect(level(el, 'output-level')).toBeCloseTo(loudness(0.2), 3);
    expect(loudness(0.2)).toBeGreaterThan(loudness(0.05));
    await vi.waitFor(() => expect(bars(el, 'output-level')[2]).toBeGreaterThan(quiet[2]! * 2)); // after the 80 ms transition
    expect(meter(el, 'output-level').classList.contains('active')).toBe(true);

    el.muted = true;
    await el.updateComplete;
    expect(level(el, 'input-level')).toBe(0);

    for (const nonsense of [Number.NaN, Number.POSITIVE_INFINITY, -1, 7]) {
      el.controller.setLevels(nonsense, nonsense, false);
      await el.updateComplete;
      const value = level(el, 'output-level');
      expect(value >= 0 && value <= 1, String(nonsense)).toBe(true);
    }
  });

  it('stops moving with prefers-reduced-motion: the bars keep their height and only the colour says "active"', async () => {
    await cdp().send('Emulation.setEmulatedMedia', { features: [{ name: 'prefers-reduced-motion', value: 'reduce' }] });
    const el = await mount({ lang: 'ar', layout: 'inline' });
    await goLive(el);
    const quiet = bars(el, 'output-level');
    const quietOpacity = getComputedStyle(meter(el, 'output-level').querySelector('i')!).opacity;
    el.controller.setLevels(0, 0.3, true);
    await el.updateComplete;
    expect(bars(el, 'output-level')).toEqual(quiet);
    expect(getComputedStyle(meter(el, 'output-level').querySelector('i')!).transitionDuration).toBe('0s');
    expect(getComputedStyle(meter(el, 'output-level').querySelector('i')!).opacity).not.toBe(quietOpacity);
  });
});

describe('call clock', () => {
  it('shows elapsed time and time left, and warns in the last 30 seconds (visibly and once to screen readers)', async () => {
    const el = await mount({ lang: 'en', layout: 'inline' });
    // Faked after mounting: the session keeps the real clock it was built with for its own liveness checks.
    vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'] });
    await goLive(el, { maxSeconds: 90 });
    const timer = () => el.$('[part="timer"]');
    const shown = () => `${text(timer().querySelector('.elapsed'))} | ${text(timer().querySelector('.left'))}`;
    const status = () => text(el.$('[role="status"]'));
    expect(shown()).toBe('0:00 | 1:30 left');
    expect(text(timer().querySelector('.visually-hidden'))).toBe('Elapsed 0:00');
    expect(timer().classList.contains('warning')).toBe(false);
    expect(status()).toBe('Live with Amina');

    await vi.advanceTimersByTimeAsync(59_000);
    await el.updateComplete;
    expect(shown()).toBe('0:59 | 0:31 left');
    expect(timer().classList.contains('warning')).toBe(false);
    expect(status()).toBe('Live with Amina');

    await vi.advanceTimersByTimeAsync(1_000);
    await el.updateComplete;
    expect(shown()).toBe('1:00 | 0:30 left');
    expect(timer().classList.contains('warning')).toBe(true);
    expect(timer().querySelector('.left svg')).not.toBeNull();
    expect(status()).toBe('Live with Amina. Less than 30 seconds left in this call');

    await vi.advanceTimersByTimeAsync(29_000);
    await el.updateComplete;
    expect(shown()).toBe('1:29 | 0:01 left');
    expect(status()).toBe('Live with Amina. Less than 30 seconds left in this call'); // unchanged: not repeated
  });

  it('counts past an hour and speaks Arabic with Latin digits', async () => {
    const el = await mount({ lang: 'ar', layout: 'inline' });
    vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'] });
    await goLive(el, { maxSeconds: 4000 });
    vi.setSystemTime(Date.now() + 3_724_600); // jump the clock, then let one tick of the ticker run
    await vi.advanceTimersByTimeAsync(500);
    await el.updateComplete;
    expect(text(el.$('[part="timer"] .elapsed'))).toBe('1:02:05');
    expect(text(el.$('[part="timer"] .left'))).toBe('المتبقي 4:35');
    expect(el.$('[part="timer"]').classList.contains('warning')).toBe(false);
  });
});

describe('avatar', () => {
  const HOSTILE = {
    from: 'red;background:url(https://evil.test/steal)',
    to: 'url(javascript:alert(1))',
    url: 'javascript:alert(1)',
  };

  it('keeps hostile colours and URLs from the service out of every style and src', async () => {
    const el = await mount({ lang: 'en' });
    await goLive(el, { agent: { name: 'Mallory', avatar: HOSTILE } });
    await el.updateComplete;
    for (const avatar of el.$$('[part="avatar"]')) {
      expect(avatar.getAttribute('style') ?? '').not.toMatch(/evil|url\(|javascript/);
      expect(getComputedStyle(avatar).backgroundImage).not.toMatch(/evil|javascript/);
    }
    expect(el.root.querySelector('img')).toBeNull();
    expect(el.root.innerHTML).not.toMatch(/evil\.test|javascript:/);
  });

  it('sanitises again on its own: a hostile value handed straight to the view never reaches a style', () => {
    for (const from of [HOSTILE.from, 'expression(alert(1))', '#fff;color:red', 'var(--x)', 'rgb(1 2 3);x:y']) {
      const avatar = new AvatarView('small').show('X', { from, to: '#00f' });
      expect(avatar.getAttribute('style') ?? '', from).not.toContain(from);
      expect(avatar.style.backgroundImage, from).toBe('');
    }
    expect(new AvatarView('small').show('X', { url: 'javascript:alert(1)' }).querySelector('img')).toBeNull();
  });

  it('paints valid colours as a gradient with the initial, and an http(s) image over it', async () => {
    const el = await mount({ lang: 'en' });
    await goLive(el, { agent: { name: 'amina', avatar: { from: '#0ea5e9', to: 'rgb(99 102 241)' } } });
    el.hide();
    await el.updateComplete;
    for (const avatar of el.$$('[part="avatar"]')) {
      expect(getComputedStyle(avatar).backgroundImage).toBe(
        'linear-gradient(135deg, rgb(14, 165, 233), rgb(99, 102, 241))',
      );
      expect(text(avatar)).toBe('A');
    }
    expect(el.$$('[part="launcher"] [part="avatar"]')).toHaveLength(1); // the launcher shows the agent once known
    await endCall(el);

    const broken = `${location.origin}/no-such-avatar-${Date.now()}.png`;
    await goLive(el, { agent: { name: 'Amina', avatar: { url: broken } } });
    const img = el.$<HTMLImageElement>('[part="header"] img');
    expect(img.getAttribute('src')).toBe(broken);
    expect(img.getAttribute('alt')).toBe('');
    // An image that fails to load steps aside and the gradient with the initial shows.
    await vi.waitFor(() => expect(img.hidden).toBe(true));
    expect(text(el.$('[part="header"] [part="avatar"]'))).toBe('A');
  });
});
