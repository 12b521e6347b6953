// One human message per error code in each language, the right action (retry now, after a countdown,
// or none), and never the raw error string. Each code is produced the way it happens for real.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CallError, ERROR_CODES } from '../../src/call/errors.ts';
import type { ErrorCode, ErrorDetail } from '../../src/call/types.ts';
import { Formatter } from '../../src/ui/i18n/format.ts';
import { LANGS } from '../../src/ui/i18n/catalogue.ts';
import { CATALOGUES } from '../catalogues.ts';
import { okTicket, scriptedFetch } from '../fakes.ts';
import {
  audio, audioFailure, cleanUp, failWith, goLive, mount, resetFakes, socket, sockets, text, type UiTestAgent,
} from './ui-harness.ts';

let errors: ErrorDetail[];
const record = (event: Event) => errors.push((event as CustomEvent<ErrorDetail>).detail);
beforeEach(() => {
  errors = [];
  resetFakes();
  document.addEventListener('voice-agent-error', record);
});
afterEach(async () => {
  document.removeEventListener('voice-agent-error', record);
  await cleanUp();
});

const ticketAnswer = (status: number, body: unknown, headers?: Record<string, string>) => {
  vi.stubGlobal('fetch', scriptedFetch({ status, body, headers }, okTicket(2)));
};
const settled = async (el: UiTestAgent, started: Promise<void>) => {
  await started;
  await el.updateComplete;
};
const waitForSocket = (count: number) => vi.waitFor(() => expect(sockets).toHaveLength(count));
/** The retry button's visible countdown (hidden from screen readers, which keep hearing the button's name). */
const countdown = (button: Element) => text(button.querySelector('.countdown[aria-hidden="true"]'));
/** A button's name as a screen reader gets it from its content: the text without what is aria-hidden. */
const accessibleName = (button: Element) => {
  const copy = button.cloneNode(true) as Element;
  copy.querySelectorAll('[aria-hidden="true"]').forEach((node) => node.remove());
  return text(copy);
};

/** The report a `connect-src` without the service makes of a request to `url` (as Chromium sends it). */
const violation = (url: string) =>
  new SecurityPolicyViolationEvent('securitypolicyviolation', {
    blockedURI: url, documentURI: location.href, effectiveDirective: 'connect-src', violatedDirective: 'connect-src',
    originalPolicy: "connect-src 'self'", disposition: 'enforce', statusCode: 200, bubbles: true, composed: true,
  });

/** How each code comes about: the ticket endpoint, the socket, its close codes, the microphone, the browser. */
// LOAD_FAILED happens before the panel exists (the call's code did not download): the element says it on its
// own, tested end to end where the chunk's request can really fail (test/e2e/lazy-load.spec.ts).
type PanelErrorCode = Exclude<ErrorCode, 'LOAD_FAILED'>;
const PANEL_ERROR_CODES = ERROR_CODES.filter((code): code is PanelErrorCode => code !== 'LOAD_FAILED');

