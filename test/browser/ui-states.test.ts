// Each call state rendered in each language, with the direction and the mirrored floating placement.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { page } from 'vitest/browser';
import { LANGS, type Lang } from '../../src/ui/i18n/catalogue.ts';
import { CATALOGUES } from '../catalogues.ts';
import { cleanUp, endCall, goLive, mount, resetFakes, say, socket, text, type UiTestAgent } from './ui-harness.ts';

beforeEach(async () => {
  resetFakes();
  await page.viewport(800, 700);
});
afterEach(cleanUp);

const statusRegion = (el: UiTestAgent) => text(el.$('[role="status"]'));
const statusLine = (el: UiTestAgent) => text(el.$('[part="status"]'));
const heading = (el: UiTestAgent) => text(el.$('[part="agent-name"]'));
const buttonNames = (el: UiTestAgent) =>
  el.$$('.panel button').map((b) => b.getAttribute('aria-label') ?? text(b));

describe.each(LANGS)('in %s', (lang: Lang) => {
  const t = CATALOGUES[lang];
  const dir = lang === 'ar' ? 'rtl' : 'ltr';

  it('idle: the widget name, an explanation of the microphone and a clear call button', async () => {
    const el = await mount({ lang });
    el.show();
    await el.updateComplete;
    const base = el.$('[part="base"]');
    expect(base.getAttribute('dir')).toBe(dir);
    expect(base.getAttribute('lang')).toBe(lang);
    expect(heading(el)).toBe(t.widgetName);
    expect(statusLine(el)).toBe(t.status.idle);
    expect(text(el.$('[part="intro"]'))).toBe(`${t.intro} ${t.micNotice}`);
    expect(buttonNames(el)).toEqual([t.close, t.call]);
    expect(statusRegion(el)).toBe('');
  });

  it('connecting: says so and offers to cancel, which ends as "cancelled"', async () => {
    resetFakes('hang');
    const el = await mount({ lang });
    void el.start();
    await el.updateComplete;
    expect(el.getAttribute('state')).toBe('connecting');
    expect(el.open).toBe(true);
    expect(statusLine(el)).toBe(t.status.connecting);
    expect(statusRegion(el)).toBe(t.status.connecting);
    expect(buttonNames(el)).toEqual([t.close, t.cancel]);

    el.$('[part="cancel-button"]').click();
    await expect.poll(() => el.getAttribute('state')).toBe('ended');
    await el.updateComplete;
    expect(text(el.$('[part="ended"] .notice-title'))).toBe(t.endReasons.cancelled);
  });

  it('live: the agent, who has the floor, the clock, the transcript and every control', async () => {
    const el = await mount({ lang });
    await goLive(el, { maxSeconds: 300 });
    say('agent', 'مرحبا Bonjour Hello', true);
    await el.updateComplete;
    expect(el.$('[part="base"]').getAttribute('dir')).toBe(dir);
    expect(heading(el)).toBe('Amina');
    expect(statusLine(el)).toBe(t.activity.listening);
    expect(statusRegion(el)).toBe(t.status.live('Amina').replace(/[\u2068\u2069]/g, ''));
    expect(text(el.$('[part="timer"] .left'))).toBe(t.timeLeft('5:00'));
    expect(el.$$('[part~="turn"]')).toHaveLength(1);
    // Copy and Download folded in the header's menu (its summary is no button); Type instead beside Mute.
    expect(buttonNames(el)).toEqual([t.copy, t.download, t.close, t.send, t.mute, t.notices.typeInstead, t.endCall]);
    expect(el.$('[part="message-input"]').getAttribute('aria-label')).toBe(t.message);
    expect(el.$('[part="message-input"]').getAttribute('placeholder')).toBe(t.messagePlaceholder);
  });

  it('ending: says so and keeps the transcript, without controls', async () => {
    const el = await mount({ lang });
    await goLive(el);
    say('user', 'Au revoir', true);
    void el.end(); // the service has not answered yet
    await el.updateComplete;
    expect(el.getAttribute('state')).toBe('ending');
    expect(statusLine(el)).toBe(t.status.ending);
    expect(statusRegion(el)).toBe(t.status.ending);
    expect(el.$$('[part~="turn"]')).toHaveLength(1);
    expect(el.$$('[part="controls"], [part="message-form"]')).toHaveLength(0);
  });

  it('ended: the reason in words, the duration through Intl, and a way to call again', async () => {
    const el = await mount({ lang });
    await goLive(el);
    await endCall(el, 'agent_ended', 95);
    const formatted = new Intl.ListFormat(t.locale, { type: 'unit', style: 'long' }).format([
      new Intl.NumberFormat(t.locale, { style: 'unit', unit: 'minute', unitDisplay: 'long' }).format(1),
      new Intl.NumberFormat(t.locale, { style: 'unit', unit: 'second', unitDisplay: 'long' }).format(35),
    ]);
    expect(statusLine(el)).toBe(t.status.ended);
    expect(text(el.$('[part="ended"]'))).toBe(`${t.endReasons.agent_ended} ${t.duration(formatted)} ${t.callAgain}`);
    // The reason says the call is over: announced alone, not after a "Call ended" that says it twice.
    expect(statusRegion(el)).toBe(t.endReasons.agent_ended);

    el.$('[part="ended"] [part="call-button"]').click();
    await expect.poll(() => el.getAttribute('state')).toBe('connecting');
  });

  it('error: the human title once, as the card’s heading, with its explanation; never the service’s own words', async () => {
    resetFakes({ status: 429, body: { error: 'RATE_LIMITED' } });
    const el = await mount({ lang });
    await el.start();
    await el.updateComplete;
    const { title, body } = t.errors.RATE_LIMITED;
    expect(statusLine(el)).toBe(t.status.error);
    expect(text(el.$('[part="error"] h3'))).toBe(title);
    expect(text(el.$('[part="error"]'))).toBe(`${title} ${body} ${t.retry}`);
    // Seen once: the status line, the card and the visually hidden region do not each repeat it.
    const visible = text(el.$('[part="panel"]'));
    expect(visible.split(title)).toHaveLength(2);
    expect(statusRegion(el)).toBe(`${title}. ${body}`);
    expect(el.root.textContent).not.toContain('raw server text');
  });
});

