// iOS mutes a call's microphone track while a phone call, or another app, holds the microphone: the call goes
// on hearing silence. The panel says so until the track is unmuted, with the real element, the real audio
// engine and the fake-device microphone (the track's `muted`, which only the browser sets, is stood in for).
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import '../../src/voice-agent.ts';
import type { VoiceAgentElement } from '../../src/voice-agent.ts';
import { CATALOGUES } from '../catalogues.ts';
import { cleanUp, resetFakes, socket, sockets, text } from './ui-harness.ts';

let restore: (() => void) | null = null;
/** Every stream the page's getUserMedia gives. */
function watchStreams(): MediaStream[] {
  const devices = navigator.mediaDevices;
  const original = Object.getOwnPropertyDescriptor(devices, 'getUserMedia');
  const real = devices.getUserMedia.bind(devices);
  const streams: MediaStream[] = [];
  Object.defineProperty(devices, 'getUserMedia', {
    configurable: true,
    value: async (constraints: MediaStreamConstraints) => {
      const stream = await real(constraints);
      streams.push(stream);
      return stream;
    },
  });
  restore = () => {
    if (original) Object.defineProperty(devices, 'getUserMedia', original);
    else delete (devices as { getUserMedia?: unknown }).getUserMedia;
  };
  return streams;
}

/** What the system does to a track it takes or gives back. */
function setHeld(track: MediaStreamTrack, held: boolean): void {
  Object.defineProperty(track, 'muted', { configurable: true, get: () => held });
  track.dispatchEvent(new Event(held ? 'mute' : 'unmute'));
}

beforeEach(() => resetFakes());
afterEach(async () => {
  for (const element of document.querySelectorAll('voice-agent')) await (element as VoiceAgentElement).end();
  restore?.();
  restore = null;
  cleanUp();
});

async function call(element: VoiceAgentElement): Promise<void> {
  const before = sockets.length;
  const started = element.start();
  await vi.waitFor(() => expect(sockets.length).toBe(before + 1), 5000);
  socket().open();
  socket().receive({ type: 'ready', conversationId: 'c-1', maxSeconds: 300, agent: { name: 'Amina', avatar: {}, language: 'fr' } });
  await started;
}

it('says the microphone is held while the system mutes its track, and not once it is back or in the next call', async () => {
  const streams = watchStreams();
  const element = document.createElement('voice-agent');
  for (const [name, value] of Object.entries({ 'public-id': 'shop-42', 'server-url': 'https://service.test/', lang: 'fr', layout: 'inline' })) {
    element.setAttribute(name, value);
  }
  document.body.append(element);
  await call(element);
  const notice = () => element.shadowRoot!.querySelector('[part="microphone-held-notice"]');
  await vi.waitFor(() => expect(streams).toHaveLength(1));
  const track = streams[0]!.getAudioTracks()[0]!;
  await element.updateComplete;
  expect(notice()).toBeNull();

  setHeld(track, true);
  await vi.waitFor(() => expect(notice()).not.toBeNull());
  expect(text(notice())).toBe(CATALOGUES.fr.notices.micHeld);
  expect(notice()!.getAttribute('role')).toBe('status');
  expect(element.state).toBe('live'); // the call goes on; the visitor can type meanwhile
  expect(element.shadowRoot!.querySelector('[part="message-input"]')).not.toBeNull();

  setHeld(track, false);
  await vi.waitFor(() => expect(notice()).toBeNull());

  setHeld(track, true);
  await vi.waitFor(() => expect(notice()).not.toBeNull());
  await element.end();
  await call(element);
  await element.updateComplete;
  expect(notice()).toBeNull();
});
