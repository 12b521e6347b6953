// Hover, press and motion: every button answers a press (a short transform transition, a tint); nothing
// animates but transform and opacity in any state; with prefers-reduced-motion nothing moves at all.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cdp, page, userEvent } from 'vitest/browser';
import { emulateMedia, rgba } from './media-emulation.ts';
import { cleanUp, endCall, failWith, goLive, mount, resetFakes, say, type UiTestAgent } from './ui-harness.ts';

const CHEAP = new Set(['transform', 'opacity']);

beforeEach(async () => {
  resetFakes();
  await page.viewport(800, 700);
});
afterEach(async () => {
  await emulateMedia();
  await cleanUp();
});

/** Seconds of a CSS time list item (`0.12s`, `120ms`). */
const seconds = (time: string): number => (time.endsWith('ms') ? parseFloat(time) / 1000 : parseFloat(time));

/** Every transition with a duration in the shadow root (pseudo-elements included), as `part-or-class: property`. */
function transitions(el: UiTestAgent): { where: string; property: string; seconds: number }[] {
  const found: { where: string; property: string; seconds: number }[] = [];
  for (const node of el.root.querySelectorAll('*')) {
    for (const pseudo of [null, '::before', '::after']) {
      const style = getComputedStyle(node, pseudo);
      const properties = style.transitionProperty.split(',').map((p) => p.trim());
      const durations = style.transitionDuration.split(',').map((d) => seconds(d.trim()));
      properties.forEach((property, i) => {
        const duration = durations[i % durations.length]!;
        const where = `${node.getAttribute('part') ?? node.getAttribute('class') ?? node.tagName}${pseudo ?? ''}`;
        if (duration > 0) found.push({ where, property, seconds: duration });
      });
    }
  }
  return found;
}

/** The properties each running animation in the shadow root changes. */
const animatedProperties = (el: UiTestAgent): string[] =>
  el.root
    .getAnimations()
    .flatMap((animation) => (animation.effect as KeyframeEffect).getKeyframes())
    .flatMap((keyframe) => Object.keys(keyframe).filter((key) => !['offset', 'computedOffset', 'easing', 'composite'].includes(key)));

/** Holds the mouse button down on `target` (a real press: `:active` applies) until the returned release. */
async function press(target: Element): Promise<() => Promise<void>> {
  const rect = target.getBoundingClientRect();
  const frame = window.frameElement?.getBoundingClientRect() ?? { left: 0, top: 0, width: innerWidth };
  const scale = frame.width / innerWidth;
  const x = frame.left + (rect.left + rect.width / 2) * scale;
  const y = frame.top + (rect.top + rect.height / 2) * scale;
  await cdp().send('Input.dispatchMouseEvent', { type: 'mouseMoved', x, y });
  await cdp().send('Input.dispatchMouseEvent', { type: 'mousePressed', x, y, button: 'left', clickCount: 1 });
  expect(target.matches(':active'), 'pressed').toBe(true);
  return async () => {
    await cdp().send('Input.dispatchMouseEvent', { type: 'mouseReleased', x, y, button: 'left', clickCount: 1 });
  };
}

/** The widget through its states (floating, the panel open), `check` in each; the launcher's call ring too. */
async function walkStates(el: UiTestAgent, check: (state: string) => void): Promise<void> {
  el.show();
  await el.updateComplete;
  check('idle');
  resetFakes('hang');
  void el.start();
  await el.updateComplete;
  check('connecting');
  resetFakes();
  el.hide();
  await el.updateComplete;
  check('connecting, panel closed (the launcher rings)');
  el.show();
  await el.end();
  await goLive(el);
  for (let i = 0; i < 12; i++) say('agent', `Line ${i} of a long answer`, true);
  el.controller.setLevels(0.3, 0.3, true);
  el.muted = true;
  await el.updateComplete;
  check('live');
  await endCall(el);
  check('ended');
  await failWith(el, 'BUSY');
  check('error');
}

