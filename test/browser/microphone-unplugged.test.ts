// A microphone the visitor chose in the panel's picker (a Bluetooth headset) is unplugged mid-call: the default
// device takes over, and the widget must not keep the gone device as its choice — the picker would show a
// device that is no longer there, and every later call would ask for it with `exact` and fail MIC_UNAVAILABLE.
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { endCall, goLive, resetFakes } from './ui-harness.ts';
import { restoreAfterTest } from '../fixtures/after-test.ts';
import { shadow, spyOnMicrophone } from '../fixtures/media-spy.ts';
import { cleanUpWidgets, mountWidget } from './real-widget.ts';

beforeEach(() => resetFakes());
afterEach(cleanUpWidgets);

it('forgets a chosen microphone that was unplugged mid-call: the picker and the next call use the default one', async () => {
  const watched = spyOnMicrophone();
  const element = mountWidget();
  await goLive(element);
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
  watched.unplug(headset);
  const before = watched.calls.length;
  const track = watched.streams.at(-1)!.getAudioTracks()[0]!;
  track.stop();
  track.dispatchEvent(new Event('ended'));
  await vi.waitFor(() => expect(watched.calls.length).toBe(before + 1));
  await vi.waitFor(() => expect(element.shadowRoot!.querySelector('[part="typed-notice"]')).toBeNull());
  expect(element.state).toBe('live');

  // The widget no longer claims the gone headset.
  await vi.waitFor(() => expect(element.inputDeviceId).toBe(''));
  await element.updateComplete;
  expect(root.querySelector<HTMLSelectElement>('[part="microphone-select"]')!.value).not.toBe(headset);

  // And the next call opens the default microphone instead of failing on the gone one.
  await endCall(element);
  await goLive(element);
  expect(element.state).toBe('live');
});

it('forgets a chosen microphone unplugged between calls (devicechange): the next call uses the default one', async () => {
  const watched = spyOnMicrophone();
  const element = mountWidget();
  await goLive(element);
  const root = element.shadowRoot!;
  await vi.waitFor(() => expect(root.querySelector('[part="microphone-select"]')).not.toBeNull(), 5000);
  const select = root.querySelector<HTMLSelectElement>('[part="microphone-select"]')!;
  const headset = [...select.options].map((o) => o.value).find((id) => id !== 'default' && id !== select.value)!;
  select.value = headset;
  select.dispatchEvent(new Event('change'));
  await vi.waitFor(() => expect(element.inputDeviceId).toBe(headset));
  await endCall(element);

  // Between calls the headset is switched off: the browser lists the devices without it and says so.
  watched.unplug(headset);
  const devices = navigator.mediaDevices;
  const listed = await devices.enumerateDevices();
  restoreAfterTest(shadow(devices, 'enumerateDevices', async () => listed.filter((device) => device.deviceId !== headset)));
  devices.dispatchEvent(new Event('devicechange'));
  await vi.waitFor(() => expect(element.inputDeviceId).toBe(''));
  await goLive(element);
  expect(element.state).toBe('live');
});
