// The call's audio when the browser interrupts it, with the real audio engine
// (fake-device microphone, real AudioWorklets) and a scripted service: a suspended context is resumed at
// once, a context that needs a gesture shows "Tap to continue" and resumes on that tap, the uplink keeps
// real-time pace throughout, a microphone that ends falls back to the default device or to a typed call,
// and a typed call never asks for the microphone.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import '../../src/voice-agent.ts';
import type { VoiceAgentElement } from '../../src/voice-agent.ts';
import { spyOnMicrophone, type MicrophoneSpy } from '../fixtures/media-spy.ts';
import { sleep } from '../sleep.ts';
import { cleanUpWidgets } from './real-widget.ts';
import { recordAudioContexts, resetFakes, socket, sockets } from './ui-harness.ts';

let contexts: AudioContext[] = [];
let spy: MicrophoneSpy;

beforeEach(() => {
  resetFakes();
  contexts = recordAudioContexts();
  spy = spyOnMicrophone();
});
afterEach(cleanUpWidgets);

const isSilent = (frame: ArrayBuffer) => new Int16Array(frame).every((s) => s === 0);

async function liveCall(options: { microphone?: boolean } = {}): Promise<VoiceAgentElement> {
  const element = document.createElement('voice-agent');
  element.setAttribute('public-id', 'shop-42');
  element.setAttribute('server-url', 'https://service.test/');
  element.setAttribute('layout', 'inline');
  element.setAttribute('lang', 'en');
  document.body.append(element);
  await element.updateComplete;
  const started = element.start(options);
  await vi.waitFor(() => expect([element.state, sockets.length]).toEqual(['connecting', 1]), 5000);
  socket().open();
  socket().receive({ type: 'ready', conversationId: 'c-1', maxSeconds: 300, agent: { name: 'Amina', avatar: {}, language: 'en' } });
  await started;
  expect(element.state).toBe('live');
  return element;
}

/** Frames the widget sends over `ms` of wall-clock time, per second, and how many were silent. The pacer
 *  catches up on each timer tick, so a window's edges can each be off by one late tick (a few frames on
 *  a loaded machine): windows are long enough for that to stay inside the ±10% bounds. */
async function uplinkOver(ms: number): Promise<{ perSecond: number; silent: number; frames: ArrayBuffer[] }> {
  const before = socket().sentBinary.length;
  const t0 = performance.now();
  await sleep(ms);
  const frames = socket().sentBinary.slice(before);
  return { perSecond: frames.length / ((performance.now() - t0) / 1000), silent: frames.filter(isSilent).length, frames };
}

/** The microphone's signal reaches the uplink (the fake device plays a loud test signal). */
async function expectMicrophoneFlowing(): Promise<void> {
  await vi.waitFor(async () => {
    const { frames } = await uplinkOver(300);
    expect(frames.length).toBeGreaterThan(0);
    expect(frames.filter((frame) => !isSilent(frame)).length).toBeGreaterThan(frames.length / 2);
  }, 5000);
}

