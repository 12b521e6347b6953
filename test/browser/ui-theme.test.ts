// The host site's theme: the `theme` attribute (light, dark, or auto = the system's prefers-color-scheme), set
// or changed at any time; an opaque panel whatever --voice-agent-surface says; axe-clean in the dark theme;
// hover keeps every button's text readable.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { violations } from './axe-check.ts';
import { contrast, emulateMedia, rgba } from './media-emulation.ts';
import { cleanUp, endCall, failWith, goLive, mount, resetFakes, say, socket, type UiTestAgent } from './ui-harness.ts';

const LIGHT_SURFACE = [255, 255, 255, 255];
const DARK_SURFACE = [15, 23, 42, 255];
const LIGHT_ACCENT = [15, 118, 110, 255];
const DARK_ACCENT = [94, 234, 212, 255];

const panelBackground = (el: UiTestAgent) => rgba(getComputedStyle(el.$('[part="panel"]')).backgroundColor);
const headingColour = (el: UiTestAgent) => rgba(getComputedStyle(el.$('[part="agent-name"]')).color);
const launcherBackground = (el: UiTestAgent) => rgba(getComputedStyle(el.$('[part="launcher"]')).backgroundColor);

/** The panel, its text and the launcher all in the light palette, or all in the dark one. */
function expectPalette(el: UiTestAgent, palette: 'light' | 'dark'): void {
  const light = palette === 'light';
  expect(panelBackground(el), palette).toEqual(light ? LIGHT_SURFACE : DARK_SURFACE);
  expect(headingColour(el), palette).toEqual(light ? [15, 23, 42, 255] : [241, 245, 249, 255]);
  expect(launcherBackground(el), palette).toEqual(light ? LIGHT_ACCENT : DARK_ACCENT);
  expect(getComputedStyle(el.$('[part="panel"]')).colorScheme, palette).toBe(palette);
}

async function settled(el: UiTestAgent): Promise<void> {
  await el.updateComplete;
}

beforeEach(async () => {
  resetFakes();
  await page.viewport(800, 700);
  await emulateMedia();
});
afterEach(async () => {
  await emulateMedia();
  await cleanUp();
});

describe('the theme attribute', () => {
  it('is auto by default and follows the system scheme as it changes', async () => {
    const el = await mount({ lang: 'en' });
    el.show();
    await settled(el);
    expect(el.theme).toBe('auto');
    expect(el.hasAttribute('theme')).toBe(false); // a default is not written onto the page's element
    el.theme = 'dark';
    expect(el.getAttribute('theme')).toBe('dark'); // the property writes the attribute
    el.theme = 'auto';
    await settled(el);
    expectPalette(el, 'light');
    await emulateMedia({ scheme: 'dark' });
    expectPalette(el, 'dark');
    await emulateMedia({ scheme: 'light' });
    expectPalette(el, 'light');
  });

  it('set after the element is on the page, switches the colours both ways, whatever the system says', async () => {
    for (const scheme of ['light', 'dark'] as const) {
      await emulateMedia({ scheme });
      const el = await mount({ lang: 'ar' });
      el.show();
      await settled(el);
      expectPalette(el, scheme);

      el.theme = 'dark'; // the property (reflected)
      await settled(el);
      expect(el.getAttribute('theme')).toBe('dark');
      expectPalette(el, 'dark');

      el.setAttribute('theme', 'light'); // the attribute
      await settled(el);
      expect(el.theme).toBe('light');
      expectPalette(el, 'light');

      el.theme = 'dark';
      await settled(el);
      expectPalette(el, 'dark');

      el.theme = 'auto';
      await settled(el);
      expectPalette(el, scheme);
      el.remove();
    }
  });

  it('wins over the system during a call too (a live panel switches, nothing else changes)', async () => {
    await emulateMedia({ scheme: 'dark' });
    const el = await mount({ lang: 'fr', theme: 'light' });
    el.show();
    await goLive(el);
    say('agent', 'Bonjour', true);
    await settled(el);
    expectPalette(el, 'light');
    const mute = el.$('[part="mute-button"]');
    expect(rgba(getComputedStyle(mute).borderColor)).toEqual([100, 116, 139, 255]);
    el.theme = 'dark';
    await settled(el);
    expectPalette(el, 'dark');
    expect(rgba(getComputedStyle(mute).borderColor)).toEqual([148, 163, 184, 255]);
    expect(el.state).toBe('live');
  });

  it('treats an unknown value as auto, and ignores case', async () => {
    await emulateMedia({ scheme: 'dark' });
    const el = await mount({ lang: 'en', theme: 'sepia' });
    el.show();
    await settled(el);
    expectPalette(el, 'dark');
    el.setAttribute('theme', 'LIGHT');
    await settled(el);
    expectPalette(el, 'light');
  });

  it("keeps the host's own colours in either theme", async () => {
    const el = await mount({ lang: 'en', theme: 'dark', style: '--voice-agent-accent: #fdba74' });
    el.show();
    await settled(el);
    expect(launcherBackground(el)).toEqual([253, 186, 116, 255]);
    expect(panelBackground(el)).toEqual(DARK_SURFACE);
  });
});

