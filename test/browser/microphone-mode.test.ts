// Voice or typing at any moment, with the real element, its real audio engine and the fake-device microphone
// (the service is ui-harness.ts's fake socket and ticket): Type instead stops every track the call obtained and
// keeps the uplink at real-time pace with silence; Talk instead asks for the microphone in the press itself (no
// await before getUserMedia), the chosen device, the same socket, no new ticket; every typed call offers it (one
// started typed, one continued by typing after a refusal, one whose microphone was lost); a refusal leaves the
// call typed and says why; the page's `microphone` property does the same from its own click.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { userEvent } from 'vitest/browser';
import type { VoiceAgentElement } from '../../src/voice-agent.ts';
import { CATALOGUES } from '../catalogues.ts';
import { restoreAfterTest } from '../fixtures/after-test.ts';
import { shadow, spyOnMicrophone } from '../fixtures/media-spy.ts';
import { goLive, resetFakes, socket, sockets, text } from './ui-harness.ts';
import { cleanUpWidgets, mountWidget } from './real-widget.ts';

const t = CATALOGUES.en;
let fetches: ReturnType<typeof resetFakes>;
beforeEach(() => {
  fetches = resetFakes();
});
afterEach(cleanUpWidgets);

const tickets = () => fetches.calls.filter((call) => call.url.endsWith('/call')).length;
const liveTracks = (streams: MediaStream[]) => streams.flatMap((s) => s.getTracks()).filter((track) => track.readyState === 'live').length;
const part = (el: VoiceAgentElement, name: string) => el.shadowRoot!.querySelector<HTMLElement>(`[part~="${name}"]`);
const hasSound = (frame: ArrayBuffer) => new Int16Array(frame).some((sample) => sample !== 0);

/** The `voice-agent-microphone` events `el` sends from now on. */
function microphoneEvents(el: VoiceAgentElement): { on: boolean }[] {
  const seen: { on: boolean }[] = [];
  el.addEventListener('voice-agent-microphone', (event) => seen.push(event.detail));
  return seen;
}

/** The frames the fake service receives over `ms` (after `settleMs` for what was on its way), and how many carry
 *  sound. */
async function uplinkOver(ms: number, settleMs = 300): Promise<{ perSecond: number; withSound: number }> {
  await new Promise((resolve) => setTimeout(resolve, settleMs));
  const before = socket().sentBinary.length;
  const started = performance.now();
  await new Promise((resolve) => setTimeout(resolve, ms));
  const frames = socket().sentBinary.slice(before);
  return { perSecond: frames.length / ((performance.now() - started) / 1000), withSound: frames.filter(hasSound).length };
}

/** getUserMedia that refuses while `refusing.now` (the visitor says no), else opens the fake device. */
function refusableMicrophone(): { now: boolean; calls: number; streams: MediaStream[] } {
  const devices = navigator.mediaDevices;
  const real = devices.getUserMedia.bind(devices);
  const state = { now: true, calls: 0, streams: [] as MediaStream[] };
  restoreAfterTest(
    shadow(devices, 'getUserMedia', async (constraints: MediaStreamConstraints) => {
      state.calls++;
      if (state.now) throw new DOMException('Permission denied', 'NotAllowedError');
      const stream = await real(constraints);
      state.streams.push(stream);
      return stream;
    }),
  );
  return state;
}

describe('Type instead, in a voice call', () => {
  it('stops every track at once, keeps the uplink at pace with silence, focuses the text box and says so', async () => {
    const watched = spyOnMicrophone();
    const el = mountWidget({ layout: 'inline' });
    const events = microphoneEvents(el);
    await goLive(el);
    await vi.waitFor(() => expect(el.stats.microphone).toBe(true), 5000);
    expect(el.microphone).toBe('on');
    await vi.waitFor(() => expect(socket().sentBinary.some(hasSound)).toBe(true), 5000);

    const typeInstead = part(el, 'microphone-off-button')!;
    expect(text(typeInstead)).toBe(t.notices.typeInstead);
    typeInstead.click();
    // In the press itself: the browser's recording indicator goes off.
    expect(liveTracks(watched.streams)).toBe(0);
    expect(el.microphone).toBe('off');
    await vi.waitFor(() => expect(events).toEqual([{ on: false }]));
    await vi.waitFor(() => expect(el.shadowRoot!.activeElement).toBe(part(el, 'message-input')));
    await el.updateComplete;
    expect(el.stats.microphone).toBe(false);
    expect(text(part(el, 'status'))).toBe(t.notices.micOff);
    expect(text(part(el, 'typed-notice'))).toBe(t.notices.typedCall);
    expect(part(el, 'microphone-off-button')).toBeNull();
    expect(text(part(el, 'microphone-on-button'))).toBe(t.notices.talkInstead);

    // Silence at real-time pace (spec §6.1): 50 frames a second, none with sound.
    const uplink = await uplinkOver(1500);
    expect(uplink.perSecond).toBeGreaterThan(45);
    expect(uplink.perSecond).toBeLessThan(55);
    expect(uplink.withSound).toBe(0);
    expect(liveTracks(watched.streams)).toBe(0);
    expect(watched.calls).toHaveLength(1);
    expect(tickets()).toBe(1);
    expect(sockets).toHaveLength(1);
    expect(el.state).toBe('live');
  });
});

