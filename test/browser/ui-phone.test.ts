// The visitor on a phone: at phone sizes (portrait, landscape, and a desktop at 200% zoom) the open floating
// panel is a full-screen sheet, End call and Mute stay on screen while the transcript scrolls, and nothing
// clips or overflows in French or Arabic in any state — the call's states, the consent notice, a refused
// microphone with "Continue by typing", a typed call, offline and reconnecting, "Tap to continue" and the open
// device picker — each axe-clean. Screenshots go to test-results/phone/ (not committed).
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { CallError } from '../../src/call/errors.ts';
import { CATALOGUES } from '../catalogues.ts';
import type { VoiceAgentElement } from '../../src/voice-agent.ts';
import { violations } from './axe-check.ts';
import {
  AMINA, audio, cleanUp, endCall, endEveryCall, failWith, goLive, mount, mountWithConsent, recordAudioContexts, resetFakes, say,
  socket, sockets, text, type UiTestAgent,
} from './ui-harness.ts';

/** Phones in portrait, a phone in landscape, and 1280 × 720 at 200% zoom (640 × 360 CSS pixels). */
const VIEWPORTS: [number, number][] = [[320, 568], [375, 667], [390, 844], [667, 375], [640, 360]];

const CONSENT_KEY = 'voice-agent:consent:https://service.test/|shop-42';

beforeEach(() => {
  resetFakes();
  localStorage.removeItem(CONSENT_KEY);
});
afterEach(async () => {
  window.dispatchEvent(new Event('online'));
  await endEveryCall();
  localStorage.removeItem(CONSENT_KEY);
  await cleanUp();
  await page.viewport(800, 700);
});

const inViewport = (rect: DOMRect): boolean =>
  rect.left >= -0.5 && rect.top >= -0.5 && rect.right <= innerWidth + 0.5 && rect.bottom <= innerHeight + 0.5;

const CONTROLS = 'button, input, select, summary, a';

const scrolling = (overflow: string) => overflow === 'auto' || overflow === 'scroll';

/** A box whose content overflows and can be scrolled to (on `axis` alone, when given). */
function scrolls(box: Element, axis?: 'x' | 'y'): boolean {
  const { overflowX, overflowY } = getComputedStyle(box);
  const y = scrolling(overflowY) && box.scrollHeight > box.clientHeight + 1;
  const x = scrolling(overflowX) && box.scrollWidth > box.clientWidth + 1;
  return axis === 'x' ? x : axis === 'y' ? y : x || y;
}

/** Whether `node` sits in a box (inside the panel) that scrolls, so it can be scrolled into view. */
const inScrollingBox = (node: Element, panel: Element): boolean => {
  for (let box = node.parentElement; box && box !== panel; box = box.parentElement) if (scrolls(box)) return true;
  return false;
};

/** The nearest box around `node` (inside the shadow root) that hides what overflows it, if `node` pokes out of it;
 *  a box that scrolls does not count (what it holds can be scrolled to). */
function clippedBy(node: Element): Element | null {
  const rect = node.getBoundingClientRect();
  if (rect.width === 0 || rect.height === 0) return null;
  // Each axis on its own: a body that scrolls down does not excuse a control cut at its side.
  let scrolledX = false;
  let scrolledY = false;
  for (let box = node.parentElement; box; box = box.parentElement) {
    const { overflowX, overflowY } = getComputedStyle(box);
    scrolledX ||= scrolls(box, 'x');
    scrolledY ||= scrolls(box, 'y');
    const hides = (overflow: string) => overflow === 'hidden' || overflow === 'clip';
    const area = box.getBoundingClientRect();
    const outX = !scrolledX && hides(overflowX) && (rect.left < area.left - 0.5 || rect.right > area.right + 0.5);
    const outY = !scrolledY && hides(overflowY) && (rect.top < area.top - 0.5 || rect.bottom > area.bottom + 0.5);
    if (outX || outY) return box;
  }
  return null;
}

/** Any widget (the test subclass or the real element): the first match in its shadow root, and all of them. */
type Widget = HTMLElement;
const $ = <E extends Element = HTMLElement>(el: Widget, selector: string): E => {
  const found = el.shadowRoot!.querySelector<E>(selector);
  if (!found) throw new Error(`no ${selector} in the widget`);
  return found;
};
const $$ = (el: Widget, selector: string): Element[] => [...el.shadowRoot!.querySelectorAll(selector)];

