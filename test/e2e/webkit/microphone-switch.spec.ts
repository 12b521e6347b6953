// Type instead and Talk instead in WebKit (WebKitGTK: Safari's engine), with real WebDriver clicks in the
// widget's shadow root, during the agent's greeting: the microphone is let go (no live track, silence sent) and
// taken back (one live track, the mock microphone's tone sent again) in the same call, while the agent's voice
// plays on through the switch at 24,000 samples per second of audio clock. On an iPhone the same switch moves
// iOS's audio session between play-and-record and the page's own type; only a real phone shows its routes.
import { eventsOf, microphoneTracks } from '../widget-page.ts';
import { audioClocks as clocks, audioContexts, sentFrames } from '../page-audio.ts';
import { expect, test } from './fixtures.ts';
import { webkitUnavailable, type WebKitSession } from './webdriver.ts';
import { openWidget, setMuted, startByScript, widgetState, widgetStats } from './widget-session.ts';

const unavailable = webkitUnavailable();
test.skip(unavailable !== null, `WebKit cannot run here: ${unavailable}`);

const AGENT_RATE = 24_000;
const press = async (webkit: WebKitSession, part: string) => webkit.click(await webkit.find(`[part~="${part}"]`, 'voice-agent'));
const microphone = (webkit: WebKitSession) =>
  webkit.evaluate(() => {
    const el = document.querySelector('voice-agent') as unknown as { microphone: string; stats: { microphone: boolean } };
    return { property: el.microphone, held: el.stats.microphone };
  });
const audibleFrames = async (webkit: WebKitSession, since: number) =>
  (await sentFrames(webkit)).slice(since).filter((frame) => frame.some((s) => Math.abs(s) > 100)).length;

test('Type instead and Talk instead by real clicks: the agent plays on, the microphone goes and comes back', async ({ webkit }) => {
  test.setTimeout(90_000);
  await openWidget(webkit, `${test.info().project.use.baseURL}/?agent=demo-en&lang=en`);
  // The mock microphone's tone would interrupt the greeting: muted until the end (Mute keeps the device held).
  await setMuted(webkit, true);
  await startByScript(webkit);
  await expect.poll(() => widgetState(webkit), { timeout: 20_000 }).toBe('live');
  await expect.poll(async () => (await microphone(webkit)).held, { timeout: 10_000 }).toBe(true);
  await expect.poll(async () => (await widgetStats(webkit)).playedSamples, { timeout: 20_000 }).toBeGreaterThan(0);
  const before = await clocks(webkit);

  await press(webkit, 'microphone-off-button');
  await expect.poll(async () => (await microphoneTracks(webkit)).live).toBe(0);
  expect(await microphone(webkit)).toEqual({ property: 'off', held: false });
  await new Promise((resolve) => setTimeout(resolve, 1_500));

  await press(webkit, 'microphone-on-button');
  await expect.poll(async () => (await microphone(webkit)).held, { timeout: 10_000 }).toBe(true);
  expect(await microphoneTracks(webkit)).toEqual({ opened: 2, live: 1 });
  await new Promise((resolve) => setTimeout(resolve, 1_500));
  const after = await clocks(webkit);

  // The agent's voice played on across both switches, at its own rate, in the call's one running context.
  const audioSeconds = after.audio - before.audio;
  const playedPerSecond = (after.played - before.played) / audioSeconds;
  console.log(`WebKit: across Type instead and Talk instead, ${playedPerSecond.toFixed(0)} agent samples/s played over ${audioSeconds.toFixed(2)} s`);
  test.info().annotations.push({ type: 'playback across the switch', description: `${playedPerSecond.toFixed(0)} samples/s` });
  expect(audioSeconds).toBeGreaterThan(2.5);
  expect(Math.abs((after.played - before.played) / AGENT_RATE - audioSeconds)).toBeLessThanOrEqual(0.15);
  expect((await widgetStats(webkit)).drained).toBe(false);
  expect((await audioContexts(webkit)).map((c) => c.state)).toEqual(['running']);

  // Unmuted, the microphone taken back is heard: its tone leaves the page again.
  const sent = (await sentFrames(webkit)).length;
  await setMuted(webkit, false);
  await expect.poll(() => audibleFrames(webkit, sent), { timeout: 10_000 }).toBeGreaterThanOrEqual(20);
  expect(await eventsOf(webkit, 'microphone')).toEqual([{ on: false }, { on: true }]);
  expect(await eventsOf(webkit, 'ready')).toHaveLength(1);
  expect(await eventsOf(webkit, 'error')).toEqual([]);

  await webkit.evaluate(() => (document.querySelector('voice-agent') as unknown as { end(): void }).end());
  await expect.poll(() => widgetState(webkit)).toBe('ended');
  expect((await microphoneTracks(webkit)).live).toBe(0);
});
