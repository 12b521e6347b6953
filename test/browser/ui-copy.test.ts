// The widget's words, as a visitor sees and hears them: no sentence said twice (the error title once, not in
// the status line, the card and the live region; "انتهت المكالمة. انتهت المكالمة." never), in every state,
// for every end reason and every error code, in every language.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CallError, ERROR_CODES } from '../../src/call/errors.ts';
import type { PanelErrorCode } from '../../src/ui/i18n/catalogue.ts';
import type { ErrorDetail } from '../../src/call/types.ts';
import { LANGS } from '../../src/ui/i18n/catalogue.ts';
import { END_REASONS } from '../../src/ui/i18n/end-reasons.ts';
import { CATALOGUES } from '../catalogues.ts';
import { cleanUp, endCall, failWith, goLive, mount, resetFakes, say, text, type UiTestAgent } from './ui-harness.ts';

beforeEach(() => {
  resetFakes();
});
afterEach(async () => {
  delete (document as { permissionsPolicy?: unknown }).permissionsPolicy;
  await cleanUp();
});

/** A sentence compared without case, punctuation, bidi isolates or spacing. */
const normalise = (sentence: string) =>
  sentence
    .replace(/[\p{P}\p{S}\u2068\u2069]/gu, ' ')
    .replace(/\s+/gu, ' ')
    .trim()
    .toLocaleLowerCase();
const sentences = (said: string) => said.split(/[.!?؟…;؛\n]+/u).map(normalise).filter(Boolean);
const words = (sentence: string) => sentence.split(' ').length;

/** Sentences said twice, or said again inside a longer one ("Too many calls" / "Too many calls were started…"). */
function repeats(all: string[]): string[] {
  const found: string[] = [];
  all.forEach((a, i) =>
    all.forEach((b, j) => {
      if (i === j) return;
      if (a === b ? i < j : words(a) > 1 && ` ${b} `.includes(` ${a} `)) found.push(`"${a}" / "${b}"`);
    }),
  );
  return found;
}

const shown = (node: Element) => !node.closest('.visually-hidden, [aria-hidden="true"], [part="transcript"]');

/** What the panel shows (the transcript aside): its texts' sentences and its buttons' labels. */
function visible(el: UiTestAgent): { texts: string[]; buttons: string[] } {
  const panel = el.$('[part="panel"]');
  const texts = [...panel.querySelectorAll('h2, h3, p, legend, label')].filter(shown).flatMap((node) => sentences(text(node)));
  const buttons = [...panel.querySelectorAll('button')].filter(shown).map((button) => {
    const copy = button.cloneNode(true) as Element;
    copy.querySelectorAll('.visually-hidden, [aria-hidden="true"]').forEach((node) => node.remove());
    return normalise(text(copy));
  });
  return { texts, buttons };
}

/** What the status live region says now. */
const announced = (el: UiTestAgent) => sentences(text(el.$('.visually-hidden[role="status"]')));

function expectNoRepeats(el: UiTestAgent, where: string): void {
  const { texts, buttons } = visible(el);
  expect(repeats(texts), `${where}: shown`).toEqual([]);
  // A button may echo a sentence's verb ("Please try again" / "Try again"), never a whole sentence.
  expect(buttons.filter((label) => texts.includes(label)), `${where}: buttons`).toEqual([]);
  expect(repeats(announced(el)), `${where}: announced`).toEqual([]);
}

/** The service's and the widget's end reasons, and one the widget has no words for. */
const REASONS = [...END_REASONS, 'closed', 'a_reason_added_later'];