/** What is wrong with the widget's layout now: controls off screen, boxes wider than their content allows,
 *  text or controls cut. An empty list is a pass. */
function layoutProblems(el: Widget, state: string): string[] {
  const problems: string[] = [];
  const panel = $(el, '[part="panel"]');
  const box = panel.getBoundingClientRect();
  if (Math.abs(box.width - innerWidth) > 0.5) problems.push(`panel is ${box.width} wide, not ${innerWidth}`);
  if (box.height < 0.9 * innerHeight) problems.push(`panel is ${box.height} high, under 90% of ${innerHeight}`);
  if (!inViewport(box)) problems.push(`panel ${JSON.stringify(box)} leaves the viewport`);
  const scroller = $$(el, '[part="transcript"]')[0];
  const nameOf = (node: Element) => node.getAttribute('part') ?? (node.className || node.tagName);
  for (const node of panel.querySelectorAll<HTMLElement>('*')) {
    if (scroller?.contains(node) || node.closest('.visually-hidden') || node.closest('svg')) continue;
    if (node.closest('details:not([open]) > :not(summary)')) continue; // folded away, not shown
    const name = nameOf(node);
    if (node.scrollWidth > node.clientWidth + 1 && getComputedStyle(node).overflowX !== 'visible') {
      problems.push(`${name} is cut: content ${node.scrollWidth} px in ${node.clientWidth} px`);
    }
    const clip = clippedBy(node);
    if (clip) problems.push(`${name} is cut by ${nameOf(clip)}: ${JSON.stringify(node.getBoundingClientRect())}`);
    if (node.matches(CONTROLS)) {
      const rect = node.getBoundingClientRect();
      if (rect.width > 0 && !inViewport(rect) && !inScrollingBox(node, panel)) problems.push(`${name} is off screen: ${JSON.stringify(rect)}`);
      if (node.scrollWidth > node.clientWidth + 1) problems.push(`${name} overflows its box`);
    }
  }
  const body = $(el, '[part="body"]');
  if ((state === 'live' || state === 'reconnecting') && body.scrollHeight > body.clientHeight + 1) {
    problems.push(`the ${state} body scrolls (${body.scrollHeight} in ${body.clientHeight}): controls may leave the screen`);
  }
  return problems;
}

/** Those of `parts` the view has (Mute, the speaker picker: not everywhere). */
const whereShown = (el: Widget, ...parts: string[]) => parts.filter((part) => $$(el, `[part="${part}"]`).length > 0);

/** These controls (End call and Mute unless told) are whole, at least 44 px high, and on screen with no scrolling. */
function controlsOnScreen(el: Widget, parts = ['mute-button', 'end-button']): void {
  for (const part of parts) {
    const rect = $(el, `[part="${part}"]`).getBoundingClientRect();
    expect(rect.height, part).toBeGreaterThanOrEqual(44);
    expect(inViewport(rect), `${part} ${JSON.stringify(rect)} in ${innerWidth}×${innerHeight}`).toBe(true);
  }
}

async function shoot(name: string): Promise<void> {
  await page.screenshot({ path: `../../test-results/phone/${name}.png` });
}

/** A screenshot, then the layout and axe-core, for one state at the current viewport. */
async function checkState(el: Widget & { updateComplete: Promise<boolean> }, shot: string, state: string): Promise<void> {
  await el.updateComplete;
  await shoot(`${innerWidth}x${innerHeight}-${shot}`);
  expect(layoutProblems(el, state), shot).toEqual([]);
  expect(await violations(el), shot).toEqual([]);
}

/** The transcript still shows its newest turn (a notice or the device picker that shrank it did not push the
 *  conversation out of view, nor make it look as if the visitor had scrolled up). */
function newestTurnInView(el: Widget): void {
  const list = $(el, '[part="transcript"]').getBoundingClientRect();
  const newest = $$(el, '[part~="turn"]').at(-1)!.getBoundingClientRect();
  expect(newest.bottom, 'newest turn').toBeLessThanOrEqual(list.bottom + 1);
  expect(newest.bottom, 'newest turn').toBeGreaterThan(list.top);
  expect($$(el, '[part="jump-button"]'), 'Jump to latest').toHaveLength(0);
}

