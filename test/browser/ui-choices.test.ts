// The owner's optional pieces in the panel: the consent notice that gates every way of starting a call,
// the microphone and speaker pickers (labelled once the page may use the microphone), and the thumbs
// up/down after a call (voice-agent-feedback). Each view is also checked with axe-core.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { page } from 'vitest/browser';
import { violations } from './axe-check.ts';
import { pageVisitStore } from '../../src/call/visit-store.ts';
import { cleanUp, endCall, goLive, mount, mountWithConsent, resetFakes, sockets, text } from './ui-harness.ts';

const CONSENT_KEY = 'voice-agent:consent:https://service.test/|shop-42';

function feedbackEvents(): { rating: string; conversationId: string }[] {
  const seen: { rating: string; conversationId: string }[] = [];
  document.addEventListener('voice-agent-feedback', (event) => seen.push((event as CustomEvent).detail));
  return seen;
}

beforeEach(async () => {
  resetFakes();
  localStorage.removeItem(CONSENT_KEY);
  await page.viewport(800, 700);
});
afterEach(async () => {
  localStorage.removeItem(CONSENT_KEY);
  await cleanUp();
});

describe('consent notice', () => {
  it('shows the owner’s notice instead of Call; start() from the page opens it and calls nobody', async () => {
    const ticketRequests = resetFakes();
    const el = await mountWithConsent({ lang: 'en' });
    el.show();
    await el.updateComplete;
    expect(el.$$('[part~="call-button"]')).toEqual([]);
    const consent = el.$('[part="consent"]');
    const slot = consent.querySelector('slot') as HTMLSlotElement;
    expect(slot.assignedElements()[0]?.textContent).toContain('Privacy policy');
    expect(text(el.$('[part="consent-button"]'))).toBe('Accept and call');

    el.hide();
    await el.updateComplete;
    await el.start();
    await el.updateComplete;
    expect(el.state).toBe('idle');
    expect(el.open).toBe(true);
    expect(sockets).toHaveLength(0);
    expect(ticketRequests.calls).toEqual([]);
    expect(localStorage.getItem(CONSENT_KEY)).toBeNull();
  });

  it('accepting calls at once, and the visit remembers it (no notice on the next widget)', async () => {
    const el = await mountWithConsent({ lang: 'en' });
    el.show();
    await el.updateComplete;
    el.$('[part="consent-button"]').click();
    await el.updateComplete;
    expect(el.state).toBe('connecting');
    expect(JSON.parse(localStorage.getItem(CONSENT_KEY)!)).toEqual({ value: true, at: expect.any(Number) });
    await el.end(); // a call under way would be the next widget's (it adopts it)
    el.remove();

    resetFakes();
    const next = await mountWithConsent({ lang: 'en' });
    next.show();
    await next.updateComplete;
    expect(next.$$('[part="consent"]')).toEqual([]);
    expect(next.$$('[part~="call-button"]')).toHaveLength(1);
  });

  it('forget() forgets the acceptance too: the notice shows again before the next call', async () => {
    localStorage.setItem(CONSENT_KEY, String(Date.now()));
    const el = await mountWithConsent({ lang: 'en' });
    el.show();
    await el.updateComplete;
    expect(el.$$('[part="consent"]')).toEqual([]);
    el.forget();
    el.requestUpdate();
    await el.updateComplete;
    expect(el.$$('[part="consent"]')).toHaveLength(1);
    expect(localStorage.getItem(CONSENT_KEY)).toBeNull();
  });

  it('an acceptance older than a day does not count', async () => {
    localStorage.setItem(CONSENT_KEY, String(Date.now() - 25 * 60 * 60 * 1000));
    const el = await mountWithConsent({ lang: 'en' });
    el.show();
    await el.updateComplete;
    expect(el.$$('[part="consent"]')).toHaveLength(1);
  });

  it('with remember="none" it is asked once per page and nothing is stored', async () => {
    const el = await mountWithConsent({ lang: 'en', remember: 'none' });
    el.show();
    await el.updateComplete;
    el.$('[part="consent-button"]').click();
    await el.updateComplete;
    expect(el.state).toBe('connecting');
    expect(localStorage.getItem(CONSENT_KEY)).toBeNull();
    // This page goes on calling without asking again…
    await goLive(el);
    await endCall(el);
    const before = sockets.length;
    void el.start();
    await expect.poll(() => sockets.length).toBeGreaterThan(before);
    await el.end();
    el.remove();
    // …another page (a new widget, and nothing in the page's memory: nothing was stored) asks again.
    pageVisitStore().forgetAll();
    resetFakes();
    const next = await mountWithConsent({ lang: 'en', remember: 'none' });
    next.show();
    await next.updateComplete;
    expect(next.$$('[part="consent"]')).toHaveLength(1);
  });

  it('an acceptance counts for its agent: the page switching the widget to another agent asks again, and not for the first', async () => {
    const el = await mountWithConsent({ lang: 'en', remember: 'none' });
    /** Accepts the notice shown and makes a whole call. */
    const acceptAndCall = async () => {
      el.$('[part="consent-button"]').click();
      await goLive(el);
      await endCall(el);
    };
    /** The page points the widget at another agent; the consent notices the panel then shows. */
    const switchTo = async (publicId: string) => {
      el.setAttribute('public-id', publicId);
      el.requestUpdate();
      await el.updateComplete;
      return el.$$('[part="consent"]');
    };
    el.show();
    await el.updateComplete;
    await acceptAndCall();
    expect(await switchTo('shop-43')).toHaveLength(1);
    const before = sockets.length;
    await el.start();
    expect(sockets.length).toBe(before);
    await acceptAndCall();
    // Back to the first agent, accepted on this page too: no notice.
    expect(await switchTo('shop-42')).toEqual([]);
  });

  it('without a consent slot there is no notice', async () => {
    const el = await mount({ lang: 'en' });
    el.show();
    await el.updateComplete;
    expect(el.$$('[part="consent"]')).toEqual([]);
  });

  it.each(['en', 'ar', 'fr'])('is axe-clean in %s', async (lang) => {
    const el = await mountWithConsent({ lang, layout: 'inline' });
    expect(await violations(el)).toEqual([]);
  });
});