describe('language and direction', () => {
  it('formats Arabic with Latin digits and Arabic words', async () => {
    const el = await mount({ lang: 'ar' });
    await goLive(el);
    await endCall(el, 'caller_hangup', 95);
    expect(text(el.$('[part="ended"]'))).toContain('المدة: دقيقة و35 ثانية');
    expect(text(el.$('[part="ended"]'))).not.toMatch(/[\u0660-\u0669]/);
  });

  it('decides the language before the call: the lang attribute, then <html lang>, then the last agent’s, then Arabic', async () => {
    document.documentElement.lang = 'fr';
    const el = await mount();
    el.removeAttribute('lang');
    await el.updateComplete;
    const lang = () => el.$('[part="base"]').getAttribute('lang');
    expect(lang()).toBe('fr');

    document.documentElement.lang = 'de'; // not a language of the widget's
    await expect.poll(lang).toBe('ar');
    expect(el.$('[part="base"]').getAttribute('dir')).toBe('rtl');

    document.documentElement.lang = 'en-GB';
    await expect.poll(lang).toBe('en');
  });

  it('never changes language mid-call, whatever the agent, the page or the host then say', async () => {
    document.documentElement.lang = 'en';
    const el = await mount();
    el.removeAttribute('lang');
    await goLive(el, { agent: { name: 'Karim', avatar: {}, language: 'fr-DZ' } });
    const lang = () => el.$('[part="base"]').getAttribute('lang');
    expect(lang()).toBe('en');
    expect(text(el.$('[part="end-button"]'))).toBe(CATALOGUES.en.endCall);

    el.setAttribute('lang', 'ar');
    document.documentElement.lang = 'fr';
    await el.updateComplete;
    await new Promise((resolve) => setTimeout(resolve, 50)); // the page's <html lang> observer has run
    expect(lang()).toBe('en');
    expect(text(el.$('[part="end-button"]'))).toBe(CATALOGUES.en.endCall);

    await endCall(el, 'caller_hangup', 12);
    // Over: the host's choice applies again.
    expect(lang()).toBe('ar');
    expect(el.$('[part="base"]').getAttribute('dir')).toBe('rtl');
  });

  it('speaks the last agent’s language and shows its name and face before the next visit’s first call', async () => {
    document.documentElement.lang = 'de';
    const first = await mount();
    first.removeAttribute('lang');
    await first.updateComplete;
    expect(first.$('[part="base"]').getAttribute('lang')).toBe('ar');
    await goLive(first, { agent: { name: 'Karim', avatar: { from: '#0ea5e9', to: '#6366f1' }, language: 'fr-DZ' } });
    await endCall(first, 'caller_hangup', 12);
    // Not on this page: the language does not flip when the call ends.
    expect(first.$('[part="base"]').getAttribute('lang')).toBe('ar');
    first.remove();

    // The next page load, for the same agent: French, with Karim's name and face before any call.
    const next = await mount();
    next.removeAttribute('lang');
    await next.updateComplete;
    expect(next.$('[part="base"]').getAttribute('lang')).toBe('fr');
    expect(heading(next)).toBe('Karim');
    expect(next.$('[part="launcher"] [part="avatar"] .initial').textContent).toBe('K');
    expect(next.state).toBe('idle');
  });

  it('mirrors the floating corner: end is bottom right in LTR and bottom left in RTL; start is the other one', async () => {
    const width = window.innerWidth;
    const corner = async (attributes: Record<string, string>) => {
      const el = await mount(attributes);
      el.show();
      await el.updateComplete;
      const launcher = el.$('[part="launcher"]').getBoundingClientRect();
      const panel = el.$('[part="panel"]').getBoundingClientRect();
      el.remove();
      return { launcher, panel };
    };
    const endLtr = await corner({ lang: 'en' });
    expect(width - endLtr.launcher.right).toBeCloseTo(20, 0);
    expect(width - endLtr.panel.right).toBeCloseTo(20, 0);
    expect(window.innerHeight - endLtr.launcher.bottom).toBeCloseTo(20, 0);
    expect(endLtr.panel.bottom).toBeLessThan(endLtr.launcher.top);

    const endRtl = await corner({ lang: 'ar' });
    expect(endRtl.launcher.left).toBeCloseTo(20, 0);
    expect(endRtl.panel.left).toBeCloseTo(20, 0);

    const startLtr = await corner({ lang: 'fr', placement: 'start' });
    expect(startLtr.launcher.left).toBeCloseTo(20, 0);
    const startRtl = await corner({ lang: 'ar', placement: 'start' });
    expect(width - startRtl.launcher.right).toBeCloseTo(20, 0);
  });

  it('mirrors the conversation: the visitor’s turns sit at the inline end', async () => {
    for (const lang of ['en', 'ar'] as const) {
      const el = await mount({ lang });
      await goLive(el);
      say('agent', 'Hello', true);
      say('user', 'Hi', true);
      await el.updateComplete;
      const list = el.$('[part="transcript"]').getBoundingClientRect();
      const agent = el.$('.turn.agent').getBoundingClientRect();
      const user = el.$('.turn.user').getBoundingClientRect();
      if (lang === 'en') {
        expect(list.right - user.right).toBeLessThan(8);
        expect(agent.left - list.left).toBeLessThan(8);
      } else {
        expect(user.left - list.left).toBeLessThan(8);
        expect(list.right - agent.right).toBeLessThan(8);
      }
      await endCall(el);
      el.remove();
    }
  });
});