/** A conversation long enough to fill the transcript, so the controls have to hold their place. */
function talk(lang: string, turns = 8): void {
  for (let i = 0; i < turns; i++) {
    say('agent', lang === 'ar' ? `مرحبا، كيف يمكنني مساعدتك اليوم؟ ${i}` : `Bonjour, comment puis-je vous aider ? ${i}`, true);
    say('user', lang === 'ar' ? `أريد حجز طاولة لشخصين ${i}` : `Je voudrais réserver une table ${i}`, true);
  }
}

/** Owners write their policy's address out in full: one word longer than a phone's line. */
const PRIVACY_URL = 'https://www.restaurant-andalous-oran.example.com/ar/legal/privacy-policy-and-terms-of-service';

/** The owner's consent notice in the visitor's language, its link written out in full. */
const consentNotice = (lang: string) =>
  lang === 'ar'
    ? `تُسجَّل المكالمات لتحسين خدمتنا. <a href="${PRIVACY_URL}">${PRIVACY_URL}</a>`
    : `Les appels sont enregistrés pour améliorer notre service. <a href="${PRIVACY_URL}">${PRIVACY_URL}</a>`;

/** Lets the page use the microphone once, as a call does: browsers name devices only after that. */
async function grantMicrophone(): Promise<void> {
  const stream = await navigator.mediaDevices.getUserMedia({ audio: true });
  for (const track of stream.getTracks()) track.stop();
}

describe.each(VIEWPORTS)('a phone-sized viewport %i × %i', (width, height) => {
  it.each(['fr', 'ar'])('the open panel is a sheet with nothing cut, in every state (%s)', async (lang) => {
    await page.viewport(width, height);
    const el = await mount({ lang });
    el.show();
    await el.updateComplete;
    const check = (state: string) => checkState(el, `${lang}-${state}`, state);
    await check('idle');

    const started = el.start();
    await vi.waitFor(() => expect(sockets).toHaveLength(1));
    await check('connecting');
    socket().open();
    socket().receive({ type: 'ready', conversationId: 'c-1', maxSeconds: 30, agent: AMINA });
    await started;
    socket().receive({ type: 'tool', name: 'check_calendar', status: 'running' });
    talk(lang);
    el.controller.setLevels(0.2, 0.1, true);
    await check('live');
    controlsOnScreen(el);

    await endCall(el, 'agent_ended', 61);
    await check('ended');
    await failWith(el, 'BUSY');
    await check('error');
  });

  it.each(['fr', 'ar'])('the consent notice, a refused microphone, then a typed call, offline and reconnecting (%s)', async (lang) => {
    await page.viewport(width, height);
    const el = await mountWithConsent({ lang }, consentNotice(lang));
    el.show();
    await checkState(el, `${lang}-consent`, 'idle');
    expect(inViewport(el.$('[part="consent-button"]').getBoundingClientRect())).toBe(true);
    // The owner's words are in the page's DOM, out of the layout check's reach: the long address stays in the card.
    const card = el.$('[part="consent"]');
    const cardStyle = getComputedStyle(card);
    const cardBox = card.getBoundingClientRect();
    const [left, right] = [cardBox.left + parseFloat(cardStyle.borderLeftWidth) + parseFloat(cardStyle.paddingLeft),
      cardBox.right - parseFloat(cardStyle.borderRightWidth) - parseFloat(cardStyle.paddingRight)];
    for (const line of el.querySelector('[slot="consent"] a')!.getClientRects()) {
      expect(line.left, 'the address in the consent notice').toBeGreaterThanOrEqual(left - 0.5);
      expect(line.right, 'the address in the consent notice').toBeLessThanOrEqual(right + 0.5);
    }

    audio.source.openError = new CallError('MIC_DENIED', 'NotAllowedError: Permission denied');
    el.$('[part="consent-button"]').click();
    await vi.waitFor(() => expect(el.state).toBe('error'));
    await checkState(el, `${lang}-mic-denied`, 'error');
    const typeInstead = el.$('[part="type-instead-button"]');
    expect(text(typeInstead)).toBe(CATALOGUES[lang as 'fr' | 'ar'].notices.continueByTyping);
    controlsOnScreen(el, ['type-instead-button']);

    const before = sockets.length;
    typeInstead.click();
    await vi.waitFor(() => expect(sockets.length).toBeGreaterThan(before));
    socket().open();
    socket().receive({ type: 'ready', conversationId: 'c-1', maxSeconds: 300, agent: AMINA });
    await vi.waitFor(() => expect(el.state).toBe('live'));
    talk(lang);
    await checkState(el, `${lang}-typed`, 'live');
    expect(el.$$('[part="typed-notice"]')).toHaveLength(1);
    controlsOnScreen(el, ['end-button', ...whereShown(el, 'mute-button')]);

    window.dispatchEvent(new Event('offline'));
    await checkState(el, `${lang}-offline`, 'live');
    expect(el.$$('[part="offline-notice"]')).toHaveLength(1);
    newestTurnInView(el);
    controlsOnScreen(el, ['end-button', ...whereShown(el, 'mute-button')]);

    socket().serverClose(1006);
    await vi.waitFor(() => expect(el.state).toBe('reconnecting'));
    await checkState(el, `${lang}-reconnecting`, 'reconnecting');
    controlsOnScreen(el, ['end-button', ...whereShown(el, 'mute-button')]);
  });

  it.each(['fr', 'ar'])('a voice call with the device picker open: selects, Mute and End call on screen (%s)', async (lang) => {
    await grantMicrophone();
    await page.viewport(width, height);
    const el = await mount({ lang });
    el.show();
    await goLive(el);
    talk(lang);
    await vi.waitFor(() => expect(el.$$('[part="devices"]')).toHaveLength(1));
    el.$<HTMLDetailsElement>('[part="devices"]').open = true;
    await vi.waitFor(() => expect(el.$$('[part="microphone-select"]')).toHaveLength(1));
    await checkState(el, `${lang}-devices`, 'live');
    newestTurnInView(el);
    controlsOnScreen(el, ['mute-button', 'end-button', 'microphone-select', ...whereShown(el, 'speaker-select')]);
  });
});

