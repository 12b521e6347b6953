// The connection's quality in the panel, with the in-page fakes: no sign while it is good; a sign with
// part="quality" (a polite status, in the panel's language) while it is weak or lost, gone again once it is good;
// `voice-agent-quality` {quality, rttMs} at each change, and `stats.quality`. axe finds nothing with the sign shown.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CATALOGUES } from '../catalogues.ts';
import { violations } from './axe-check.ts';
import { AMINA, audio, cleanUp, goLive, mount, resetFakes, socket, text, type UiTestAgent } from './ui-harness.ts';

beforeEach(() => resetFakes());
afterEach(cleanUp);

const sign = (el: UiTestAgent) => el.shadowRoot!.querySelector<HTMLElement>('[part="quality"]');

/** The qualities the element said, in order. */
function said(el: UiTestAgent): { quality: string; rttMs: number | null }[] {
  const details: { quality: string; rttMs: number | null }[] = [];
  el.addEventListener('voice-agent-quality', (event) => details.push((event as CustomEvent).detail));
  return details;
}

describe('the quality sign', () => {
  it.each(['en', 'ar'] as const)('is absent when good, says a weak line while frames are dropped, and goes once it is good (%s)', async (lang) => {
    const el = await mount({ lang, layout: 'inline' });
    const details = said(el);
    await goLive(el);
    await new Promise((resolve) => setTimeout(resolve, 600)); // pings answered: good
    expect(sign(el)).toBeNull();
    expect(el.stats.quality).toBe('good');

    // The socket holds 30 s of audio it could not send: the frames are dropped, and the visitor is told.
    socket().bufferedAmount = 1_000_000;
    for (let i = 0; i < 5; i++) audio.source.frame();
    await vi.waitFor(() => expect(sign(el)).not.toBeNull());
    expect(text(sign(el))).toBe(CATALOGUES[lang].weakConnection);
    expect(sign(el)!.getAttribute('role')).toBe('status');
    expect(sign(el)!.dataset.quality).toBe('poor');
    expect(details.at(-1)).toEqual({ quality: 'poor', rttMs: expect.any(Number) });
    await vi.waitFor(() => expect(el.stats.quality).toBe('poor'));
    expect(el.stats.framesDropped).toBeGreaterThan(0);
    expect(await violations(el)).toEqual([]);

    socket().bufferedAmount = 0;
    await vi.waitFor(() => expect(sign(el)).toBeNull(), { timeout: 8000 });
    expect(details.at(-1)!.quality).toBe('good');
  });

  it.each(['ar', 'en'] as const)('says the connection is lost while nothing arrives, and goes once the line is back (%s)', async (lang) => {
    const el = await mount({ lang, layout: 'inline' });
    const details = said(el);
    await goLive(el);
    socket().silent = true;
    const silentAt = performance.now();
    await vi.waitFor(() => expect(sign(el)).not.toBeNull(), { timeout: 2500 });
    expect(performance.now() - silentAt).toBeLessThan(2000); // weak first: a ping long overdue
    await vi.waitFor(() => expect(sign(el)!.dataset.quality).toBe('lost'), { timeout: 5000 });
    expect(text(sign(el))).toBe(CATALOGUES[lang].connectionLost);
    expect(el.state).toBe('live'); // the same line, waited for
    expect(await violations(el)).toEqual([]);

    socket().speakAgain();
    await vi.waitFor(() => expect(sign(el)).toBeNull(), { timeout: 10_000 });
    expect(details.map((d) => d.quality)).toContain('lost');
    expect(details.at(-1)!.quality).toBe('good');
  });

  it('says lost while the line is set up again, without saying it twice (the status line does), and goes at `ready`', async () => {
    const el = await mount({ lang: 'fr', layout: 'inline' });
    await goLive(el);
    socket().serverClose(1006);
    await el.updateComplete;
    expect(el.state).toBe('reconnecting');
    await vi.waitFor(() => expect(sign(el)?.dataset.quality).toBe('lost'));
    expect(text(sign(el))).toBe(CATALOGUES.fr.connectionLost);
    expect(sign(el)!.hasAttribute('role')).toBe(false);

    await vi.waitFor(() => expect(socket().readyState).toBe(0));
    socket().open();
    socket().receive({ type: 'ready', conversationId: 'c-2', maxSeconds: 120, agent: AMINA });
    await vi.waitFor(() => expect(sign(el)).toBeNull());
    expect(el.state).toBe('live');
  });
});
