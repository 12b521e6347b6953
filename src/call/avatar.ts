import type { AgentAvatar } from './types.ts';

// Colours are used in a CSS gradient and URLs in <img src>: accept only what cannot escape those places.
// Hex, rgb()/hsl() with plain numeric arguments, and named colours (letters only) are enough for avatars.
const COLOUR =
  /^(#[0-9a-fA-F]{3,4}|#[0-9a-fA-F]{6}|#[0-9a-fA-F]{8}|(rgb|rgba|hsl|hsla)\(\s*[-+0-9.%,\s/a-z]{1,60}\)|[a-zA-Z]{3,30})$/;

/** A valid CSS colour, or undefined. Uses CSS.supports where there is a DOM, a strict pattern first. */
export function sanitizeColour(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const colour = value.trim();
  if (!COLOUR.test(colour)) return undefined;
  const css = (globalThis as { CSS?: { supports?: (p: string, v: string) => boolean } }).CSS;
  if (css?.supports && !css.supports('color', colour)) return undefined;
  return colour;
}

/** An absolute http(s) URL, or undefined. */
export function sanitizeImageUrl(value: unknown): string | undefined {
  if (typeof value !== 'string' || value.length > 2048) return undefined;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : undefined;
  } catch {
    return undefined;
  }
}

export function sanitizeAvatar(value: unknown): AgentAvatar {
  if (typeof value !== 'object' || value === null) return {};
  const raw = value as Record<string, unknown>;
  const avatar: AgentAvatar = {};
  const from = sanitizeColour(raw.from);
  const to = sanitizeColour(raw.to);
  const url = sanitizeImageUrl(raw.url);
  if (from) avatar.from = from;
  if (to) avatar.to = to;
  if (url) avatar.url = url;
  return avatar;
}