describe('Talk instead', () => {
  it('asks for the chosen microphone in the press, holds one live track, and its sound reaches the same socket', async () => {
    const watched = spyOnMicrophone();
    const el = mountWidget({ layout: 'inline' });
    const events = microphoneEvents(el);
    await goLive(el);
    await vi.waitFor(() => expect(el.stats.microphone).toBe(true), 5000);
    // The visitor picked a microphone in the panel: Talk instead asks for that one again.
    await vi.waitFor(() => expect(part(el, 'microphone-select')).not.toBeNull(), 5000);
    const select = part(el, 'microphone-select') as HTMLSelectElement;
    const chosen = [...select.options].map((option) => option.value).find((id) => id !== 'default' && id !== select.value)!;
    select.value = chosen;
    select.dispatchEvent(new Event('change'));
    await vi.waitFor(() => expect(el.inputDeviceId).toBe(chosen));
    part(el, 'microphone-off-button')!.click();
    await el.updateComplete;

    const talkInstead = part(el, 'microphone-on-button')!;
    talkInstead.click();
    // Asked for before anything was awaited: the press's own task.
    expect(watched.calls).toHaveLength(3); // the call's, the picker's, and this one
    expect((watched.calls[2]!.audio as MediaTrackConstraints).deviceId).toEqual({ exact: chosen });
    expect(el.microphone).toBe('on');
    await vi.waitFor(() => expect(el.stats.microphone).toBe(true), 5000);
    await vi.waitFor(() => expect(events).toEqual([{ on: false }, { on: true }]));
    expect(liveTracks(watched.streams)).toBe(1);
    await el.updateComplete;
    expect(part(el, 'typed-notice')).toBeNull();
    expect(text(part(el, 'status'))).toBe(t.activity.listening);
    // Its focus stays on the switch, which is Type instead again.
    expect(part(el, 'microphone-off-button')).toBe(talkInstead);

    const uplink = await uplinkOver(1500, 600);
    expect(uplink.perSecond).toBeGreaterThan(45);
    expect(uplink.perSecond).toBeLessThan(55);
    expect(uplink.withSound).toBeGreaterThan(uplink.perSecond); // more than a second of sound in 1.5 s
    expect(tickets()).toBe(1);
    expect(sockets).toHaveLength(1);
    expect(liveTracks(watched.streams)).toBe(1);
  });

  it('is offered by a call started with start({ microphone: false }), which never asked for the microphone', async () => {
    const watched = spyOnMicrophone();
    const el = mountWidget({ layout: 'inline' });
    await goLive(el, {}, { microphone: false });
    await el.updateComplete;
    expect(watched.calls).toHaveLength(0);
    expect(el.microphone).toBe('off');
    expect(text(part(el, 'status'))).toBe(t.notices.micOff);
    part(el, 'microphone-on-button')!.click();
    expect(watched.calls).toHaveLength(1);
    await vi.waitFor(() => expect(el.stats.microphone).toBe(true), 5000);
    expect(liveTracks(watched.streams)).toBe(1);
    await vi.waitFor(() => expect(socket().sentBinary.some(hasSound)).toBe(true), 5000);
    expect(tickets()).toBe(1);
  });

  it('is offered after Continue by typing; a refusal leaves the call typed with the refusal’s words', async () => {
    const microphone = refusableMicrophone();
    const el = mountWidget({ layout: 'inline' });
    await el.start();
    expect(el.state).toBe('error');
    await el.updateComplete;
    part(el, 'type-instead-button')!.click();
    let line: ReturnType<typeof socket> | undefined;
    await vi.waitFor(() => expect((line = sockets.findLast((candidate) => candidate.readyState === 0))).toBeDefined(), 5000);
    line!.open();
    line!.receive({ type: 'ready', conversationId: 'c-2', maxSeconds: 300, agent: { name: 'Amina' } });
    await vi.waitFor(() => expect(el.state).toBe('live'));
    await el.updateComplete;
    expect(microphone.calls).toBe(1);
    const ticketsSoFar = tickets(); // a refusal may have cost one already, where the browser said it was granted

    part(el, 'microphone-on-button')!.click(); // still refused
    expect(microphone.calls).toBe(2);
    await vi.waitFor(() => expect(text(part(el, 'typed-notice'))).toContain(t.errors.MIC_DENIED.title));
    expect(text(part(el, 'typed-notice'))).toContain(t.errors.MIC_DENIED.body);
    expect(el.microphone).toBe('off');
    expect(el.state).toBe('live');
    expect(part(el, 'microphone-on-button')).not.toBeNull();

    microphone.now = false; // allowed in the browser's settings
    part(el, 'microphone-on-button')!.click();
    await vi.waitFor(() => expect(el.stats.microphone).toBe(true), 5000);
    expect(liveTracks(microphone.streams)).toBe(1);
    expect(el.microphone).toBe('on');
    expect(tickets()).toBe(ticketsSoFar);
  });

  it('is offered once the microphone was lost mid-call, and brings it back', async () => {
    const microphone = refusableMicrophone();
    microphone.now = false;
    const el = mountWidget({ layout: 'inline' });
    await goLive(el);
    await vi.waitFor(() => expect(el.stats.microphone).toBe(true), 5000);
    // Unplugged, and no other device opens.
    microphone.now = true;
    const track = microphone.streams[0]!.getAudioTracks()[0]!;
    track.stop();
    track.dispatchEvent(new Event('ended'));
    await vi.waitFor(() => expect(text(part(el, 'typed-notice'))).toBe(t.notices.micLost));
    expect(el.microphone).toBe('off');

    microphone.now = false; // plugged in again
    part(el, 'microphone-on-button')!.click();
    await vi.waitFor(() => expect(el.stats.microphone).toBe(true), 5000);
    expect(liveTracks(microphone.streams)).toBe(1);
    expect(tickets()).toBe(1);
  });
});