describe('layouts and the host API', () => {
  it('inline: the panel sits in the page flow, always shown, with no launcher or close button', async () => {
    const el = await mount({ lang: 'en', layout: 'inline' });
    expect(el.$$('[part="launcher"], [part="close-button"]')).toHaveLength(0);
    const panel = el.$('[part="panel"]');
    expect(panel.hidden).toBe(false);
    expect(panel.getAttribute('role')).toBe('region');
    expect(getComputedStyle(panel).position).toBe('static');
    expect(el.getBoundingClientRect().height).toBeGreaterThan(100);
    await goLive(el);
    expect(el.hasAttribute('open')).toBe(false); // `open` is a floating-only notion
  });

  it('floating: show()/hide() and the launcher open and close the panel, reflected as `open`, with voice-agent-toggle', async () => {
    const el = await mount({ lang: 'en' });
    const toggles: boolean[] = [];
    document.addEventListener('voice-agent-toggle', (e) => toggles.push((e as CustomEvent<{ open: boolean }>).detail.open));
    const panel = el.$('[part="panel"]');
    expect(panel.hidden).toBe(true);
    expect(panel.getAttribute('role')).toBe('dialog');
    el.show();
    await el.updateComplete;
    expect(panel.hidden).toBe(false);
    expect(el.hasAttribute('open')).toBe(true);
    expect(el.$('[part="launcher"]').getAttribute('aria-expanded')).toBe('true');
    el.hide();
    await el.updateComplete;
    expect(panel.hidden).toBe(true);
    el.$('[part="launcher"]').click();
    await el.updateComplete;
    expect(panel.hidden).toBe(false);
    expect(toggles).toEqual([true, false, true]);
  });

  it('a call started by the page opens the panel; a call goes on while the panel is closed, and the launcher says so', async () => {
    const el = await mount({ lang: 'en' });
    await goLive(el);
    expect(el.open).toBe(true);
    el.hide();
    await el.updateComplete;
    expect(el.state).toBe('live');
    const launcher = el.$('[part="launcher"]');
    expect(launcher.getAttribute('aria-label')).toBe('Voice assistant, call in progress');
    expect(launcher.classList.contains('active')).toBe(true);
    // The status and transcript announcers live outside the panel, so they still speak while it is closed.
    say('agent', 'Still here', true);
    await el.updateComplete;
    expect(text(el.$('[data-announcer="turns"]'))).toBe('Amina: Still here');
    await endCall(el);
    expect(launcher.getAttribute('aria-label')).toBe('Voice assistant');
  });

  it('says so in plain words when the page forgot the public-id, without throwing', async () => {
    const el = await mount({ lang: 'en', layout: 'inline', 'public-id': '' });
    el.$('[part="call-button"]').click();
    await expect.poll(() => el.$$('[part="intro"] [role="alert"]').length).toBe(1);
    expect(text(el.$('[part="intro"] [role="alert"]'))).toBe(CATALOGUES.en.notConfigured);
    expect(el.state).toBe('idle');
  });

  it('a typed message that cannot be sent is reported next to the box, not thrown', async () => {
    const el = await mount({ lang: 'en', layout: 'inline' });
    await goLive(el);
    socket().readyState = 3; // the socket is gone: send() throws inside the session
    const input = el.$<HTMLInputElement>('[part="message-input"]');
    input.value = 'hello';
    el.$<HTMLFormElement>('[part="message-form"]').requestSubmit();
    await el.updateComplete;
    expect(text(el.$('[part="message-form"] [role="alert"]'))).toBe(CATALOGUES.en.messageUnsent); // taken by the call, lost on its way out: send it again
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(input.value).toBe('hello'); // kept, so the visitor does not lose what they typed
  });

  it('a typed message the call refuses (too long for the service) says to shorten it', async () => {
    const el = await mount({ lang: 'en', layout: 'inline' });
    await goLive(el);
    vi.spyOn(el.controller.session, 'sendText').mockImplementation(() => {
      throw new RangeError('voice-agent: the text is too long to send');
    });
    const input = el.$<HTMLInputElement>('[part="message-input"]');
    input.value = 'hello';
    el.$<HTMLFormElement>('[part="message-form"]').requestSubmit();
    await el.updateComplete;
    expect(text(el.$('[part="message-form"] [role="alert"]'))).toBe(CATALOGUES.en.messageNotSent);
    expect(input.value).toBe('hello');
  });
});
