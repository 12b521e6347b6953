// A disclosure's summary ("Audio devices") takes the focus like a button.
const FOCUSABLE =
  'button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), a[href], details > summary:first-of-type, [tabindex]:not([tabindex="-1"])';
// What Tab cannot reach: hidden or inert, or inside a closed disclosure (which keeps layout boxes in Chromium).
const UNREACHABLE = '[hidden], [inert], details:not([open]) > :not(summary:first-of-type)';

/**
 * Keeps Tab and Shift+Tab inside `container` (a modal): from its last focusable element Tab goes to the first,
 * from the first (or the container itself) Shift+Tab goes to the last. Returns true when it moved the focus.
 */
export function wrapFocus(event: KeyboardEvent, container: HTMLElement, root: ShadowRoot): boolean {
  if (event.key !== 'Tab') return false;
  const focusable = [...container.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
    (element) => !element.closest(UNREACHABLE) && element.getClientRects().length > 0,
  );
  const first = focusable[0];
  const last = focusable.at(-1);
  if (!first || !last) return false;
  const active = root.activeElement;
  const outside = !active || !container.contains(active);
  if (event.shiftKey && (outside || active === first || active === container)) {
    last.focus();
  } else if (!event.shiftKey && (outside || active === last)) {
    first.focus();
  } else {
    return false;
  }
  event.preventDefault();
  return true;
}