describe('device pickers', () => {
  /** Lets the page use the microphone once, as a call does: browsers name devices only after that. */
  async function grantMicrophone(): Promise<void> {
    const stream = await navigator.mediaDevices.getUserMedia({ audio: true });
    for (const track of stream.getTracks()) track.stop();
  }

  it('lists the microphones by name during a call, and the speakers where setSinkId exists', async () => {
    await grantMicrophone();
    const el = await mount({ lang: 'en', layout: 'inline' });
    expect(el.$$('[part="devices"]')).toEqual([]);
    await goLive(el);
    await expect.poll(() => el.$$('[part="microphone-select"]').length).toBe(1);
    const microphones = [...el.$<HTMLSelectElement>('[part="microphone-select"]').options].map((o) => o.text.trim());
    expect(microphones.length).toBeGreaterThan(1);
    expect(microphones.some((label) => /Fake/i.test(label))).toBe(true);
    const hasSinkId = typeof (AudioContext.prototype as { setSinkId?: unknown }).setSinkId === 'function';
    expect(el.$$('[part="speaker-select"]')).toHaveLength(hasSinkId ? 1 : 0);

    // Choosing another microphone sets the property the next call uses too.
    const select = el.$<HTMLSelectElement>('[part="microphone-select"]');
    const other = [...select.options].find((o) => o.value !== select.value)!;
    select.value = other.value;
    select.dispatchEvent(new Event('change'));
    await expect.poll(() => el.inputDeviceId).toBe(other.value);
    await endCall(el);
    expect(el.$$('[part="devices"]')).toEqual([]);
  });

  it('offers no speaker picker where the browser cannot choose the output', async () => {
    await grantMicrophone();
    const proto = AudioContext.prototype as { setSinkId?: unknown };
    const original = Object.getOwnPropertyDescriptor(proto, 'setSinkId');
    delete proto.setSinkId;
    try {
      const el = await mount({ lang: 'en', layout: 'inline' });
      await goLive(el);
      await expect.poll(() => el.$$('[part="microphone-select"]').length).toBe(1);
      expect(el.$$('[part="speaker-select"]')).toEqual([]);
    } finally {
      if (original) Object.defineProperty(proto, 'setSinkId', original);
    }
  });

  it('in Arabic, a device named in Latin letters reads from its beginning (its own direction, not the panel\'s)', async () => {
    // An RTL select shows an LTR label that is too long from its end ("…udio with Beamforming Array)"): the
    // part that tells two devices apart ("Default - Microphone", "Headset (Jabra…") was cut off at 320 px.
    await grantMicrophone();
    const el = await mount({ lang: 'ar', layout: 'inline' });
    await goLive(el);
    await expect.poll(() => el.$$('[part="microphone-select"]').length).toBe(1);
    const options = [...el.$<HTMLSelectElement>('[part="microphone-select"]').options];
    expect(options.some((o) => /Fake/i.test(o.text))).toBe(true);
    for (const option of options.filter((o) => /^[\s]*[A-Za-z]/.test(o.text))) expect(option.matches(':dir(ltr)'), option.text).toBe(true);
  });

  it.each(['en', 'ar', 'fr'])('is axe-clean, open, in %s', async (lang) => {
    await grantMicrophone();
    const el = await mount({ lang, layout: 'inline' });
    await goLive(el);
    await expect.poll(() => el.$$('[part="devices"]').length).toBe(1);
    el.$<HTMLDetailsElement>('[part="devices"]').open = true;
    expect(await violations(el)).toEqual([]);
  });
});