describe.each(VIEWPORTS)('"Tap to continue" at %i × %i, with the real audio engine', (width, height) => {
  it.each(['fr', 'ar'])('sits above the call with End call and Mute still on screen (%s)', async (lang) => {
    await page.viewport(width, height);
    const contexts = recordAudioContexts();
    const el = document.createElement('voice-agent') as VoiceAgentElement;
    el.setAttribute('public-id', 'shop-42');
    el.setAttribute('server-url', 'https://service.test/');
    el.setAttribute('lang', lang);
    document.body.append(el);
    el.show();
    const started = el.start();
    await vi.waitFor(() => expect(sockets).toHaveLength(1), 5000);
    socket().open();
    socket().receive({ type: 'ready', conversationId: 'c-1', maxSeconds: 300, agent: AMINA });
    await started;
    talk(lang);
    // The browser holds the audio until a gesture (autoplay rules, an iOS interruption).
    const context = contexts[0]!;
    // Running first (in Chromium the call's output waits for the microphone): a resume under way would win.
    await vi.waitFor(() => expect(context.state).toBe('running'));
    context.resume = () => new Promise<void>(() => {});
    await context.suspend();
    const root = el.shadowRoot!;
    await vi.waitFor(() => expect(root.querySelector('[part="resume-button"]')).not.toBeNull());
    await checkState(el, `${lang}-tap-to-continue`, 'live');
    newestTurnInView(el);
    expect(text(root.querySelector('[part="resume-button"]'))).toBe(CATALOGUES[lang as 'fr' | 'ar'].notices.tapToContinue);
    controlsOnScreen(el, ['resume-button', 'mute-button', 'end-button']);
  });
});

describe('a visitor without a microphone', () => {
  it.each(['fr', 'ar'])('MIC_UNAVAILABLE offers "Continue by typing", which starts a typed call that works (%s)', async (lang) => {
    await page.viewport(320, 568);
    const el = await mount({ lang });
    el.show();
    audio.source.openError = new CallError('MIC_UNAVAILABLE', 'NotFoundError: Requested device not found');
    await el.start();
    await el.updateComplete;
    expect(el.state).toBe('error');
    expect(el.$('[part="error"]').dataset.code).toBe('MIC_UNAVAILABLE');
    expect(audio.source.opened).toBe(1);
    const typeInstead = el.$('[part="type-instead-button"]');
    expect(text(typeInstead)).toBe(CATALOGUES[lang as 'fr' | 'ar'].notices.continueByTyping);
    controlsOnScreen(el, ['type-instead-button']);
    await checkState(el, `${lang}-mic-unavailable`, 'error');

    await userEvent.click(typeInstead);
    await vi.waitFor(() => expect(sockets).toHaveLength(1));
    socket().open();
    socket().receive({ type: 'ready', conversationId: 'c-1', maxSeconds: 300, agent: AMINA });
    await vi.waitFor(() => expect(el.state).toBe('live'));
    await el.updateComplete;
    expect(audio.source.opened).toBe(1); // the typed call did not try the microphone again
    expect(el.$$('[part="typed-notice"]')).toHaveLength(1);
    const input = el.$<HTMLInputElement>('[part="message-input"]');
    await vi.waitFor(() => expect(el.root.activeElement).toBe(input));
    await userEvent.keyboard('Bonjour{Enter}');
    expect(socket().sentJson).toContainEqual({ type: 'text', text: 'Bonjour' });
    expect(input.value).toBe('');
    // The uplink carries silence at the service's pace: frames are sent, every one silent.
    await vi.waitFor(() => expect(socket().sentBinary.length).toBeGreaterThan(5));
    expect(socket().sentBinary.every((frame) => new Int16Array(frame).every((sample) => sample === 0))).toBe(true);
    controlsOnScreen(el, ['end-button']);
  });
});

