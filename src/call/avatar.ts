import { colourOfSafeShape, readAvatar, safeImageUrl } from '../protocol/avatar-values.ts';
import type { AgentAvatar } from './types.ts';

// The protocol keeps only colours and URLs of a safe shape; here, where there is a DOM, the browser's own
// CSS parser gets the last word on colours (CSS.supports), before they reach a gradient.

/** A valid CSS colour, or undefined. Uses CSS.supports where there is a DOM, a strict pattern first. */
export function sanitizeColour(value: unknown): string | undefined {
  const colour = colourOfSafeShape(value);
  if (!colour) return undefined;
  const css = (globalThis as { CSS?: { supports?: (p: string, v: string) => boolean } }).CSS;
  if (css?.supports && !css.supports('color', colour)) return undefined;
  return colour;
}

/** An absolute http(s) URL, or undefined. */
export const sanitizeImageUrl = safeImageUrl;

export function sanitizeAvatar(value: unknown): AgentAvatar {
  return readAvatar(value, sanitizeColour);
}