const PRODUCE: Record<PanelErrorCode, (el: UiTestAgent) => Promise<void>> = {
  ORIGIN: (el) => (ticketAnswer(403, { error: 'ORIGIN' }), settled(el, el.start())),
  NOT_FOUND: (el) => (ticketAnswer(404, { error: 'This agent is not available' }), settled(el, el.start())),
  RATE_LIMITED: (el) => (ticketAnswer(429, { error: 'RATE_LIMITED' }, { 'Retry-After': '42' }), settled(el, el.start())),
  MAINTENANCE: (el) => (ticketAnswer(503, { error: 'MAINTENANCE' }), settled(el, el.start())),
  QUOTA: (el) => failWith(el, 'QUOTA'),
  BUSY: (el) => failWith(el, 'BUSY'),
  MODEL: (el) => failWith(el, 'MODEL'),
  OWNER: (el) => failWith(el, 'OWNER'),
  AGENT_GONE: async (el) => {
    await goLive(el);
    socket().serverClose(4404);
    await el.updateComplete;
  },
  SERVER_ERROR: async (el) => {
    const started = el.start();
    await waitForSocket(1);
    socket().open();
    socket().serverClose(1011, 'stack trace from the server');
    await waitForSocket(2); // a 1011 during set-up is retried once with a fresh ticket
    socket().open();
    socket().serverClose(1011, 'stack trace from the server');
    await settled(el, started);
  },
  CONNECTION_LOST: async (el) => {
    // Dropped during set-up (a drop after `ready` reconnects first: see ui-reconnect.test.ts).
    const started = el.start();
    await waitForSocket(1);
    socket().open();
    socket().serverClose(1006);
    await settled(el, started);
  },
  TICKET_REJECTED: async (el) => {
    const started = el.start();
    await waitForSocket(1);
    socket().serverClose(1006); // handshake refused before opening
    await waitForSocket(2);
    socket().serverClose(1006); // and again with a fresh ticket
    await settled(el, started);
  },
  MIC_DENIED: (el) => {
    audio.source.openError = new CallError('MIC_DENIED', 'NotAllowedError: Permission denied');
    return settled(el, el.start());
  },
  MIC_UNAVAILABLE: (el) => {
    audio.source.openError = new CallError('MIC_UNAVAILABLE', 'NotFoundError: Requested device not found');
    return settled(el, el.start());
  },
  AUDIO_UNSUPPORTED: (el) => {
    audioFailure.error = new CallError('AUDIO_UNSUPPORTED', 'AudioWorklet is not defined');
    return settled(el, el.start());
  },
  BLOCKED_BY_PAGE: (el) => {
    // The page's Content-Security-Policy refuses the ticket request: the fetch fails as the network would, and
    // the browser's report of the refusal follows a moment later.
    vi.stubGlobal('fetch', async (url: string) => {
      setTimeout(() => document.dispatchEvent(violation(url)));
      throw new TypeError('Failed to fetch');
    });
    return settled(el, el.start());
  },
  TIMEOUT: async (el) => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const fetch = scriptedFetch('hang');
    vi.stubGlobal('fetch', fetch);
    const started = el.start();
    await vi.waitFor(() => expect(fetch.calls).toHaveLength(1)); // the call's host has asked for its ticket
    await vi.advanceTimersByTimeAsync(10_000); // the ticket request's time limit
    vi.useRealTimers();
    await settled(el, started);
  },
};

const NO_RETRY: ErrorCode[] = ['ORIGIN', 'NOT_FOUND', 'OWNER', 'AGENT_GONE', 'QUOTA', 'AUDIO_UNSUPPORTED', 'BLOCKED_BY_PAGE'];
const COUNTDOWN: Partial<Record<ErrorCode, number>> = { BUSY: 60, RATE_LIMITED: 42 };

describe.each(PANEL_ERROR_CODES)('%s', (code) => {
  it('is shown in words in every language with the right action, never with the raw message', async () => {
    const el = await mount({ lang: 'en', layout: 'inline' });
    await PRODUCE[code](el);
    expect(el.state).toBe('error');
    const detail = errors.at(-1)!;
    expect(detail.code).toBe(code);

    for (const lang of LANGS) {
      el.setAttribute('lang', lang);
      await el.updateComplete;
      const t = CATALOGUES[lang];
      const panel = el.$('[part="error"]');
      expect(panel.dataset.code).toBe(code);
      expect(text(panel.querySelector('.notice-title'))).toBe(t.errors[code].title);
      expect(text(panel.querySelector('p'))).toBe(t.errors[code].body);
      // A wait is said once, in words, with the error; the button's countdown then ticks silently.
      const wait = COUNTDOWN[code] ? ` ${t.retryIn(new Formatter(t.locale).duration(COUNTDOWN[code]!))}.` : '';
      expect(text(el.$('[role="status"]'))).toBe(`${t.errors[code].title}. ${t.errors[code].body}${wait}`);
      expect(el.root.textContent).not.toContain(detail.message);

      const retry = el.$$('[part="retry-button"]');
      if (NO_RETRY.includes(code)) {
        expect(retry).toHaveLength(0);
      } else if (COUNTDOWN[code]) {
        expect(retry[0]!.getAttribute('aria-disabled')).toBe('true');
        expect(countdown(retry[0]!)).toBe(t.retryIn(new Formatter(t.locale).duration(COUNTDOWN[code]!)));
        expect(accessibleName(retry[0]!)).toBe(t.retry);
      } else {
        expect(retry[0]!.getAttribute('aria-disabled')).toBe('false');
        expect(text(retry[0])).toBe(t.retry);
      }
    }
  });
});

