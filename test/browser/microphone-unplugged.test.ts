// A microphone the visitor chose in the panel's picker (a Bluetooth headset) is unplugged mid-call: the default
// device takes over, and the widget must not keep the gone device as its choice — the picker would show a
// device that is no longer there, and every later call would ask for it with `exact` and fail MIC_UNAVAILABLE.
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import '../../src/voice-agent.ts';
import type { VoiceAgentElement } from '../../src/voice-agent.ts';
import { cleanUp, resetFakes, socket, sockets } from './ui-harness.ts';

let restore: (() => void) | null = null;
/** getUserMedia as Chromium answers once `gone` is unplugged: an exact request for it fails. */
function watchMicrophone(): { calls: MediaStreamConstraints[]; streams: MediaStream[]; unplug: (id: string) => void } {
  const devices = navigator.mediaDevices;
  const original = Object.getOwnPropertyDescriptor(devices, 'getUserMedia');
  const real = devices.getUserMedia.bind(devices);
  const calls: MediaStreamConstraints[] = [];
  const streams: MediaStream[] = [];
  let gone: string | null = null;
  Object.defineProperty(devices, 'getUserMedia', {
    configurable: true,
    value: async (constraints: MediaStreamConstraints) => {
      calls.push(constraints);
      const wanted = (constraints.audio as MediaTrackConstraints).deviceId as { exact?: string } | undefined;
      if (gone && wanted?.exact === gone) throw new DOMException('Requested device not found', 'OverconstrainedError');
      const stream = await real(constraints);
      streams.push(stream);
      return stream;
    },
  });
  restore = () => {
    if (original) Object.defineProperty(devices, 'getUserMedia', original);
    else delete (devices as { getUserMedia?: unknown }).getUserMedia;
  };
  return { calls, streams, unplug: (id) => (gone = id) };
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
  socket().receive({ type: 'ready', conversationId: 'c-1', maxSeconds: 300, agent: { name: 'Amina', avatar: {}, language: 'en' } });
  await started;
}

it('forgets a chosen microphone that was unplugged mid-call: the picker and the next call use the default one', async () => {
  const mic = watchMicrophone();
  const element = document.createElement('voice-agent');
  element.setAttribute('public-id', 'shop-42');
  element.setAttribute('server-url', 'https://service.test/');
  element.setAttribute('lang', 'en');
  document.body.append(element);
  await call(element);
  expect(element.state).toBe('live');
  const root = element.shadowRoot!;

  // The visitor picks another microphone (their headset) in the panel.
  await vi.waitFor(() => expect(root.querySelector('[part="microphone-select"]')).not.toBeNull(), 5000);
  const select = root.querySelector<HTMLSelectElement>('[part="microphone-select"]')!;
  const headset = [...select.options].map((o) => o.value).find((id) => id !== 'default' && id !== select.value)!;
  expect(headset).toBeTruthy();
  select.value = headset;
  select.dispatchEvent(new Event('change'));
  await vi.waitFor(() => expect(element.inputDeviceId).toBe(headset));

  // The headset is switched off: its track ends, and it can no longer be opened.
  mic.unplug(headset);
  const before = mic.calls.length;
  const track = mic.streams.at(-1)!.getAudioTracks()[0]!;
  track.stop();
  track.dispatchEvent(new Event('ended'));
  await vi.waitFor(() => expect(mic.calls.length).toBe(before + 1));
  await vi.waitFor(() => expect(element.shadowRoot!.querySelector('[part="typed-notice"]')).toBeNull());
  expect(element.state).toBe('live');

  // The widget no longer claims the gone headset.
  await vi.waitFor(() => expect(element.inputDeviceId).toBe(''));
  await element.updateComplete;
  expect(root.querySelector<HTMLSelectElement>('[part="microphone-select"]')!.value).not.toBe(headset);

  // And the next call opens the default microphone instead of failing on the gone one.
  await element.end();
  await call(element);
  expect(element.state).toBe('live');
});

it('forgets a chosen microphone unplugged between calls (devicechange): the next call uses the default one', async () => {
  const mic = watchMicrophone();
  const element = document.createElement('voice-agent');
  element.setAttribute('public-id', 'shop-42');
  element.setAttribute('server-url', 'https://service.test/');
  element.setAttribute('lang', 'en');
  document.body.append(element);
  await call(element);
  const root = element.shadowRoot!;
  await vi.waitFor(() => expect(root.querySelector('[part="microphone-select"]')).not.toBeNull(), 5000);
  const select = root.querySelector<HTMLSelectElement>('[part="microphone-select"]')!;
  const headset = [...select.options].map((o) => o.value).find((id) => id !== 'default' && id !== select.value)!;
  select.value = headset;
  select.dispatchEvent(new Event('change'));
  await vi.waitFor(() => expect(element.inputDeviceId).toBe(headset));
  await element.end();

  // Between calls the headset is switched off: the browser lists the devices without it and says so.
  mic.unplug(headset);
  const devices = navigator.mediaDevices;
  const real = devices.enumerateDevices.bind(devices);
  const listed = await real();
  Object.defineProperty(devices, 'enumerateDevices', {
    configurable: true,
    value: async () => listed.filter((device) => device.deviceId !== headset),
  });
  const undoList = () => delete (devices as { enumerateDevices?: unknown }).enumerateDevices;
  try {
    devices.dispatchEvent(new Event('devicechange'));
    await vi.waitFor(() => expect(element.inputDeviceId).toBe(''));
    await call(element);
    expect(element.state).toBe('live');
  } finally {
    undoList();
  }
});
