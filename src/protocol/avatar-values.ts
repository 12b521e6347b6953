// Avatar values as the protocol accepts them: only what cannot escape a CSS gradient or an <img src>.
// Hex, rgb()/hsl() with plain numeric arguments, and named colours (letters only) are enough for avatars.
// (The widget asks the browser's own CSS parser about colours once more before using them.)

export interface AgentAvatar {
  /** CSS colour the gradient starts from (already checked to be a valid colour), if any. */
  from?: string;
  to?: string;
  /** http(s) URL of the avatar image, if any. */
  url?: string;
}

const COLOUR =
  /^(#[0-9a-fA-F]{3,4}|#[0-9a-fA-F]{6}|#[0-9a-fA-F]{8}|(rgb|rgba|hsl|hsla)\(\s*[-+0-9.%,\s/a-z]{1,60}\)|[a-zA-Z]{3,30})$/;

/** The colour, trimmed, when it has a safe shape; else undefined. */
export function colourOfSafeShape(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const colour = value.trim();
  return COLOUR.test(colour) ? colour : undefined;
}

/** An absolute http(s) URL, or undefined. */
export function safeImageUrl(value: unknown): string | undefined {
  if (typeof value !== 'string' || value.length > 2048) return undefined;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : undefined;
  } catch {
    return undefined;
  }
}

/** The avatar fields of a server message, each kept only when safe. */
export function readAvatar(value: unknown, colour = colourOfSafeShape): AgentAvatar {
  if (typeof value !== 'object' || value === null) return {};
  const raw = value as Record<string, unknown>;
  const avatar: AgentAvatar = {};
  const from = colour(raw.from);
  const to = colour(raw.to);
  const url = safeImageUrl(raw.url);
  if (from) avatar.from = from;
  if (to) avatar.to = to;
  if (url) avatar.url = url;
  return avatar;
}
