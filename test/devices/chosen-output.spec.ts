// (d) Chosen output (issue 19 §4). The agent's voice sent to a second speaker (`outputDeviceId`, set before
// start()) and the microphone hearing that speaker (`inputDeviceId`): with audio processing on the echo is
// still at least 20 dB down.
import type { Page } from '@playwright/test';
import { endCall, expect, figure, test, dB } from './lane.ts';
import { LOOP_CARRIES_DBFS, MIN_ECHO_REDUCTION_DB, measureEcho } from './echo.ts';
import { plugIn, type Device } from './sound-loop.ts';

test('with the output chosen before start(), the echo is still ≥ 20 dB down', async ({ page, lane, browserName }, testInfo) => {
  await page.goto(lane.site.url);
  const canChoose = await page.evaluate(() => typeof (AudioContext.prototype as { setSinkId?: unknown }).setSinkId === 'function');
  if (browserName === 'chromium') expect(canChoose, 'Chromium has AudioContext.setSinkId').toBe(true);
  // Firefox ESR 153 has no AudioContext.setSinkId: the widget plays through the default output there and shows
  // no speaker picker, so `outputDeviceId` has nothing to choose. This runs wherever the browser has it.
  test.skip(!canChoose, 'no AudioContext.setSinkId in this browser (Firefox ESR 153): the output cannot be chosen');

  const second = plugIn('lane_second', 'Lane second');
  try {
    const ids = await deviceIds(page, second);
    const off = await measureEcho(page, lane, { processingOff: true, ...ids });
    await endCall(page);
    figure(testInfo, `chosen output, echo with processing off ${dB(off.echo)} dBFS`);
    // That microphone hears the second speaker only: the agent's voice went where it was sent.
    expect(off.echo, 'with processing off the chosen speaker’s microphone hears the agent').toBeGreaterThan(LOOP_CARRIES_DBFS);

    const on = await measureEcho(page, lane, ids);
    await endCall(page);
    figure(testInfo, `chosen output, echo with processing on ${dB(on.echo)} dBFS: ${dB(off.echo - on.echo)} dB down; second by second (dBFS) ${on.perSecond}`);
    expect(off.echo - on.echo, 'echo reduction (dB) with processing on').toBeGreaterThanOrEqual(MIN_ECHO_REDUCTION_DB);
  } finally {
    second.unplug();
  }
});

/** The browser's ids of the device's speaker and microphone, found by label (the page asks for the microphone
 *  once, as a page would before offering a choice: browsers name devices only then). */
async function deviceIds(page: Page, device: Device): Promise<{ inputDeviceId: string; outputDeviceId: string }> {
  const ids = await page.evaluate(async ({ speakerLabel, microphoneLabel }) => {
    const stream = await navigator.mediaDevices.getUserMedia({ audio: true });
    for (const track of stream.getTracks()) track.stop();
    const all = await navigator.mediaDevices.enumerateDevices();
    const find = (kind: MediaDeviceKind, label: string) => all.find((d) => d.kind === kind && d.label === label)?.deviceId ?? '';
    return { inputDeviceId: find('audioinput', microphoneLabel), outputDeviceId: find('audiooutput', speakerLabel) };
  }, { speakerLabel: device.speakerLabel, microphoneLabel: device.microphoneLabel });
  expect(ids.inputDeviceId, `${device.microphoneLabel} listed`).not.toBe('');
  expect(ids.outputDeviceId, `${device.speakerLabel} listed`).not.toBe('');
  return ids;
}