describe.each(LANGS)('in %s', (lang) => {
  const t = CATALOGUES[lang];

  it('every end reason has its own sentence, said once, never "Call ended" twice', async () => {
    expect(new Set(END_REASONS.map((reason) => normalise(t.endReasons[reason]))).size).toBe(END_REASONS.length);
    const el = await mount({ lang, layout: 'inline' });
    for (const reason of REASONS) {
      await goLive(el);
      say('agent', 'Goodbye.', true);
      await endCall(el, reason, 45);
      expect(el.state).toBe('ended');
      const title = el.$$('[part="ended"] .notice-title');
      if ((END_REASONS as readonly string[]).includes(reason)) {
        expect(text(title[0]), reason).toBe(t.endReasons[reason as (typeof END_REASONS)[number]]);
        expect(announced(el), reason).toEqual(sentences(t.endReasons[reason as (typeof END_REASONS)[number]]));
      } else {
        // No words for it: the status line's "Call ended" is the whole story, shown and said once.
        expect(title, reason).toHaveLength(0);
        expect(announced(el), reason).toEqual([normalise(t.status.ended)]);
      }
      expect(text(el.$('[part="status"]'))).toBe(t.status.ended);
      expectNoRepeats(el, reason);
    }
  });

  it('every error code: its title once (the card’s heading), then title, explanation and wait said once', async () => {
    const el = await mount({ lang, layout: 'inline' });
    await failWith(el, 'MODEL');
    // How each code comes about is ui-errors.test.ts's job; here each one's detail is rendered in turn.
    const details: ErrorDetail[] = [
      // LOAD_FAILED is said by the launcher, never in the panel (see test/e2e/lazy-load.spec.ts).
      ...ERROR_CODES.filter((code) => code !== 'LOAD_FAILED').map((code) => new CallError(code, 'raw').toDetail()),
      new CallError('RATE_LIMITED', 'raw', 42).toDetail(),
      new CallError('RATE_LIMITED', 'raw', 'later').toDetail(),
      new CallError('MAINTENANCE', 'raw', 300).toDetail(),
    ];
    for (const detail of details) {
      el.controller.error = detail;
      el.controller.failedAt = Date.now();
      el.requestUpdate();
      await el.updateComplete;
      const where = `${detail.code} ${detail.retryAfterSeconds ?? (detail.retryLater ? 'later' : '')}`;
      const { title } = t.errors[detail.code as PanelErrorCode];
      expect(text(el.$('[part="status"]')), where).toBe(t.status.error);
      expect(text(el.$('[part="error"] h3')), where).toBe(title);
      expect(visible(el).texts.filter((sentence) => sentence === normalise(title)), where).toHaveLength(1);
      expect(announced(el)[0], where).toBe(normalise(title));
      expectNoRepeats(el, where);
    }
  });

  it('a microphone the embedding page forbids: its own title and explanation, once', async () => {
    Object.defineProperty(document, 'permissionsPolicy', {
      configurable: true,
      value: { allowsFeature: (feature: string) => feature !== 'microphone' },
    });
    const el = await mount({ lang, layout: 'inline' });
    await failWith(el, 'MODEL');
    el.controller.error = new CallError('MIC_DENIED', 'raw').toDetail();
    el.requestUpdate();
    await el.updateComplete;
    const { title } = CATALOGUES[lang].notices.frameBlocked;
    expect(text(el.$('[part="error"] h3'))).toBe(title);
    expect(text(el.$('[part="type-instead-button"]'))).toBe(CATALOGUES[lang].notices.continueByTyping);
    expectNoRepeats(el, 'frame blocked');
  });

  it('idle, connecting, live, muted, ending: nothing said twice either', async () => {
    const el = await mount({ lang, layout: 'inline' });
    expectNoRepeats(el, 'idle');
    await goLive(el);
    expectNoRepeats(el, 'live');
    el.muted = true;
    el.controller.setLevels(0, 0.3, true);
    await el.updateComplete;
    expectNoRepeats(el, 'live, muted, agent speaking');
    void el.end();
    await el.updateComplete;
    expectNoRepeats(el, 'ending');
  });
});

describe('the check itself', () => {
  it('finds a sentence said twice, and a title said again inside a longer sentence', () => {
    expect(repeats(sentences('انتهت المكالمة. انتهت المكالمة.'))).toHaveLength(1);
    expect(repeats(sentences('Too many calls. Too many calls were started from your connection.'))).toHaveLength(1);
    expect(repeats(sentences('Call ended. You ended the call.'))).toEqual([]);
  });
});
