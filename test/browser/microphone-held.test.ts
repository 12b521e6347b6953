// iOS mutes a call's microphone track while a phone call, or another app, holds the microphone: the call goes
// on hearing silence. The panel says so until the track is unmuted, with the real element, the real audio
// engine and the fake-device microphone (the track's `muted`, which only the browser sets, is stood in for).
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { CATALOGUES } from '../catalogues.ts';
import { endCall, goLive, resetFakes, text } from './ui-harness.ts';
import { spyOnMicrophone } from '../fixtures/media-spy.ts';
import { cleanUpWidgets, mountWidget } from './real-widget.ts';

/** What the system does to a track it takes or gives back. */
function setHeld(track: MediaStreamTrack, held: boolean): void {
  Object.defineProperty(track, 'muted', { configurable: true, get: () => held });
  track.dispatchEvent(new Event(held ? 'mute' : 'unmute'));
}

beforeEach(() => resetFakes());
afterEach(cleanUpWidgets);

it('says the microphone is held while the system mutes its track, and not once it is back or in the next call', async () => {
  const { streams } = spyOnMicrophone();
  const element = mountWidget({ lang: 'fr', layout: 'inline' });
  await goLive(element);
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
  await endCall(element);
  await goLive(element);
  await element.updateComplete;
  expect(notice()).toBeNull();
});
