// A page restored from the back-forward cache: its socket is dead, so a live call is treated as a
// dropped line (reconnecting, a fresh ticket and socket), never a silent "live"; a call still being set up ends with
// CONNECTION_LOST and Try again; a page shown normally changes nothing.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sleep } from '../sleep.ts';
import { AMINA, cleanUp, goLive, mount, resetFakes, socket, sockets } from './ui-harness.ts';

beforeEach(() => resetFakes());
afterEach(cleanUp);

const pageshow = (persisted: boolean) => window.dispatchEvent(new PageTransitionEvent('pageshow', { persisted }));

describe('<voice-agent> and the back-forward cache', () => {
  it('treats a restored page as a dropped line and comes back live on a new socket', async () => {
    const element = await mount({ layout: 'inline', lang: 'en' });
    await goLive(element);
    pageshow(false);
    expect(element.state).toBe('live');

    pageshow(true);
    await element.updateComplete;
    expect(element.state).toBe('reconnecting');
    expect(element.$('[part="status"]').textContent).toContain('Line dropped, reconnecting');
    await sleep(50);
    expect(sockets).toHaveLength(2);
    socket().open();
    socket().receive({ type: 'ready', conversationId: 'c-2', maxSeconds: 120, agent: AMINA });
    await element.updateComplete;
    expect(element.state).toBe('live');
  });

  it('ends a call still being set up with "Connection lost" and Try again (nothing is reconnected before `ready`)', async () => {
    const element = await mount({ layout: 'inline', lang: 'en' });
    const errors: { code: string }[] = [];
    element.addEventListener('voice-agent-error', (event) => errors.push((event as CustomEvent).detail));
    const started = element.start();
    await expect.poll(() => sockets.length).toBe(1);
    socket().open();
    expect(element.state).toBe('connecting');

    pageshow(true);
    await started;
    await element.updateComplete;
    expect(element.state).toBe('error');
    expect(errors).toMatchObject([{ code: 'CONNECTION_LOST', retryable: true }]);
    expect(element.$('[part="error"]').textContent).toContain('Connection lost');
    expect(sockets[0]!.closedWith).toBe(1000);
    expect(element.$$('[part~="retry-button"]')).toHaveLength(1);
    await sleep(50);
    expect(sockets).toHaveLength(1); // no new ticket or socket of its own
  });

  it('leaves a widget with no call alone', async () => {
    const element = await mount({ layout: 'inline', lang: 'en' });
    pageshow(true);
    await element.updateComplete;
    expect(element.state).toBe('idle');
    expect(sockets).toHaveLength(0);
  });
});
