// The conversation kept (the element's `transcript`, Copy and Download) and the new views of voice or typing in
// the panel, with the UI harness's fakes: the property's shape and life, typed turns marked; the file a press of
// Download saves (no picker, no new tab) and what Copy puts on the clipboard, in English and Arabic; the controls a
// page's frame forbids, hidden; axe-core on the new views in Arabic and English; 44 × 44 px targets.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { page } from 'vitest/browser';
import { CATALOGUES } from '../catalogues.ts';
import { audio, cleanUp, endCall, goLive, mount, resetFakes, say, socket, sockets, text, type UiTestAgent } from './ui-harness.ts';
import { restoreAfterTest } from '../fixtures/after-test.ts';
import { shadow } from '../fixtures/media-spy.ts';
import { violations } from './axe-check.ts';

beforeEach(async () => {
  resetFakes();
  await page.viewport(800, 700);
});
afterEach(cleanUp);

const AMINA = { name: 'Amina', avatar: {} };

/** What a press of Download saved: the link's file name and the text of its Blob; and whether a window opened. */
async function downloaded(el: UiTestAgent, press: () => void): Promise<{ name: string; bytes: Uint8Array; text: string; opened: boolean }> {
  const clicked: HTMLAnchorElement[] = [];
  restoreAfterTest(shadow(HTMLAnchorElement.prototype, 'click', function (this: HTMLAnchorElement) {
    clicked.push(this);
  }));
  let opened = false;
  restoreAfterTest(shadow(window, 'open', () => ((opened = true), null)));
  // The Blob behind the link (the page's fetch is the fake service's here).
  const blobs = new Map<string, Blob>();
  const createObjectURL = URL.createObjectURL.bind(URL);
  restoreAfterTest(shadow(URL, 'createObjectURL', (blob: Blob) => {
    const url = createObjectURL(blob);
    blobs.set(url, blob);
    return url;
  }));
  press();
  expect(clicked).toHaveLength(1);
  const link = clicked[0]!;
  expect(link.href).toMatch(/^blob:/);
  const blob = blobs.get(link.href)!;
  expect(blob.type).toBe('text/plain;charset=utf-8');
  const bytes = new Uint8Array(await blob.arrayBuffer());
  expect(el.shadowRoot!.contains(link)).toBe(false); // the link is gone once pressed
  return { name: link.download, bytes, text: new TextDecoder().decode(bytes), opened };
}

/** A call with three turns, the second typed by the visitor. */
async function conversation(el: UiTestAgent): Promise<void> {
  await goLive(el, { agent: AMINA });
  say('agent', 'Hello, how can I help?', true);
  el.sendText('Do you deliver to Oran?');
  say('user', 'Do you deliver to Oran?', true); // the service's echo of the typed message (spec §6.2)
  say('agent', 'Yes,', false);
  say('agent', 'Yes, in two days.', true);
  await el.updateComplete;
}

describe('the transcript property', () => {
  it('holds plain copies of the turns, typed ones marked, kept after the end until the next start()', async () => {
    const el = await mount({ lang: 'en' });
    expect(el.transcript).toEqual([]);
    const before = Date.now();
    await conversation(el);
    const turns = el.transcript;
    const at = expect.toSatisfy((value: number) => Number.isInteger(value) && value >= before && value <= Date.now());
    expect(turns).toEqual([
      { role: 'agent', text: 'Hello, how can I help?', final: true, turnId: 1, at, typed: false },
      { role: 'user', text: 'Do you deliver to Oran?', final: true, turnId: 2, at, typed: true },
      { role: 'agent', text: 'Yes, in two days.', final: true, turnId: 3, at, typed: false },
    ]);
    expect(structuredClone(turns)).toEqual(turns);
    expect(JSON.parse(JSON.stringify(turns))).toEqual(turns);
    // A page that changes what it read changes nothing in the widget.
    turns[0]!.text = 'tampered';
    expect(el.transcript[0]!.text).toBe('Hello, how can I help?');

    await endCall(el);
    expect(el.transcript.map((turn) => turn.text)).toEqual(['Hello, how can I help?', 'Do you deliver to Oran?', 'Yes, in two days.']);
    void el.start();
    expect(el.transcript).toEqual([]);
  });

  it('shows a turn in progress as not final', async () => {
    const el = await mount({ lang: 'en' });
    await goLive(el);
    say('user', 'I would like', false);
    await el.updateComplete;
    expect(el.transcript).toEqual([expect.objectContaining({ role: 'user', text: 'I would like', final: false, typed: false })]);
  });
});

