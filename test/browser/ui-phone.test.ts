// The visitor on a phone: at phone sizes (portrait, landscape, and a desktop at 200% zoom) the open floating
// panel is a full-screen sheet, End call and Mute stay on screen while the transcript scrolls, and nothing
// clips or overflows in French or Arabic in any state. Screenshots go to test-results/phone/ (not committed).
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { violations } from './axe-check.ts';
import { AMINA, cleanUp, endCall, failWith, goLive, mount, resetFakes, say, socket, sockets, type UiTestAgent } from './ui-harness.ts';

/** Phones in portrait, a phone in landscape, and 1280 × 720 at 200% zoom (640 × 360 CSS pixels). */
const VIEWPORTS: [number, number][] = [[320, 568], [375, 667], [390, 844], [667, 375], [640, 360]];

/** Where the walk also runs axe-core (the narrowest portrait and a landscape phone; it is slow). */
const AXE_AT = new Set([320, 667]);

beforeEach(() => {
  resetFakes();
});
afterEach(async () => {
  cleanUp();
  await page.viewport(800, 700);
});

const inViewport = (rect: DOMRect): boolean =>
  rect.left >= -0.5 && rect.top >= -0.5 && rect.right <= innerWidth + 0.5 && rect.bottom <= innerHeight + 0.5;

/** What is wrong with the widget's layout now: controls off screen, boxes wider than their content allows,
 *  text cut. An empty list is a pass. */
function layoutProblems(el: UiTestAgent, state: string): string[] {
  const problems: string[] = [];
  const panel = el.$('[part="panel"]');
  const box = panel.getBoundingClientRect();
  if (Math.abs(box.width - innerWidth) > 0.5) problems.push(`panel is ${box.width} wide, not ${innerWidth}`);
  if (box.height < 0.9 * innerHeight) problems.push(`panel is ${box.height} high, under 90% of ${innerHeight}`);
  if (!inViewport(box)) problems.push(`panel ${JSON.stringify(box)} leaves the viewport`);
  const scroller = el.$$('[part="transcript"]')[0];
  for (const node of panel.querySelectorAll<HTMLElement>('*')) {
    if (scroller?.contains(node) || node.closest('.visually-hidden') || node.closest('svg')) continue;
    const name = node.getAttribute('part') ?? node.className ?? node.tagName;
    if (node.scrollWidth > node.clientWidth + 1 && getComputedStyle(node).overflowX !== 'visible') {
      problems.push(`${name} is cut: content ${node.scrollWidth} px in ${node.clientWidth} px`);
    }
    if (node.matches('button, input')) {
      const rect = node.getBoundingClientRect();
      if (rect.width > 0 && !inViewport(rect)) problems.push(`${name} is off screen: ${JSON.stringify(rect)}`);
      if (node.scrollWidth > node.clientWidth + 1) problems.push(`${name} overflows its button`);
    }
  }
  const body = el.$('[part="body"]');
  if (state === 'live' && body.scrollHeight > body.clientHeight + 1) {
    problems.push(`the live body scrolls (${body.scrollHeight} in ${body.clientHeight}): controls may leave the screen`);
  }
  return problems;
}

function controlsOnScreen(el: UiTestAgent): void {
  for (const part of ['mute-button', 'end-button']) {
    const rect = el.$(`[part="${part}"]`).getBoundingClientRect();
    expect(rect.height, part).toBeGreaterThanOrEqual(44);
    expect(inViewport(rect), `${part} ${JSON.stringify(rect)} in ${innerWidth}×${innerHeight}`).toBe(true);
  }
}

async function shoot(name: string): Promise<void> {
  await page.screenshot({ path: `../../test-results/phone/${name}.png` });
}

describe.each(VIEWPORTS)('a phone-sized viewport %i × %i', (width, height) => {
  it.each(['fr', 'ar'])('the open panel is a sheet with nothing cut, in every state (%s)', async (lang) => {
    await page.viewport(width, height);
    const el = await mount({ lang });
    el.show();
    await el.updateComplete;
    const check = async (state: string) => {
      await el.updateComplete;
      await shoot(`${width}x${height}-${lang}-${state}`);
      expect(layoutProblems(el, state), state).toEqual([]);
      if (AXE_AT.has(width)) expect(await violations(el), state).toEqual([]);
    };
    await check('idle');

    const started = el.start();
    await vi.waitFor(() => expect(sockets).toHaveLength(1));
    await check('connecting');
    socket().open();
    socket().receive({ type: 'ready', conversationId: 'c-1', maxSeconds: 30, agent: AMINA });
    await started;
    socket().receive({ type: 'tool', name: 'check_calendar', status: 'running' });
    for (let i = 0; i < 8; i++) {
      say('agent', lang === 'ar' ? `مرحبا، كيف يمكنني مساعدتك اليوم؟ ${i}` : `Bonjour, comment puis-je vous aider ? ${i}`, true);
      say('user', lang === 'ar' ? `أريد حجز طاولة لشخصين ${i}` : `Je voudrais réserver une table ${i}`, true);
    }
    el.controller.setLevels(0.2, 0.1, true);
    await check('live');
    controlsOnScreen(el);

    await endCall(el, 'agent_ended', 61);
    await check('ended');
    await failWith(el, 'BUSY');
    await check('error');
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
    for (let i = 0; i < 4; i++) {
      await userEvent.tab();
      seen.push(el.root.activeElement?.getAttribute('part') ?? null);
    }
    expect(seen).toEqual(['close-button', 'call-button', 'close-button', 'call-button']);
    await userEvent.tab({ shift: true });
    expect(el.root.activeElement?.getAttribute('part')).toBe('close-button');
    await userEvent.tab({ shift: true });
    expect(el.root.activeElement?.getAttribute('part')).toBe('call-button');

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