describe('error catalogue', () => {
  it('has a distinct, non-empty message for every code in every language', () => {
    for (const lang of LANGS) {
      const bodies = PANEL_ERROR_CODES.map((code) => CATALOGUES[lang].errors[code].body);
      expect(bodies.every((body) => body.trim().length > 20)).toBe(true);
      expect(new Set(bodies).size).toBe(PANEL_ERROR_CODES.length);
    }
  });

  it('explains how to allow a blocked microphone', () => {
    expect(CATALOGUES.en.errors.MIC_DENIED.body).toMatch(/allow the microphone for this site, then try again/);
    expect(CATALOGUES.fr.errors.MIC_DENIED.body).toMatch(/autorisez le micro pour ce site, puis réessayez/);
    expect(CATALOGUES.ar.errors.MIC_DENIED.body).toMatch(/واسمح باستخدام الميكروفون لهذا الموقع/);
  });
});

describe('retry', () => {
  it('retries at once when the service gives no wait', async () => {
    const el = await mount({ lang: 'en', layout: 'inline' });
    await failWith(el, 'MODEL');
    el.$('[part="retry-button"]').click();
    await expect.poll(() => el.state).toBe('connecting');
  });

  it('BUSY counts a minute down before the retry button works', async () => {
    const el = await mount({ lang: 'ar', layout: 'inline' });
    vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'] });
    await failWith(el, 'BUSY');
    const t = CATALOGUES.ar;
    const retry = () => el.$('[part="retry-button"]');
    expect(countdown(retry())).toBe(t.retryIn('دقيقة'));
    expect(accessibleName(retry())).toBe(t.retry);

    await vi.advanceTimersByTimeAsync(58_000);
    await el.updateComplete;
    expect(countdown(retry())).toBe(t.retryIn('ثانيتان'));
    expect(accessibleName(retry())).toBe(t.retry); // the name a screen reader hears never ticks
    retry().click(); // too early: nothing happens
    expect(el.state).toBe('error');
    expect(sockets).toHaveLength(1);

    await vi.advanceTimersByTimeAsync(2_000);
    await el.updateComplete;
    expect(retry().getAttribute('aria-disabled')).toBe('false');
    expect(text(retry())).toBe(t.retry);
    expect(vi.getTimerCount()).toBe(0); // the clock stops once nothing needs it

    retry().click();
    expect(el.state).toBe('connecting');
  });

  it('RATE_LIMITED waits for the Retry-After the service sent', async () => {
    ticketAnswer(429, { error: 'RATE_LIMITED' }, { 'Retry-After': '90' });
    const el = await mount({ lang: 'fr', layout: 'inline' });
    vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'] });
    await el.start();
    await el.updateComplete;
    const retry = () => el.$('[part="retry-button"]');
    // Intl puts a no-break space between number and unit in French: compare the words.
    const words = (node: Element) => countdown(node).replace(/[\u00a0\u202f]/g, ' ');
    expect(words(retry())).toBe('Réessayer dans 1 minute et 30 secondes');
    await vi.advanceTimersByTimeAsync(89_000);
    await el.updateComplete;
    expect(words(retry())).toBe('Réessayer dans 1 seconde');
    await vi.advanceTimersByTimeAsync(1_000);
    await el.updateComplete;
    expect(text(retry())).toBe('Réessayer');
    retry().click();
    expect(el.state).toBe('connecting');
  });

  it.each(LANGS)('a Retry-After beyond a day says "later" in %s: no figure, visible or to screen readers', async (lang) => {
    ticketAnswer(429, { error: 'RATE_LIMITED' }, { 'Retry-After': '99999999999' });
    const el = await mount({ lang, layout: 'inline' });
    await el.start();
    await el.updateComplete;
    const retry = el.$('[part="retry-button"]');
    expect(text(retry)).toBe(CATALOGUES[lang].retryLater);
    expect(retry.getAttribute('aria-disabled')).toBe('true');
    retry.click();
    expect(el.state).toBe('error');
    // Neither the panel nor the status live region carries a number (in any digits).
    const said = el.root.textContent ?? '';
    expect(said).not.toMatch(/[0-9\u0660-\u0669\u06f0-\u06f9]/);
    expect(said).toContain(CATALOGUES[lang].retryLater);
    expect(el.$('.visually-hidden[role="status"]').textContent).toContain(CATALOGUES[lang].retryLater);
  });

  it('MAINTENANCE with a Retry-After counts down too', async () => {
    ticketAnswer(503, { error: 'MAINTENANCE' }, { 'Retry-After': '5' });
    const el = await mount({ lang: 'en', layout: 'inline' });
    vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'] });
    await el.start();
    await el.updateComplete;
    expect(countdown(el.$('[part="retry-button"]'))).toBe('Try again in 5 seconds');
    await vi.advanceTimersByTimeAsync(5_000);
    await el.updateComplete;
    expect(text(el.$('[part="retry-button"]'))).toBe('Try again');
  });
});