describe('audio interruptions', () => {
  it('resumes a context the browser suspends mid-call, and the uplink is at real-time pace within 1.5 s', async () => {
    await liveCall();
    const context = contexts[0]!;
    await expectMicrophoneFlowing();
    await context.suspend();
    const suspendedAt = performance.now();
    // Noticed at once and resumed (this browser allows it without a gesture here).
    await expect.poll(() => context.state, { timeout: 1000 }).toBe('running');
    await sleep(Math.max(0, 1500 - (performance.now() - suspendedAt)));
    const pace = await uplinkOver(2000);
    expect(pace.perSecond).toBeGreaterThan(45);
    expect(pace.perSecond).toBeLessThan(55);
    await expectMicrophoneFlowing();
    expect(document.querySelector('voice-agent')!.shadowRoot!.querySelector('[part="resume-notice"]')).toBeNull();
  });

  it('shows "Tap to continue" when resuming needs a gesture, keeps the uplink at pace, and resumes on the tap', async () => {
    const element = await liveCall();
    const context = contexts[0]!;
    await expectMicrophoneFlowing();
    // Autoplay rules (or an iOS interruption): resume() does nothing until the visitor taps.
    const nativeResume = context.resume.bind(context);
    let blocked = true;
    context.resume = () => (blocked ? new Promise<void>(() => {}) : nativeResume());
    await context.suspend();
    const suspendedAt = performance.now();
    const tap = page.getByRole('button', { name: 'Tap to continue' });
    await expect.element(tap).toBeVisible();
    expect(element.state).toBe('live');
    // Meanwhile silence keeps the service's real-time pace.
    await sleep(Math.max(0, 1500 - (performance.now() - suspendedAt)));
    const pace = await uplinkOver(1500);
    expect(pace.perSecond).toBeGreaterThan(45);
    expect(pace.perSecond).toBeLessThan(55);
    expect(pace.silent).toBe(pace.frames.length);
    blocked = false;
    await userEvent.click(tap);
    await expect.poll(() => context.state).toBe('running');
    await expect.element(tap).not.toBeInTheDocument();
    await expectMicrophoneFlowing();
  });

  it('falls back to the default microphone when the one in use ends mid-call', async () => {
    const element = await liveCall();
    await expectMicrophoneFlowing();
    expect(spy.calls).toHaveLength(1);
    const track = spy.streams[0]!.getAudioTracks()[0]!;
    // What an unplugged device does: the track ends (stop() alone fires no `ended`).
    track.stop();
    track.dispatchEvent(new Event('ended'));
    await vi.waitFor(() => expect(spy.calls).toHaveLength(2));
    expect((spy.calls[1]!.audio as MediaTrackConstraints).deviceId).toBeUndefined();
    await expectMicrophoneFlowing();
    expect(element.state).toBe('live');
    expect(element.shadowRoot!.querySelector('[part="typed-notice"]')).toBeNull();
  });

  it('goes on as a typed call when the microphone ends and no other one opens', async () => {
    const element = await liveCall();
    await expectMicrophoneFlowing();
    const track = spy.streams[0]!.getAudioTracks()[0]!;
    spy = spyOnMicrophone(new DOMException('Requested device not found', 'NotFoundError'));
    track.stop();
    track.dispatchEvent(new Event('ended'));
    await expect.element(page.getByText('The microphone stopped. The call goes on by typing')).toBeVisible();
    expect(element.state).toBe('live');
    const input = element.shadowRoot!.querySelector<HTMLInputElement>('[part="message-input"]')!;
    await vi.waitFor(() => expect(element.shadowRoot!.activeElement).toBe(input));
    await sleep(600);
    const pace = await uplinkOver(1500);
    expect(pace.perSecond).toBeGreaterThan(45);
    expect(pace.perSecond).toBeLessThan(55);
    expect(pace.silent).toBe(pace.frames.length);
    element.sendText('Can you hear me typing?');
    // The text crosses to the call's host (a worker, or here its stand-in on the page) before it is sent.
    await vi.waitFor(() => expect(socket().sentJson).toContainEqual({ type: 'text', text: 'Can you hear me typing?' }));
  });

  it('a typed call never asks for the microphone, sends 50 frames/s of silence and plays the agent', async () => {
    const element = await liveCall({ microphone: false });
    expect(spy.calls).toEqual([]);
    await expect.element(page.getByText('Typed call: no microphone is used.', { exact: false })).toBeVisible();
    const pace = await uplinkOver(3000);
    expect(pace.perSecond).toBeGreaterThan(45);
    expect(pace.perSecond).toBeLessThan(55);
    expect(pace.silent).toBe(pace.frames.length);
    // The agent's voice (24 kHz s16le) is played.
    const tone = new Int16Array(24_000 / 2).map((_, i) => Math.round(8000 * Math.sin(i / 5)));
    socket().receive(tone.buffer);
    await expect.poll(() => element.stats.playback?.playedSamples ?? 0, { timeout: 3000 }).toBeGreaterThan(6000);
    expect(spy.calls).toEqual([]);
  });
});