describe('a call continued on the next page', () => {
  it('keeps the visitor’s mode (typed: no microphone asked for) and the earlier turns, with their times, in `transcript`', async () => {
    const earlierAt = Date.now() - 60_000;
    sessionStorage.setItem('voice-agent:continue:https://service.test/|shop-42', JSON.stringify({
      at: Date.now() - 5000, agent: AMINA, typed: true,
      turns: [{ role: 'user', text: 'Do you deliver to Oran?', at: earlierAt, typed: true }, { role: 'agent', text: 'Yes.', at: earlierAt + 2000 }],
    }));
    const el = document.createElement('ui-test-agent') as UiTestAgent;
    for (const [name, value] of Object.entries({ 'public-id': 'shop-42', 'server-url': 'https://service.test/', lang: 'en', layout: 'inline' })) {
      el.setAttribute(name, value);
    }
    document.body.append(el);
    await vi.waitFor(() => expect(el.$$('[part~="continue-button"]')).toHaveLength(1));
    el.$('[part~="continue-button"]').click();
    await vi.waitFor(() => expect(sockets).toHaveLength(1));
    socket().open();
    socket().receive({ type: 'ready', conversationId: 'c-9', maxSeconds: 300, agent: AMINA });
    await vi.waitFor(() => expect(el.state).toBe('live'));
    await el.updateComplete;
    expect(audio.source.opened).toBe(0); // a typed call never opens the microphone by itself
    expect(el.microphone).toBe('off');
    expect(el.$$('[part="microphone-on-button"]')).toHaveLength(1);
    say('agent', 'Welcome back.', true);
    await el.updateComplete;
    expect(el.transcript).toEqual([
      { role: 'user', text: 'Do you deliver to Oran?', final: true, turnId: -2, at: earlierAt, typed: true },
      { role: 'agent', text: 'Yes.', final: true, turnId: -1, at: earlierAt + 2000, typed: false },
      expect.objectContaining({ role: 'agent', text: 'Welcome back.', turnId: 1, typed: false }),
    ]);
  });
});

