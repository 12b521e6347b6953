// Forced colours (Windows high contrast; emulated with CDP `forced-colors: active`, which makes Chromium
// replace author colours as it does there): the launcher, the buttons, the meters, focus rings and borders
// stay visible in the system's colours.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { contrast, emulateMedia, over, rgba, systemColour } from './media-emulation.ts';
import { cleanUp, goLive, mount, resetFakes, type UiTestAgent } from './ui-harness.ts';

beforeEach(async () => {
  resetFakes();
  await page.viewport(800, 700);
  await emulateMedia({ forcedColors: true });
});
afterEach(async () => {
  await emulateMedia();
  await cleanUp();
});

const style = (node: Element, pseudo?: string) => getComputedStyle(node, pseudo);

/** How a label is painted: the colour most of its box shows, and the best contrast of any pixel against it.
 *  (Computed colours cannot tell a forced Canvas backplate painted behind a light label, which hides it.) */
async function painted(node: Element): Promise<{ ground: number[]; best: number }> {
  const { at, width, height } = await pixelsOf(node);
  const counts = new Map<string, number>();
  for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) {
    const key = at(x, y).join();
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  const ground = [...counts].sort((a, b) => b[1] - a[1])[0]![0].split(',').map(Number);
  const best = Math.max(...[...counts.keys()].map((key) => contrast(key.split(',').map(Number), ground)));
  return { ground, best };
}

interface Pixels {
  at: (x: number, y: number) => number[];
  width: number;
  height: number;
}

/** `node` as painted: decoded from a screenshot of its box, in device pixels. */
async function pixelsOf(node: Element): Promise<Pixels> {
  const base64 = await page.screenshot({ element: node, save: false });
  const png = Uint8Array.from(atob(base64), (char) => char.charCodeAt(0)); // (fetch is the tests' fake)
  const bitmap = await createImageBitmap(new Blob([png], { type: 'image/png' }));
  const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
  const context = canvas.getContext('2d')!;
  context.drawImage(bitmap, 0, 0);
  const data = context.getImageData(0, 0, bitmap.width, bitmap.height).data;
  const at = (x: number, y: number) => [...data.subarray((y * bitmap.width + x) * 4, (y * bitmap.width + x) * 4 + 4)];
  return { at, width: bitmap.width, height: bitmap.height };
}

