// The call's audio held by the browser while the floating panel is closed (a call must never be a
// silent "live"): the launcher shows a mark and says why in its name, the status region says it, and the tap on the
// launcher is the gesture that resumes the audio. Real audio engine (fake-device microphone, real
// AudioWorklets), scripted service.
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { userEvent } from 'vitest/browser';
import '../../src/voice-agent.ts';
import { CATALOGUES } from '../catalogues.ts';
import { cleanUp, endEveryCall, recordAudioContexts, resetFakes, socket, sockets } from './ui-harness.ts';

let contexts: AudioContext[] = [];

beforeEach(() => {
  resetFakes();
  contexts = recordAudioContexts();
});
afterEach(async () => {
  await endEveryCall();
  await cleanUp();
});

it('says on the closed launcher that the audio waits for a tap, and the tap on it resumes the audio', async () => {
  const element = document.createElement('voice-agent');
  element.setAttribute('public-id', 'shop-42');
  element.setAttribute('server-url', 'https://service.test/');
  element.setAttribute('lang', 'en');
  document.body.append(element);
  await element.updateComplete;
  const started = element.start();
  await vi.waitFor(() => expect(sockets).toHaveLength(1), 5000);
  socket().open();
  socket().receive({ type: 'ready', conversationId: 'c-1', maxSeconds: 300, agent: { name: 'Amina', avatar: {}, language: 'en' } });
  await started;
  expect(element.state).toBe('live');
  element.hide();
  await element.updateComplete;

  const context = contexts[0]!;
  // Running first (in Chromium the call's output waits for the microphone): a resume under way would win.
  await vi.waitFor(() => expect(context.state).toBe('running'));
  const nativeResume = context.resume.bind(context);
  let blocked = true;
  context.resume = () => (blocked ? new Promise<void>(() => {}) : nativeResume());
  await context.suspend();

  const root = element.shadowRoot!;
  const launcher = root.querySelector<HTMLButtonElement>('[part="launcher"]')!;
  const t = CATALOGUES.en; // during a call the launcher speaks the call's strings
  await vi.waitFor(() => expect(launcher.classList.contains('attention')).toBe(true), 3000);
  expect(launcher.getAttribute('aria-label')).toBe(`${t.widgetName}, ${t.callInProgress}, ${t.audioPaused}`);
  expect(root.querySelector('[role="status"]')!.textContent).toBe(CATALOGUES.en.notices.audioPaused);
  expect(element.state).toBe('live');

  blocked = false;
  await userEvent.click(launcher);
  await expect.poll(() => context.state).toBe('running');
  await vi.waitFor(() => expect(launcher.classList.contains('attention')).toBe(false));
  expect(element.open).toBe(true);
  expect(root.querySelector('[part="resume-notice"]')).toBeNull();
});