describe('rating after the call', () => {
  it('emits voice-agent-feedback once, with the conversation id, and thanks the visitor', async () => {
    const seen = feedbackEvents();
    const el = await mount({ lang: 'en', layout: 'inline' });
    await goLive(el);
    expect(el.$$('[part="feedback"]')).toEqual([]);
    await endCall(el);
    const up = el.$('[part~="feedback-up"]');
    const down = el.$('[part~="feedback-down"]');
    expect(up.getAttribute('aria-pressed')).toBe('false');
    expect(text(el.$('[part="feedback"]'))).toContain('How was this call?');

    up.click();
    await el.updateComplete;
    expect(seen).toEqual([{ rating: 'up', conversationId: 'c-1' }]);
    expect(up.getAttribute('aria-pressed')).toBe('true');
    expect(down.getAttribute('aria-disabled')).toBe('true');
    expect(text(el.$('[part="feedback"] [aria-live="polite"]'))).toBe('Thank you for your feedback.');

    down.click();
    await el.updateComplete;
    expect(seen).toHaveLength(1);
  });

  it('asks again after the next call, and not after a call cancelled before it was answered', async () => {
    const seen = feedbackEvents();
    const el = await mount({ lang: 'en', layout: 'inline' });
    await goLive(el);
    await endCall(el);
    el.$('[part~="feedback-down"]').click();
    await goLive(el);
    await endCall(el);
    expect(el.$('[part~="feedback-down"]').getAttribute('aria-pressed')).toBe('false');
    el.$('[part~="feedback-down"]').click();
    expect(seen.map((s) => s.rating)).toEqual(['down', 'down']);

    resetFakes('hang');
    void el.start();
    await el.updateComplete;
    await el.end();
    await el.updateComplete;
    expect(el.state).toBe('ended');
    expect(el.$$('[part="feedback"]')).toEqual([]);
  });

  it.each(['en', 'ar', 'fr'])('is axe-clean before and after rating in %s', async (lang) => {
    const el = await mount({ lang, layout: 'inline' });
    await goLive(el);
    await endCall(el);
    expect(await violations(el)).toEqual([]);
    el.$('[part~="feedback-up"]').click();
    await el.updateComplete;
    expect(await violations(el)).toEqual([]);
  });
});