describe('an opaque panel', () => {
  it.each([
    ['transparent', 'light', LIGHT_SURFACE],
    ['transparent', 'dark', DARK_SURFACE],
    // Half-transparent red over each palette's own surface: (255·½ + 255·½, 0·½ + 255·½, …) and over #0f172a.
    ['rgb(255 0 0 / 0.5)', 'light', [255, 128, 128, 255]],
    ['rgb(255 0 0 / 0.5)', 'dark', [135, 12, 21, 255]],
    ['#fef3c7', 'dark', [254, 243, 199, 255]],
  ])('--voice-agent-surface: %s in the %s theme paints %j', async (surface, theme, painted) => {
    const el = await mount({ lang: 'en', theme, style: `--voice-agent-surface: ${surface}` });
    el.show();
    await settled(el);
    const [r, g, b, a] = panelBackground(el);
    expect(a).toBe(255);
    for (const [channel, value] of [r, g, b].entries()) expect(value).toBeCloseTo(painted[channel]!, -0.5); // ±1.6
    expect(getComputedStyle(el.$('[part="panel"]')).backgroundImage).toBe('none');
  });

  it('stays checkable by axe-core: a see-through surface with pale text is still reported', async () => {
    const el = await mount({ lang: 'en', layout: 'inline', style: '--voice-agent-surface: rgb(255 255 255 / 0.2)' });
    expect(await violations(el)).toEqual([]);
    el.style.setProperty('--voice-agent-text-muted', '#d4d4d4');
    expect((await violations(el)).some((v) => v.startsWith('color-contrast:'))).toBe(true);
  });
});

describe('axe-core in the dark theme (attribute), the system in light', () => {
  it.each(['floating', 'inline'])('finds no violations in idle, live, ended and error (%s)', async (layout) => {
    const el = await mount({ lang: 'ar', theme: 'dark', layout });
    el.show();
    await settled(el);
    expect(await violations(el), 'idle').toEqual([]);
    await goLive(el, { maxSeconds: 30 });
    say('agent', 'مرحبا، كيف يمكنني مساعدتك؟', true);
    say('user', 'أريد حجز طاولة', false);
    socket().receive({ type: 'tool', name: 'check_calendar', status: 'running' });
    el.muted = true;
    await settled(el);
    expect(panelBackground(el)).toEqual(DARK_SURFACE);
    expect(await violations(el), 'live').toEqual([]);
    await endCall(el, 'agent_ended', 61);
    expect(await violations(el), 'ended').toEqual([]);
    await failWith(el, 'BUSY');
    expect(await violations(el), 'error (countdown)').toEqual([]);
    await failWith(el, 'MODEL');
    expect(await violations(el), 'error').toEqual([]);
  });
});

describe('hover', () => {
  /** Hovers each of these buttons: its fill must change and its text keep 4.5:1 against the new fill. */
  async function hoverEach(el: UiTestAgent, parts: string[]): Promise<void> {
    for (const part of parts) {
      const button = el.$(`[part~="${part}"]`);
      const before = rgba(getComputedStyle(button).backgroundColor);
      await userEvent.hover(button);
      const after = rgba(getComputedStyle(button).backgroundColor);
      expect(after, `${part} changes on hover`).not.toEqual(before);
      expect(contrast(after, rgba(getComputedStyle(button).color)), part).toBeGreaterThanOrEqual(4.5);
      await userEvent.unhover(button);
    }
  }

  it.each(['light', 'dark'] as const)('tints every kind of button and keeps its text at 4.5:1 (%s)', async (theme) => {
    const el = await mount({ lang: 'en', layout: 'inline', theme });
    await goLive(el);
    el.muted = true; // a pressed toggle
    await settled(el);
    await hoverEach(el, ['send-button', 'mute-button', 'end-button']);
    await endCall(el);
    await hoverEach(el, ['call-button', 'feedback-up']);
    await failWith(el, 'MODEL');
    await hoverEach(el, ['retry-button']);
  });
});

describe('screenshots at 320 × 568 in Arabic (test-results/theme/, not committed)', () => {
  it.each([
    ['light', { scheme: 'light' }],
    ['dark', { scheme: 'dark' }],
    ['forced-colors', { forcedColors: true }],
    ['forced-colors-dark', { scheme: 'dark', forcedColors: true }],
  ] as const)('%s: live, ended and the launcher', async (name, media) => {
    await page.viewport(320, 568);
    await emulateMedia(media);
    const el = await mount({ lang: 'ar' });
    const shoot = (state: string) => page.screenshot({ path: `../../test-results/theme/320-ar-${name}-${state}.png` });
    await shoot('launcher');
    el.show();
    await goLive(el, { maxSeconds: 120 });
    say('agent', 'مرحبا، أنا أمينة. كيف يمكنني مساعدتك اليوم؟', true);
    say('user', 'أريد حجز طاولة لشخصين مساء الغد', true);
    say('agent', 'بكل سرور، في أي ساعة؟', false);
    el.controller.setLevels(0.2, 0.2, true);
    el.muted = true;
    await el.updateComplete;
    const end = el.$('[part="end-button"]').getBoundingClientRect();
    expect(end.bottom).toBeLessThanOrEqual(innerHeight);
    await shoot('live');
    await endCall(el, 'agent_ended', 61);
    await shoot('ended');
    el.hide();
    await el.updateComplete;
    await shoot('launcher-after-call');
  });
});