describe('the launcher', () => {
  it('stays a circle of at least 44 px with a round avatar of at least 24 px, also after a call', async () => {
    await page.viewport(390, 844);
    const el = await mount({ lang: 'ar', style: '--voice-agent-launcher-size: 30px' });
    const round = () => {
      const launcher = el.$('[part="launcher"]').getBoundingClientRect();
      expect(launcher.width).toBeGreaterThanOrEqual(44);
      expect(launcher.height).toBe(launcher.width);
      expect(getComputedStyle(el.$('[part="launcher"]')).borderRadius).toBe('50%');
    };
    round();
    await goLive(el);
    await endCall(el);
    el.hide();
    await el.updateComplete;
    round();
    const avatar = el.$('[part="launcher"] [part="avatar"]');
    const rect = avatar.getBoundingClientRect();
    expect(rect.width).toBeGreaterThanOrEqual(24);
    expect(rect.height).toBe(rect.width);
    expect(getComputedStyle(avatar).borderRadius).toBe('50%');
    await shoot('launcher-after-call-ar');
  });
});

describe('the sheet as a modal', () => {
  beforeEach(async () => {
    await page.viewport(390, 844);
  });

  it('is aria-modal, keeps Tab inside, closes on Escape and the close button, and gives focus back', async () => {
    const el = await mount({ lang: 'fr' });
    el.$('[part="launcher"]').focus();
    await userEvent.keyboard('{Enter}');
    await el.updateComplete;
    const panel = el.$('[part="panel"]');
    expect(panel.getAttribute('aria-modal')).toBe('true');
    expect(el.$('[part="launcher"]').inert).toBe(true);
    const seen: (string | null)[] = [];
    for (let i = 0; i < 6; i++) {
      await userEvent.tab();
      seen.push(el.root.activeElement?.getAttribute('part') ?? null);
    }
    expect(seen).toEqual(['lang-select', 'close-button', 'call-button', 'lang-select', 'close-button', 'call-button']);
    await userEvent.tab({ shift: true });
    expect(el.root.activeElement?.getAttribute('part')).toBe('close-button');
    await userEvent.tab({ shift: true }); // from the first, back round to the last
    expect(el.root.activeElement?.getAttribute('part')).toBe('lang-select');

    await userEvent.keyboard('{Escape}');
    await el.updateComplete;
    expect(el.open).toBe(false);
    expect(el.root.activeElement?.getAttribute('part')).toBe('launcher');

    await userEvent.keyboard('{Enter}');
    await el.updateComplete;
    el.$('[part="close-button"]').click();
    await el.updateComplete;
    expect(el.open).toBe(false);
    expect(el.$('[part="launcher"]').inert).toBe(false);
  });

  it('keeps Tab inside during a call, the Audio devices toggle (the last control) included', async () => {
    const el = await mount({ lang: 'fr' });
    el.show();
    await goLive(el);
    const toggle = await vi.waitFor(() => el.$('#devices-toggle'));
    toggle.focus();
    await userEvent.tab(); // from the last, round to the first
    expect(el.root.activeElement?.getAttribute('part')).toBe('close-button');
    await userEvent.tab({ shift: true }); // and back from the first to the last
    expect(el.root.activeElement).toBe(toggle);
    // Open, the pickers inside come after it.
    await userEvent.keyboard('{Enter}');
    await userEvent.tab();
    expect(el.root.activeElement?.getAttribute('part')).toBe('microphone-select');
    await userEvent.tab({ shift: true });
    await userEvent.tab({ shift: true }); // the toggle, then back before it: End call
    expect(el.root.activeElement?.getAttribute('part')).toBe('end-button');
  });

  it('is not modal on a desktop-sized viewport (the floating card lets the page be used)', async () => {
    await page.viewport(1024, 768);
    const el = await mount({ lang: 'fr' });
    el.show();
    await el.updateComplete;
    expect(el.$('[part="panel"]').hasAttribute('aria-modal')).toBe(false);
    expect(el.$('[part="launcher"]').inert).toBe(false);
    expect(el.$('[part="panel"]').getBoundingClientRect().width).toBeLessThan(400);
  });

  it('follows the visual viewport when the on-screen keyboard takes the bottom of the screen', async () => {
    const viewport = Object.assign(new EventTarget(), { height: 844, width: 390, offsetTop: 0, offsetLeft: 0 });
    vi.stubGlobal('visualViewport', viewport);
    const el = await mount({ lang: 'ar' });
    el.show();
    await goLive(el);
    viewport.height = 500;
    viewport.offsetTop = 40;
    viewport.dispatchEvent(new Event('resize'));
    await vi.waitFor(() => expect(el.$('[part="panel"]').getBoundingClientRect().height).toBeCloseTo(500, 0));
    expect(el.$('[part="panel"]').getBoundingClientRect().top).toBeCloseTo(40, 0);
    const end = el.$('[part="end-button"]').getBoundingClientRect();
    expect(end.bottom).toBeLessThanOrEqual(540.5);
    viewport.height = 844;
    viewport.offsetTop = 0;
    viewport.dispatchEvent(new Event('resize'));
    await vi.waitFor(() => expect(el.$('[part="panel"]').getBoundingClientRect().height).toBeCloseTo(844, 0));
  });
});

