// WCAG 2.2 AA with axe-core in idle, live, error and ended (and connecting), in Arabic and English, light
// and dark; touch targets of at least 44 × 44 px. axe.run(element) walks the open shadow root.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cdp, page, userEvent } from 'vitest/browser';
import { violations } from './axe-check.ts';
import { cleanUp, endCall, failWith, goLive, mount, resetFakes, say, socket, type UiTestAgent } from './ui-harness.ts';

async function colourScheme(scheme: 'light' | 'dark'): Promise<void> {
  await cdp().send('Emulation.setEmulatedMedia', { features: [{ name: 'prefers-color-scheme', value: scheme }] });
}

/** Every state the brief names, built one after the other on the same widget; `check` runs in each. */
async function walkStates(el: UiTestAgent, check: (state: string) => Promise<void>): Promise<void> {
  el.show();
  await el.updateComplete;
  await check('idle');

  await goLive(el, { maxSeconds: 30 }); // the time-left warning shows from the start
  say('agent', 'Bonjour, je vous écoute', true);
  say('user', 'Je voudrais', false);
  socket().receive({ type: 'tool', name: 'check_calendar', status: 'running' });
  el.controller.setLevels(0.2, 0.1, true);
  el.muted = true;
  await el.updateComplete;
  await check('live');

  await endCall(el, 'agent_ended', 61);
  await check('ended');

  await failWith(el, 'BUSY'); // a countdown (aria-disabled retry)
  await check('error (countdown)');
  await failWith(el, 'MIC_DENIED'); // retry now
  await check('error');
  await failWith(el, 'QUOTA'); // no retry
  await check('error (no retry)');
}

beforeEach(async () => {
  resetFakes();
  await page.viewport(800, 700);
});
afterEach(async () => {
  await colourScheme('light');
  await cdp().send('Emulation.setEmulatedMedia', { features: [{ name: 'prefers-reduced-motion', value: '' }] });
  await cleanUp();
});

describe.each([
  ['ar', 'light'],
  ['en', 'light'],
  ['ar', 'dark'],
  ['fr', 'dark'],
] as const)('axe-core in %s, %s scheme', (lang, scheme) => {
  it('finds no violations in idle, live, ended and error, floating', async () => {
    await colourScheme(scheme);
    const el = await mount({ lang });
    await walkStates(el, async (state) => {
      expect(await violations(el), state).toEqual([]);
    });
  });
});

describe('axe-core, inline layout', () => {
  it('sees inside the shadow root (a nameless button planted there is reported)', async () => {
    const el = await mount({ lang: 'en', layout: 'inline' });
    const planted = document.createElement('button');
    el.$('[part="body"]').append(planted);
    expect((await violations(el)).some((v) => v.startsWith('button-name:'))).toBe(true);
    planted.remove();
    expect(await violations(el)).toEqual([]);
  });

  it('finds no violations in any state', async () => {
    const el = await mount({ lang: 'en', layout: 'inline' });
    await walkStates(el, async (state) => {
      expect(await violations(el), state).toEqual([]);
    });
  });

  it('checks colour contrast inside the widget (a page that picks a pale text colour is reported)', async () => {
    const el = await mount({ lang: 'en', layout: 'inline' });
    el.style.setProperty('--voice-agent-text-muted', '#d4d4d4');
    expect((await violations(el)).some((v) => v.startsWith('color-contrast:'))).toBe(true);
  });

  it('finds no violations while connecting', async () => {
    resetFakes('hang');
    const el = await mount({ lang: 'ar', layout: 'inline' });
    void el.start();
    await el.updateComplete;
    expect(await violations(el)).toEqual([]);
  });
});

describe('touch targets', () => {
  it('every button and field is at least 44 × 44 px in every state, in both layouts', async () => {
    for (const layout of ['floating', 'inline']) {
      const el = await mount({ lang: 'ar', layout });
      await walkStates(el, async (state) => {
        const targets = el.$$('button, input').filter((node) => node.getClientRects().length > 0);
        // Inline, an error with no retry has nothing to press; everywhere else there are controls.
        if (!(layout === 'inline' && state === 'error (no retry)')) expect(targets.length, state).toBeGreaterThan(0);
        for (const target of targets) {
          const { width, height } = target.getBoundingClientRect();
          expect(Math.min(width, height), `${state}: ${target.getAttribute('part')}`).toBeGreaterThanOrEqual(44);
        }
      });
      el.remove();
      resetFakes();
    }
  });

  it('the "Jump to latest" button too', async () => {
    const el = await mount({ lang: 'en', layout: 'inline' });
    await goLive(el);
    for (let i = 0; i < 20; i++) say('agent', `Line ${i} of a long answer`, true);
    await el.updateComplete;
    await userEvent.wheel(el.$('[part="transcript"]'), { delta: { y: -400 } });
    await vi.waitFor(() => expect(el.$$('[part="jump-button"]')).toHaveLength(1));
    const { width, height } = el.$('[part="jump-button"]').getBoundingClientRect();
    expect(Math.min(width, height)).toBeGreaterThanOrEqual(44);
    expect(await violations(el)).toEqual([]);
  });
});