describe.each(['light', 'dark'] as const)('forced colours over a %s system palette', (scheme) => {
  beforeEach(async () => {
    await emulateMedia({ scheme, forcedColors: true });
  });

  it('emulation really forces colours (the launcher loses its teal fill)', async () => {
    const el = await mount({ lang: 'ar' });
    expect(matchMedia('(forced-colors: active)').matches).toBe(true);
    expect(rgba(style(el.$('[part="launcher"]')).backgroundColor)).not.toEqual([15, 118, 110, 255]);
  });

  it('keeps the launcher a visible circle with a visible icon', async () => {
    const el = await mount({ lang: 'ar' });
    const launcher = el.$('[part="launcher"]');
    const canvas = systemColour('Canvas');
    const ring = rgba(style(launcher).borderTopColor);
    expect(style(launcher).borderTopStyle).toBe('solid');
    expect(parseFloat(style(launcher).borderTopWidth)).toBeGreaterThanOrEqual(2);
    expect(contrast(ring, canvas)).toBeGreaterThanOrEqual(3);
    const icon = launcher.querySelector('svg')!;
    expect(contrast(rgba(style(icon).color), rgba(style(launcher).backgroundColor))).toBeGreaterThanOrEqual(4.5);

    // As painted: the circle's edge (the middle of its inline start side) and the icon's middle differ from
    // the page around it (the screenshot's corner, outside the circle).
    const { at, width, height } = await pixelsOf(launcher);
    const outside = at(0, 0);
    const edge = at(1, Math.floor(height / 2));
    expect(contrast(edge, outside), `edge ${edge} vs page ${outside}`).toBeGreaterThanOrEqual(3);
    let iconPixels = 0;
    for (let y = Math.floor(height * 0.35); y < height * 0.65; y++) {
      for (let x = Math.floor(width * 0.35); x < width * 0.65; x++) if (contrast(at(x, y), outside) >= 3) iconPixels++;
    }
    expect(iconPixels).toBeGreaterThan(10);
  });

  it('keeps buttons, the pressed Mute, the meters, the panel border and the focus ring visible during a call', async () => {
    const el = await mount({ lang: 'fr' });
    el.show();
    await goLive(el);
    el.controller.setLevels(0.2, 0.2, true);
    const canvas = systemColour('Canvas');
    const panel = el.$('[part="panel"]');
    expect(contrast(rgba(style(panel).borderTopColor), canvas), 'panel border').toBeGreaterThanOrEqual(3);
    const avatar = el.$('[part="header"] [part="avatar"]');
    expect(contrast(rgba(style(avatar).borderTopColor), canvas), 'the header avatar ring').toBeGreaterThanOrEqual(3);

    for (const part of ['mute-button', 'end-button', 'send-button', 'close-button']) {
      const button = el.$(`[part="${part}"]`);
      const fill = over(rgba(style(button).backgroundColor), canvas); // a transparent button shows the panel
      expect(style(button).borderTopStyle, part).not.toBe('none');
      expect(contrast(rgba(style(button).borderTopColor), fill), `${part} border`).toBeGreaterThanOrEqual(3);
      expect(contrast(rgba(style(button).color), fill), `${part} text`).toBeGreaterThanOrEqual(4.5);
    }

    const bar = (part: string) => el.$(`[part="${part}"] i`);
    const statusBar = bar('output-level');
    expect(contrast(rgba(style(statusBar).backgroundColor), canvas), 'agent meter').toBeGreaterThanOrEqual(3);
    const mute = el.$('[part="mute-button"]');
    const micBar = bar('input-level');
    expect(contrast(rgba(style(micBar).backgroundColor), rgba(style(mute).backgroundColor)), 'mic meter').toBeGreaterThanOrEqual(3);

    // Pressed: a fill of its own (Highlight), not the same look as a button that is not.
    el.muted = true;
    await el.updateComplete;
    expect(rgba(style(mute).backgroundColor)).toEqual(systemColour('Highlight'));
    const pressedFill = over(rgba(style(mute).backgroundColor), canvas); // Highlight may be translucent
    expect(pressedFill).not.toEqual(over(rgba(style(el.$('[part="end-button"]')).backgroundColor), canvas));
    expect(contrast(rgba(style(mute).color), pressedFill), 'pressed text').toBeGreaterThanOrEqual(4.5);
    expect(contrast(rgba(style(micBar).backgroundColor), pressedFill), 'pressed meter').toBeGreaterThanOrEqual(3);
    // As painted: each label sits on its button's own fill (no backplate) and its glyphs stand out from it.
    for (const part of ['mute-button', 'end-button']) {
      const button = el.$(`[part="${part}"]`);
      const { ground, best } = await painted(button.querySelector('span:not(.meter)')!);
      const fill = over(rgba(style(button).backgroundColor), canvas);
      for (const [i, channel] of ground.slice(0, 3).entries()) expect(channel, `${part}'s label ground`).toBeCloseTo(fill[i]!, -0.5);
      expect(best, `${part}'s glyphs`).toBeGreaterThanOrEqual(3);
    }

    // The focus ring, reached from the keyboard.
    el.$('[part="end-button"]').focus();
    await userEvent.tab({ shift: true });
    const focused = el.root.activeElement!;
    expect(focused.matches(':focus-visible')).toBe(true);
    expect(style(focused).outlineStyle).toBe('solid');
    expect(rgba(style(focused).outlineColor)).toEqual(systemColour('Highlight'));
    expect(contrast(rgba(style(focused).outlineColor), canvas), 'focus ring').toBeGreaterThanOrEqual(3);
  });
});
