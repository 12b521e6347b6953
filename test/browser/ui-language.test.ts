// The visitor's own language: a switcher outside a call (each language named in itself), the
// choice winning over the host's attribute and the page, kept for the visit (or the page with
// remember="none"), and never offered mid-call (the language is kept for the whole call).
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CATALOGUES } from '../catalogues.ts';
import { violations } from './axe-check.ts';
import { cleanUp, endCall, goLive, mount, resetFakes, text, type UiTestAgent } from './ui-harness.ts';

beforeEach(() => {
  resetFakes();
});
afterEach(() => cleanUp());

const lang = (el: UiTestAgent) => el.$('[part="base"]').getAttribute('lang');

async function choose(el: UiTestAgent, value: string): Promise<void> {
  const select = el.$<HTMLSelectElement>('[part="lang-select"]');
  select.value = value;
  select.dispatchEvent(new Event('change', { bubbles: true }));
  await el.updateComplete;
}

describe('the language switcher', () => {
  it('names each language in itself, and the visitor’s choice wins over the lang attribute', async () => {
    const el = await mount({ lang: 'ar', layout: 'inline' });
    const select = el.$<HTMLSelectElement>('[part="lang-select"]');
    expect([...select.options].map((option) => [option.value, option.lang, option.textContent!.trim()])).toEqual([
      ['ar', 'ar', 'العربية'],
      ['fr', 'fr', 'Français'],
      ['en', 'en', 'English'],
    ]);
    expect(select.value).toBe('ar');
    expect(text(el.$('label:has([part="lang-select"])'))).toContain('اللغة');

    await choose(el, 'fr');
    expect(lang(el)).toBe('fr');
    expect(el.$('[part="base"]').getAttribute('dir')).toBe('ltr');
    expect(text(el.$('[part="call-button"]'))).toBe(CATALOGUES.fr.call);
    expect(await violations(el)).toEqual([]);
  });

  it('is kept for the visit: the next widget on the next page speaks it too; remember="none" keeps it to the page', async () => {
    const el = await mount({ layout: 'inline' });
    await choose(el, 'en');
    el.remove();
    const next = await mount({ lang: 'fr', layout: 'inline' });
    expect(lang(next)).toBe('en');
    next.remove();
    next.forget();

    const privateOne = await mount({ layout: 'inline', remember: 'none' });
    await choose(privateOne, 'fr');
    expect(lang(privateOne)).toBe('fr');
    expect(Object.keys(localStorage).filter((key) => key.startsWith('voice-agent:'))).toEqual([]);
  });

  it('is not offered during a call, and is again once it is over', async () => {
    const el = await mount({ lang: 'en', layout: 'inline' });
    await goLive(el);
    expect(el.$$('[part="lang-select"]')).toEqual([]);
    await endCall(el, 'caller_hangup', 12);
    expect(el.$$('[part="lang-select"]')).toHaveLength(1);
  });
});