describe('Download and Copy', () => {
  it('show directly after a call; a press of Download saves a UTF-8 text file, no picker, no new tab', async () => {
    const el = await mount({ lang: 'en' });
    await conversation(el);
    await endCall(el);
    const save = el.$('[part="ended"]').parentElement!.querySelector<HTMLElement>('[part="download-button"]')!;
    expect(text(save)).toBe(CATALOGUES.en.download);
    expect(el.$$('[part="copy-button"]')).toHaveLength(1);
    const file = await downloaded(el, () => save.click());
    expect(file.opened).toBe(false);
    expect(file.name).toMatch(/^conversation-\d{4}-\d{2}-\d{2}\.txt$/);
    expect([...file.bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]); // a byte order mark, then UTF-8
    const lines = file.text.replace(/^\uFEFF/, '').split('\n');
    expect(lines.pop()).toBe('');
    expect(lines).toHaveLength(3);
    expect(lines[0]).toMatch(/^0:0\d Amina: Hello, how can I help\?$/);
    expect(lines[1]).toMatch(/^0:0\d You: Do you deliver to Oran\?$/);
    expect(lines[2]).toMatch(/^0:0\d Amina: Yes, in two days\.$/);
  });

  it('writes an Arabic file right to left: a right-to-left mark at each line, "You" in Arabic', async () => {
    const el = await mount({ lang: 'ar' });
    await conversation(el);
    await endCall(el);
    const file = await downloaded(el, () => el.$('[part="download-button"]').click());
    const lines = file.text.replace(/^\uFEFF/, '').split('\n').filter(Boolean);
    expect(lines).toHaveLength(3);
    for (const line of lines) expect(line.startsWith('\u200F')).toBe(true);
    expect(lines[1]).toMatch(new RegExp(`^\u200F0:0\\d ${CATALOGUES.ar.you}: Do you deliver to Oran\\?$`));
  });

  it('sit in a small menu during the call; Copy puts the same text on the clipboard and says so', async () => {
    const written: string[] = [];
    restoreAfterTest(shadow(navigator, 'clipboard', { writeText: async (value: string) => void written.push(value) }));
    const el = await mount({ lang: 'en' });
    await conversation(el);
    const menu = el.$<HTMLDetailsElement>('[part="header"] details:has([part="copy-button"])');
    expect(menu.open).toBe(false);
    expect(menu.querySelector('summary')!.getAttribute('aria-label')).toBe(CATALOGUES.en.saveConversation);
    const { width, height } = menu.querySelector('summary')!.getBoundingClientRect();
    expect(Math.min(width, height)).toBeGreaterThanOrEqual(44);
    menu.querySelector('summary')!.click();
    await vi.waitFor(() => expect(menu.open).toBe(true));
    const copy = el.$('[part="copy-button"]');
    expect(copy.getClientRects().length).toBeGreaterThan(0);
    copy.click();
    await vi.waitFor(() => expect(written).toHaveLength(1));
    expect(written[0]).toMatch(/^0:0\d Amina: Hello, how can I help\?\n0:0\d You: Do you deliver to Oran\?\n0:0\d Amina: Yes, in two days\.\n$/);
    await vi.waitFor(() => expect(text(menu.querySelector('[aria-live="polite"]'))).toBe(CATALOGUES.en.copied));
    expect(await violations(el)).toEqual([]);
  });

  it('hides Copy where the page forbids the clipboard, or once it refused; Download where the frame forbids downloads', async () => {
    const el = await mount({ lang: 'en' });
    await conversation(el);
    await endCall(el);
    // The clipboard refuses (a browser with no policy to ask): Copy goes, Download stays.
    restoreAfterTest(shadow(navigator, 'clipboard', { writeText: () => Promise.reject(new DOMException('no', 'NotAllowedError')) }));
    el.$('[part="copy-button"]').click();
    await vi.waitFor(() => expect(el.$$('[part="copy-button"]')).toHaveLength(0));
    expect(el.$$('[part="download-button"]')).toHaveLength(1);

    // A new call: the clipboard is tried again, unless the frame's Permissions Policy says no.
    await conversation(el);
    await endCall(el);
    expect(el.$$('[part="copy-button"]')).toHaveLength(1);
    const policy = { allowsFeature: (feature: string) => feature !== 'clipboard-write' };
    restoreAfterTest(shadow(document, 'featurePolicy', policy));
    restoreAfterTest(shadow(document, 'permissionsPolicy', policy));
    el.requestUpdate();
    await el.updateComplete;
    expect(el.$$('[part="copy-button"]')).toHaveLength(0);

    // A sandboxed frame without allow-downloads (an opaque origin): nothing left to offer, nothing shown.
    restoreAfterTest(shadow(window, 'origin', 'null'));
    el.requestUpdate();
    await el.updateComplete;
    expect(el.$$('[part="download-button"], [part="copy-button"], .transcript-actions')).toHaveLength(0);
  });
});

describe.each(['ar', 'en'] as const)('the new views in %s', (lang) => {
  it('have no axe violations and targets of at least 44 × 44 px: Type instead, Talk instead, the silent notice, the menu', async () => {
    const t = CATALOGUES[lang];
    const el = await mount({ lang, layout: 'inline' });
    const targets = () => {
      for (const target of el.$$('button, input, select, summary').filter((node) => node.getClientRects().length > 0)) {
        const { width, height } = target.getBoundingClientRect();
        expect(Math.min(width, height), `${target.getAttribute('part') ?? target.textContent}`).toBeGreaterThanOrEqual(44);
      }
    };
    await conversation(el);
    el.$<HTMLDetailsElement>('details:has([part="copy-button"])').open = true;
    await el.updateComplete;
    expect(text(el.$('[part="microphone-off-button"]'))).toBe(t.notices.typeInstead);
    expect(await violations(el)).toEqual([]);
    targets();

    // The microphone sends only silence: 4 s of level reports with a peak of 0 (the capture processor's).
    for (let i = 0; i < 130; i++) audio.source.level(0);
    await vi.waitFor(() => expect(el.$$('[part="silent-mic-notice"]')).toHaveLength(1));
    expect(text(el.$('[part="silent-mic-notice"]'))).toBe(t.notices.silentMic);
    expect(await violations(el)).toEqual([]);
    targets();

    el.$('[part="microphone-off-button"]').click();
    await vi.waitFor(() => expect(el.$$('[part="microphone-on-button"]')).toHaveLength(1));
    await el.updateComplete;
    expect(el.$$('[part="silent-mic-notice"]')).toHaveLength(0);
    expect(text(el.$('[part="microphone-on-button"]'))).toBe(t.notices.talkInstead);
    expect(text(el.$('[part="status"]'))).toBe(t.notices.micOff);
    expect(await violations(el)).toEqual([]);
    targets();
    socket(); // the same line throughout
  });
});