describe.each([[568, 320], [667, 375], [640, 360]] as [number, number][])('after a call in a short viewport %i × %i', (width, height) => {
  /** The transcript shows at least one whole turn (a list of a few pixels shows nothing), and every control
   *  can be reached (on screen, or in a box that scrolls). */
  function conversationAndControlsShown(el: UiTestAgent, state: string): void {
    expect(layoutProblems(el, state), state).toEqual([]);
    const list = $(el, '[part="transcript"]').getBoundingClientRect();
    const tallest = Math.max(...$$(el, '[part~="turn"]').map((turn) => turn.getBoundingClientRect().height));
    expect(list.height, `${state}: the transcript's height`).toBeGreaterThanOrEqual(tallest);
  }

  it.each(['fr', 'ar'])('shows the conversation after it ended or failed, and the language picker can be reached (%s)', async (lang) => {
    await page.viewport(width, height);
    const el = await mount({ lang });
    el.show();
    await goLive(el);
    talk(lang);
    await endCall(el, 'agent_ended', 61);
    await el.updateComplete;
    await shoot(`${width}x${height}-${lang}-ended-transcript`);
    conversationAndControlsShown(el, 'ended');

    await goLive(el);
    talk(lang);
    socket().receive({ type: 'error', code: 'SERVER_ERROR', error: 'raw' });
    socket().serverClose(4000);
    await vi.waitFor(() => expect(el.state).toBe('error'));
    await el.updateComplete;
    await shoot(`${width}x${height}-${lang}-error-transcript`);
    conversationAndControlsShown(el, 'error');
  });
});

describe('a phone with enlarged text (page zoom 110-150%: under 320 CSS px wide)', () => {
  it.each([
    [288, 'fr'], [288, 'ar'], [256, 'fr'], [256, 'ar'], [240, 'en'],
  ] as [number, string][])('at %i px wide, Mute and End call keep their whole labels (%s)', async (width, lang) => {
    await page.viewport(width, 568);
    const el = await mount({ lang });
    el.show();
    await goLive(el);
    talk(lang, 3);
    await el.updateComplete;
    await shoot(`${width}x568-${lang}-enlarged-text`);
    for (const part of ['mute-button', 'end-button']) {
      const button = $(el, `[part="${part}"]`);
      expect(button.scrollWidth, `${part}: content ${button.scrollWidth} px in ${button.clientWidth} px`).toBeLessThanOrEqual(button.clientWidth + 1);
    }
    controlsOnScreen(el);
    expect(layoutProblems(el, 'live')).toEqual([]);
  });
});
