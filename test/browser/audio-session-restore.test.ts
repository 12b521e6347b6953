// Safari's `navigator.audioSession.type` is the page's, not the widget's: a voice call sets it to
// `play-and-record` (iOS then treats all of the page's audio as a call: the earpiece, voice processing), and
// once the call's audio is let go the page gets back the type it had, so its own videos and sounds play as before.
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { restoreAfterTest } from '../fixtures/after-test.ts';
import { shadow } from '../fixtures/media-spy.ts';
import { endCall, goLive, resetFakes } from './ui-harness.ts';
import { cleanUpWidgets, mountWidget } from './real-widget.ts';

beforeEach(() => resetFakes());
afterEach(cleanUpWidgets);

it.each(['auto', 'playback'])('gives the page back its audio session type (%s) when a voice call ends', async (pageType) => {
  const session = { type: pageType };
  restoreAfterTest(shadow(navigator, 'audioSession', session));
  const element = mountWidget();
  await goLive(element);
  expect(session.type).toBe('play-and-record');
  await endCall(element);
  expect(element.state).toBe('ended');
  await vi.waitFor(() => expect(session.type).toBe(pageType));

  // The next call sets it again, and gives it back again.
  await goLive(element);
  expect(session.type).toBe('play-and-record');
  await endCall(element);
  await vi.waitFor(() => expect(session.type).toBe(pageType));
});

it('keeps the session a call when a call on another widget takes over from the one it ends', async () => {
  const session = { type: 'auto' };
  restoreAfterTest(shadow(navigator, 'audioSession', session));
  const first = mountWidget();
  const second = mountWidget({ 'public-id': 'support-7' });
  await goLive(first);
  // One call per page: the second call ends the first, whose audio lets go of the session after the second
  // claimed it.
  await goLive(second);
  await vi.waitFor(() => expect(first.state).toBe('ended'), { timeout: 4000 });
  expect(session.type).toBe('play-and-record');
  await endCall(second);
  await vi.waitFor(() => expect(session.type).toBe('auto'));
});
