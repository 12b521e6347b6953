/** Typed text is kept to this many characters. */
export const MAX_TYPED_CHARS = 1000;

/** Typed text as the agent takes it: trimmed, control characters removed, length capped. */
export function cleanTyped(text: string): string {
  // eslint-disable-next-line no-control-regex
  return text.replace(/[\u0000-\u0008\u000b-\u001f\u007f]/g, '').trim().slice(0, MAX_TYPED_CHARS);
}