describe('without a motion preference', () => {
  beforeEach(async () => {
    await emulateMedia({ reducedMotion: false });
  });

  it('animates and transitions only transform and opacity, in every state', async () => {
    const el = await mount({ lang: 'ar' });
    const seen = new Set<string>();
    await walkStates(el, (state) => {
      for (const { where, property, seconds } of transitions(el)) {
        expect(CHEAP.has(property), `${state}: ${where} transitions ${property}`).toBe(true);
        expect(seconds, `${state}: ${where} is short`).toBeLessThanOrEqual(0.2);
        seen.add(where);
      }
      for (const property of animatedProperties(el)) expect(CHEAP.has(property), `${state}: animates ${property}`).toBe(true);
    });
    // Not vacuous: the launcher and the call's buttons do have transitions.
    for (const part of ['launcher', 'call-button', 'mute-button', 'end-button', 'send-button', 'retry-button']) {
      expect(seen.has(part), part).toBe(true);
    }
  });

  it('a press sinks the launcher and the buttons (transform) and tints the button', async () => {
    const el = await mount({ lang: 'fr' });
    let release = await press(el.$('[part="launcher"]'));
    await vi.waitFor(() => expect(new DOMMatrix(getComputedStyle(el.$('[part="launcher"]')).transform).a).toBeCloseTo(0.94, 2));
    await release(); // the click opens the panel
    await vi.waitFor(() => expect(el.open).toBe(true));

    await goLive(el);
    const mute = el.$('[part="mute-button"]');
    const rest = rgba(getComputedStyle(mute).backgroundColor);
    release = await press(mute);
    await vi.waitFor(() => expect(new DOMMatrix(getComputedStyle(mute).transform).a).toBeCloseTo(0.96, 2));
    expect(rgba(getComputedStyle(mute).backgroundColor)).not.toEqual(rest);
    await release();
    await vi.waitFor(() => expect(getComputedStyle(mute).transform).toBe('none'));
  });

  it('keeps the Jump to latest button centred while pressed (translate and transform add up)', async () => {
    const el = await mount({ lang: 'ar', layout: 'inline' });
    await goLive(el);
    for (let i = 0; i < 20; i++) say('agent', `سطر ${i} من إجابة طويلة`, true);
    await el.updateComplete;
    const transcript = el.$('[part="transcript"]');
    await userEvent.wheel(transcript, { delta: { y: -400 } });
    await vi.waitFor(() => expect(el.$$('[part="jump-button"]')).toHaveLength(1));
    const jump = el.$('[part="jump-button"]');
    const centre = (node: Element) => {
      const rect = node.getBoundingClientRect();
      return rect.left + rect.width / 2;
    };
    expect(centre(jump)).toBeCloseTo(centre(transcript), 0);
    const release = await press(jump);
    await vi.waitFor(() => expect(new DOMMatrix(getComputedStyle(jump).transform).a).toBeCloseTo(0.96, 2));
    expect(centre(jump)).toBeCloseTo(centre(transcript), 0);
    await release();
  });
});

describe('with prefers-reduced-motion: reduce', () => {
  beforeEach(async () => {
    await emulateMedia({ reducedMotion: true });
  });

  it('nothing moves: no transition and no animation of transform, in every state', async () => {
    const el = await mount({ lang: 'ar' });
    await walkStates(el, (state) => {
      for (const { where, property } of transitions(el)) {
        expect(property === 'opacity', `${state}: ${where} transitions ${property}`).toBe(true);
      }
      expect(animatedProperties(el), state).toEqual([]);
    });
  });

  it('a press still tints the button, without moving it', async () => {
    const el = await mount({ lang: 'fr', layout: 'inline' });
    await goLive(el);
    const mute = el.$('[part="mute-button"]');
    const rest = rgba(getComputedStyle(mute).backgroundColor);
    const release = await press(mute);
    expect(rgba(getComputedStyle(mute).backgroundColor)).not.toEqual(rest);
    expect(getComputedStyle(mute).transform).toBe('none');
    expect(getComputedStyle(mute).transitionDuration).toBe('0s');
    await release();
    const launcherEl = await mount({ lang: 'fr' });
    const launcher = launcherEl.$('[part="launcher"]');
    const releaseLauncher = await press(launcher);
    expect(getComputedStyle(launcher).transform).toBe('none');
    await releaseLauncher();
  });
});
