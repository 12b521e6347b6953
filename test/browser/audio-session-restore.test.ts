// Safari's `navigator.audioSession.type` is the page's, not the widget's: a voice call sets it to
// `play-and-record` (iOS then treats all of the page's audio as a call: the earpiece, voice processing), and
// once the call's audio is let go the page gets back the type it had, so its own videos and sounds play as before.
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import '../../src/voice-agent.ts';
import type { VoiceAgentElement } from '../../src/voice-agent.ts';
import { shadow } from '../fixtures/media-spy.ts';
import { cleanUp, resetFakes, socket, sockets } from './ui-harness.ts';

let undo: (() => void) | null = null;
beforeEach(() => resetFakes());
afterEach(async () => {
  for (const element of document.querySelectorAll('voice-agent')) await (element as VoiceAgentElement).end();
  undo?.();
  undo = null;
  cleanUp();
});

async function liveCall(element: VoiceAgentElement, options: { microphone?: boolean } = {}): Promise<void> {
  const before = sockets.length;
  const started = element.start(options);
  await vi.waitFor(() => expect(sockets.length).toBe(before + 1), 5000);
  socket().open();
  socket().receive({ type: 'ready', conversationId: 'c-1', maxSeconds: 300, agent: { name: 'Amina', avatar: {}, language: 'en' } });
  await started;
  expect(element.state).toBe('live');
}

it.each(['auto', 'playback'])('gives the page back its audio session type (%s) when a voice call ends', async (pageType) => {
  const session = { type: pageType };
  undo = shadow(navigator, 'audioSession', session);
  const element = document.createElement('voice-agent');
  element.setAttribute('public-id', 'shop-42');
  element.setAttribute('server-url', 'https://service.test/');
  element.setAttribute('lang', 'en');
  document.body.append(element);
  await liveCall(element);
  expect(session.type).toBe('play-and-record');
  await element.end();
  expect(element.state).toBe('ended');
  await vi.waitFor(() => expect(session.type).toBe(pageType));

  // The next call sets it again, and gives it back again.
  await liveCall(element);
  expect(session.type).toBe('play-and-record');
  await element.end();
  await vi.waitFor(() => expect(session.type).toBe(pageType));
});
