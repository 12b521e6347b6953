// A start with no needless waits: the visitor's interest warms the service's connection and reads the microphone's
// permission; where it is granted, the ticket goes out at the press beside the microphone still opening.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { userEvent } from 'vitest/browser';
import { microphonePermission } from '../../src/audio/microphone-permission.ts';
import { WARM_FOR_MS } from '../../src/call/connection-warmer.ts';
import { CallError } from '../../src/call/errors.ts';
import { sleep } from '../sleep.ts';
import { audio, cleanUp, goLive, mount, resetFakes, sockets, warmUps, type UiTestAgent } from './ui-harness.ts';

let ticketRequests: ReturnType<typeof resetFakes>;
beforeEach(() => {
  ticketRequests = resetFakes();
});
afterEach(async () => {
  microphonePermission.state = null;
  await cleanUp();
});

/** The warm-up of the service's connection for the test agent (src/call/connection-warmer.ts). */
const WARM_UP = 'OPTIONS https://service.test/api/agents/public/shop-42/call';
const pointAt = (target: Element) => target.dispatchEvent(new PointerEvent('pointerover', { bubbles: true, composed: true }));

describe('the visitor’s interest', () => {
  it('warms the service’s connection when the launcher’s hover brings the call’s code, once per idle window', async () => {
    const el = document.createElement('ui-test-agent') as UiTestAgent;
    el.setAttribute('public-id', 'shop-42');
    el.setAttribute('server-url', 'https://service.test/');
    document.body.append(el);
    await el.updateComplete;
    expect(warmUps()).toEqual([]); // on the page, nobody interested yet: nothing loaded, nothing asked
    await userEvent.hover(el.$('[part="launcher"]'));
    await el.loadUi();
    await expect.poll(() => warmUps()).toEqual([WARM_UP]);
    await userEvent.click(el.$('[part="launcher"]'));
    await el.updateComplete;
    await userEvent.hover(el.$('[part="call-button"]'));
    el.$('[part="call-button"]').focus();
    expect(warmUps()).toEqual([WARM_UP]);
    expect(ticketRequests.calls).toEqual([]); // interest asks for no ticket, and no microphone
    expect(audio.source.opened).toBe(0);
  });

  it('warms nothing for a widget whose code is here but nobody points at', async () => {
    await mount();
    await sleep(200);
    expect(warmUps()).toEqual([]);
  });

  it('warms it again when the press may come on a connection gone idle', async () => {
    const el = await mount();
    el.show();
    await el.updateComplete;
    pointAt(el.$('[part="call-button"]'));
    await sleep(WARM_FOR_MS + 100);
    pointAt(el.$('[part="call-button"]'));
    expect(warmUps()).toEqual([WARM_UP, WARM_UP]);
  });

  it('warms nothing during a call: its line is open', async () => {
    const el = await mount();
    await goLive(el);
    pointAt(el.$('[part="end-button"]'));
    el.$('[part="launcher"]').dispatchEvent(new PointerEvent('pointerenter'));
    expect(warmUps()).toEqual([]);
  });

  it('warms an inline panel’s connection when it is scrolled into view, not before', async () => {
    const spacer = document.createElement('div');
    spacer.style.height = '3000px';
    document.body.append(spacer);
    const el = await mount({ layout: 'inline' });
    await sleep(200);
    expect(warmUps()).toEqual([]);
    el.scrollIntoView();
    await expect.poll(() => warmUps()).toEqual([WARM_UP]);
  });
});

describe('the press', () => {
  it('asks for the ticket beside a microphone still opening, where the browser says it is granted', async () => {
    microphonePermission.state = 'granted';
    const release = audio.source.holdOpen();
    const el = await mount();
    void el.start();
    await expect.poll(() => ticketRequests.calls.length).toBe(1);
    await expect.poll(() => sockets.length).toBe(1);
    expect(audio.source.opened).toBe(1);
    release();
  });

  it('asks for no ticket until the microphone is open where the browser has not said it is granted', async () => {
    microphonePermission.state = 'prompt';
    const release = audio.source.holdOpen();
    const el = await mount();
    void el.start();
    await sleep(300);
    expect(ticketRequests.calls).toEqual([]);
    release();
    await expect.poll(() => ticketRequests.calls.length).toBe(1);
  });

  it('goes on typed, with the refusal said, when the microphone is refused once the line is open', async () => {
    microphonePermission.state = 'granted';
    const release = audio.source.holdOpen();
    // As the real engine reports a refusal (src/audio/microphone.ts maps the browser's NotAllowedError).
    audio.source.openError = new CallError('MIC_DENIED', 'Microphone permission was refused.');
    const el = await mount({ lang: 'en' });
    await goLive(el);
    release();
    await expect.poll(() => el.$$('[part="typed-notice"]').length).toBe(1);
    expect(el.state).toBe('live');
    expect(el.$('[part="typed-notice"]').textContent).toContain('Microphone blocked.');
    expect(el.$('[part="typed-notice"]').textContent).toContain('Typed call');
  });
});
