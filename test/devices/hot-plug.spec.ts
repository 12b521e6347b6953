// (c) Hot-plug (issue 19 §4). A microphone plugged in mid-call appears in the panel's picker
// (::part(microphone-select), in the "Audio devices" disclosure ::part(devices)). Chosen there, then pulled
// out, the call either goes on with the default microphone or ends with MIC_UNAVAILABLE: never "live" with
// nothing reaching the service.
import { eventsOf } from '../e2e/widget-page.ts';
import { dB, expect, figure, startCall, test, uplinkWindow, widget } from './lane.ts';
import { play, plugIn } from './sound-loop.ts';
import { VISITOR_VOICED_MS, visitorWav } from './visitor.ts';

/** The visitor's voice (about −23 dBFS in the file) through a live microphone; digital silence is −∞. */
const HEARD_DBFS = -45;
/** How long after the unplug the uplink may stay silent (or pause) while the widget moves to the default microphone.
 *  Firefox's own new capture delivers its first sound about 4 s after getUserMedia answers (measured in a
 *  plain page, without the widget); Chromium's at once. Longer than this is a silent "live". */
const RECOVERY_MS = 10_000;

test('a microphone plugged in mid-call is listed; the one in use pulled out, the call goes on or ends with MIC_UNAVAILABLE', async ({ page, lane, browserName }, testInfo) => {
  const conversationId = await startCall(page, lane, { publicId: 'demo' });
  const devices = widget(page).locator('[part="devices"]');
  const picker = widget(page).locator('[part="microphone-select"]');
  await devices.click();
  await expect(devices).toHaveAttribute('open', '');

  const headset = plugIn('lane_headset', 'Lane headset');
  try {
    // Chromium on Linux learns of a new device from udev, which this kind of machine lacks (a container: no udevd,
    // no ALSA devices), and otherwise only when a page enumerates the devices: then it fires `devicechange`, the
    // event the widget's picker listens to. Firefox hears PulseAudio itself and fires it unprompted.
    if (browserName === 'chromium') await page.evaluate(() => navigator.mediaDevices.enumerateDevices());
    await expect(picker.locator('option', { hasText: headset.microphoneLabel })).toHaveCount(1);
    await picker.selectOption({ label: headset.microphoneLabel });
    // The headset's microphone hears what plays into the headset: the visitor, once the call has switched.
    await expect
      .poll(async () => {
        const at = Date.now();
        await play(visitorWav, headset.sink);
        const heard = await uplinkWindow(page, lane, conversationId, at + 250 + VISITOR_VOICED_MS.from, at + VISITOR_VOICED_MS.to);
        return heard.carried ? heard.dbfs : -Infinity;
      }, { timeout: 15_000, intervals: [0] })
      .toBeGreaterThan(HEARD_DBFS);

    const unpluggedAt = Date.now();
    headset.unplug();
    // The visitor talks into the default microphone until the service hears them (frames carrying their voice),
    // or the call ends; frames may pause while the widget changes microphone.
    let level = -Infinity;
    let at = unpluggedAt;
    while (level <= HEARD_DBFS && (await eventsOf(page, 'error')).length === 0) {
      expect(Date.now() - unpluggedAt, `the service heard the visitor (${dB(level)} dBFS) within ${RECOVERY_MS / 1000} s of the unplug`).toBeLessThan(RECOVERY_MS);
      at = Date.now();
      await play(visitorWav);
      const heard = await uplinkWindow(page, lane, conversationId, at + 250 + VISITOR_VOICED_MS.from, at + VISITOR_VOICED_MS.to);
      level = heard.carried ? heard.dbfs : -Infinity;
    }
    const errors = await eventsOf(page, 'error');
    if (errors.length > 0) {
      expect(errors).toMatchObject([{ code: 'MIC_UNAVAILABLE' }]);
      await expect(widget(page)).toHaveAttribute('state', 'error');
      figure(testInfo, 'headset pulled out: the call ended with MIC_UNAVAILABLE');
    } else {
      await expect(widget(page)).toHaveAttribute('state', 'live');
      figure(testInfo, `headset pulled out: the call went on, the visitor heard at ${dB(level)} dBFS through the default microphone, from a sentence started ${((at - unpluggedAt) / 1000).toFixed(1)} s after the unplug`);
    }
  } finally {
    headset.unplug();
  }
});
