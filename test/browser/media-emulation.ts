// Emulated media features (CDP Emulation.setEmulatedMedia, Chromium) and colours read as pixels. Each call
// sets every feature the widget's styles read, so one test's emulation never leaks into the next.
import { cdp } from 'vitest/browser';

export interface EmulatedMedia {
  scheme?: 'light' | 'dark';
  forcedColors?: boolean;
  reducedMotion?: boolean;
}

export async function emulateMedia({ scheme = 'light', forcedColors = false, reducedMotion = false }: EmulatedMedia = {}): Promise<void> {
  await cdp().send('Emulation.setEmulatedMedia', {
    features: [
      { name: 'prefers-color-scheme', value: scheme },
      { name: 'forced-colors', value: forcedColors ? 'active' : 'none' },
      { name: 'prefers-reduced-motion', value: reducedMotion ? 'reduce' : 'no-preference' },
    ],
  });
}

const pixel = new OffscreenCanvas(1, 1).getContext('2d', { willReadFrequently: true })!;

/** Any CSS colour (`rgb(…)`, `color(srgb …)`, a system colour…) as [r, g, b, a], 0–255, as it would paint. */
export function rgba(colour: string): [number, number, number, number] {
  pixel.clearRect(0, 0, 1, 1);
  pixel.fillStyle = colour;
  pixel.fillRect(0, 0, 1, 1);
  const [r, g, b, a] = pixel.getImageData(0, 0, 1, 1).data;
  return [r!, g!, b!, a!];
}

/** A system colour (`Canvas`, `ButtonText`, `Highlight`…) as the page resolves it now. */
export function systemColour(name: string): [number, number, number, number] {
  const probe = document.createElement('span');
  probe.style.color = name;
  document.body.append(probe);
  const colour = getComputedStyle(probe).color;
  probe.remove();
  return rgba(colour);
}

/** WCAG contrast ratio of two opaque colours. */
export function contrast(a: readonly number[], b: readonly number[]): number {
  const luminance = ([r, g, b]: readonly number[]) => {
    const [R, G, B] = [r!, g!, b!].map((v) => {
      const c = v / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * R! + 0.7152 * G! + 0.0722 * B!;
  };
  const [high, low] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (high! + 0.05) / (low! + 0.05);
}

/** `top` painted over the opaque `bottom` (system colours such as Highlight can be translucent). */
export function over(top: readonly number[], bottom: readonly number[]): number[] {
  const alpha = top[3]! / 255;
  return [0, 1, 2].map((i) => Math.round(top[i]! * alpha + bottom[i]! * (1 - alpha))).concat(255);
}