describe('the `microphone` property', () => {
  it('switches from the page’s own click, and does nothing outside a call', async () => {
    const watched = spyOnMicrophone();
    const el = mountWidget({ layout: 'inline' });
    await el.loadUi();
    el.microphone = 'on';
    expect(watched.calls).toHaveLength(0);
    expect(el.microphone).toBe('off');

    await goLive(el, {}, { microphone: false });
    const button = document.createElement('button');
    button.textContent = 'Talk to the assistant';
    button.addEventListener('click', () => (el.microphone = 'on'));
    document.body.append(button);
    await userEvent.click(button);
    expect(watched.calls).toHaveLength(1);
    await vi.waitFor(() => expect(liveTracks(watched.streams)).toBe(1), 5000);
    el.microphone = 'off';
    expect(liveTracks(watched.streams)).toBe(0);
    expect(el.microphone).toBe('off');
  });
});

describe('by keyboard', () => {
  it('reaches the switch with Tab, turns it with Space and Enter, and keeps the focus on it', async () => {
    const watched = spyOnMicrophone();
    const el = mountWidget({ layout: 'inline' });
    await goLive(el);
    await vi.waitFor(() => expect(el.stats.microphone).toBe(true), 5000);
    part(el, 'mute-button')!.focus();
    await userEvent.tab();
    const switcher = part(el, 'microphone-off-button')!;
    expect(el.shadowRoot!.activeElement).toBe(switcher);
    const { width, height } = switcher.getBoundingClientRect();
    expect(width).toBeGreaterThanOrEqual(44);
    expect(height).toBeGreaterThanOrEqual(44);
    await userEvent.keyboard(' ');
    expect(liveTracks(watched.streams)).toBe(0);
    // Type instead hands the focus to the text box; back on the switch, Enter talks again.
    await vi.waitFor(() => expect(el.shadowRoot!.activeElement).toBe(part(el, 'message-input')));
    part(el, 'microphone-on-button')!.focus();
    await userEvent.keyboard('{Enter}');
    expect(watched.calls).toHaveLength(2);
    await vi.waitFor(() => expect(liveTracks(watched.streams)).toBe(1), 5000);
    expect(el.shadowRoot!.activeElement).toBe(part(el, 'microphone-off-button'));
  });
});
