// A whole call in WebKit (WebKitGTK: Safari's engine, not Safari's media stack) against the simulator on the
// demo page, started by a script (no gesture; the session allows autoplay, as automation does): live, 50
// frames/s uplink from WebKit's own context rate, the agent's voice played, transcripts, typed text, an
// interruption that flushes the agent's voice, and hang-up. Compared with the Chromium e2e call, the caller
// here is WebKit's mock microphone (a steady hum and beeps, no file option), so "speech" is that tone unmuted.
import { eventsOf, microphoneTracks } from '../widget-page.ts';
import { audioClocks as clocks, audioContexts, sentFrames } from '../page-audio.ts';
import { expect, test } from './fixtures.ts';
import { webkitUnavailable, type WebKitSession } from './webdriver.ts';
import { openWidget, setMuted, startByScript, timeToLive, widgetState, widgetStats } from './widget-session.ts';

const unavailable = webkitUnavailable();
test.skip(unavailable !== null, `WebKit cannot run here: ${unavailable}`);

type Turn = { role: string; text: string; final: boolean; turnId: number };

const FRAMES_PER_SECOND = 50; // 20 ms frames of 16 kHz audio
const FRAME_SAMPLES = 320;
const AGENT_RATE = 24_000;

const turns = async (webkit: WebKitSession) => (await eventsOf(webkit, 'transcript')) as unknown as Turn[];
const finalTurns = async (webkit: WebKitSession, role: 'user' | 'agent') =>
  (await turns(webkit)).filter((t) => t.role === role && t.final);

test('a whole call in WebKit, started by a script: live, 50 frames/s, agent heard, text, interruption, end', async ({ webkit }) => {
  test.setTimeout(90_000);
  await webkit.goto(`${test.info().project.use.baseURL}/`);
  const defaultRate = await webkit.evaluate(async () => {
    const probe = new AudioContext();
    await probe.close();
    return probe.sampleRate;
  });
  await openWidget(webkit, `${test.info().project.use.baseURL}/?agent=demo-en`);
  // The mock microphone's tone would talk over the greeting: muted until the interruption below.
  await setMuted(webkit, true);
  await startByScript(webkit);
  await expect.poll(() => widgetState(webkit), { timeout: 20_000 }).toBe('live');
  const liveMs = await timeToLive(webkit);
  console.log(`WebKit: live ${liveMs.toFixed(0)} ms after start() (connecting → live)`);
  test.info().annotations.push({ type: 'time to live', description: `${liveMs.toFixed(0)} ms` });

  // One context for microphone and agent voice, at WebKit's own rate (never forced), running.
  const [context, ...others] = await audioContexts(webkit);
  expect(others).toEqual([]);
  expect(context).toEqual({ sampleRate: defaultRate, state: 'running' });
  console.log(`WebKit: AudioContext sampleRate ${context?.sampleRate} Hz`);

  // The meters: drawn in the call's worker where WebKit can hand a canvas to it (meter-painter.ts), else painted
  // by the page as CSS bars.
  const meters = await webkit.evaluate(() => {
    const el = document.querySelector('voice-agent') as HTMLElement & { stats: { transport: string | null } };
    return {
      transport: el.stats.transport,
      offscreen: typeof OffscreenCanvasRenderingContext2D === 'function' && typeof HTMLCanvasElement.prototype.transferControlToOffscreen === 'function',
      meters: el.shadowRoot!.querySelectorAll('.meter').length,
      drawn: el.shadowRoot!.querySelectorAll('.meter[data-drawn] canvas').length,
    };
  });
  console.log(`WebKit: meters ${JSON.stringify(meters)}`);
  expect(meters.meters).toBe(2);
  expect(meters.drawn).toBe(meters.transport === 'worker' && meters.offscreen ? 2 : 0);
  // The worker's bars reach the page: a copy of each meter's canvas has painted pixels (WebDriver's screenshots
  // are black under this Xvfb, so the page copies what it shows).
  const paintedPixels = () =>
    webkit.evaluate(() =>
      [...document.querySelector('voice-agent')!.shadowRoot!.querySelectorAll<HTMLCanvasElement>('.meter canvas')].map((canvas) => {
        const copy = document.createElement('canvas');
        copy.width = canvas.width;
        copy.height = canvas.height;
        const context = copy.getContext('2d')!;
        context.drawImage(canvas, 0, 0);
        const { data } = context.getImageData(0, 0, copy.width, copy.height);
        let painted = 0;
        for (let alpha = 3; alpha < data.length; alpha += 4) if (data[alpha]! > 0) painted++;
        return painted;
      }),
    );
  if (meters.drawn) await expect.poll(async () => Math.min(...(await paintedPixels())), { timeout: 5000 }).toBeGreaterThan(0);

  // While the greeting plays: per second of the audio clock, 50 frames leave and 24,000 agent samples are
  // played (both resampling ratios are right), and the audio clock keeps to the wall clock.
  await expect.poll(async () => (await widgetStats(webkit)).playedSamples, { timeout: 20_000 }).toBeGreaterThan(0);
  const before = await clocks(webkit);
  await new Promise((resolve) => setTimeout(resolve, 4_000));
  const after = await clocks(webkit);
  const audioSeconds = after.audio - before.audio;
  const wallSeconds = after.wall - before.wall;
  const framesPerSecond = (after.frames - before.frames) / audioSeconds;
  const playedPerSecond = (after.played - before.played) / audioSeconds;
  console.log(
    `WebKit: in ${audioSeconds.toFixed(3)} s of audio clock (${wallSeconds.toFixed(3)} s wall): ` +
      `${framesPerSecond.toFixed(2)} frames/s sent, ${playedPerSecond.toFixed(0)} agent samples/s played`,
  );
  test.info().annotations.push({ type: 'uplink', description: `${framesPerSecond.toFixed(2)} frames/s` });
  test.info().annotations.push({ type: 'playback', description: `${playedPerSecond.toFixed(0)} samples/s of 24 kHz voice` });
  // A busy machine may make the audio thread lose a little time, never gain any.
  expect(audioSeconds / wallSeconds).toBeGreaterThan(0.8);
  expect(audioSeconds / wallSeconds).toBeLessThan(1.05);
  // currentTime moves per audio callback, frames and statuses cross a message port: 0.1 s at most either way.
  expect(Math.abs((after.frames - before.frames) / FRAMES_PER_SECOND - audioSeconds)).toBeLessThanOrEqual(0.1);
  expect(Math.abs((after.played - before.played) / AGENT_RATE - audioSeconds)).toBeLessThanOrEqual(0.1);
  expect((await widgetStats(webkit)).drained).toBe(false);
  // Every binary message is one 20 ms frame of 16-bit samples.
  expect(new Set((await sentFrames(webkit)).map((frame) => frame.length))).toEqual(new Set([FRAME_SAMPLES]));

  // Unmuted, the microphone's tone reaches the service as speech: the agent is interrupted and its queued
  // voice flushed while the caller talks. Muted again, the caller's turn ends.
  await setMuted(webkit, false);
  await expect.poll(async () => (await turns(webkit)).some((t) => t.role === 'user' && !t.final)).toBe(true);
  await expect.poll(async () => (await eventsOf(webkit, 'interrupted')).length).toBe(1);
  await expect.poll(async () => (await widgetStats(webkit)).drained).toBe(true);
  const audible = async () => (await sentFrames(webkit)).filter((frame) => frame.some((s) => Math.abs(s) > 100));
  await expect.poll(async () => (await audible()).length).toBeGreaterThanOrEqual(40);
  await setMuted(webkit, true);
  await expect.poll(async () => (await finalTurns(webkit, 'user')).length).toBe(1);

  // Typed text is echoed as the caller's turn and answered by the agent in a later turn.
  await webkit.evaluate(() => (document.querySelector('voice-agent') as unknown as { sendText(t: string): void }).sendText('hello'));
  await expect.poll(async () => (await finalTurns(webkit, 'user')).find((t) => t.text === 'hello')).toBeDefined();
  const textTurn = (await finalTurns(webkit, 'user')).find((t) => t.text === 'hello')?.turnId ?? Infinity;
  await expect.poll(async () => (await finalTurns(webkit, 'agent')).some((t) => t.turnId > textTurn), { timeout: 20_000 }).toBe(true);

  // `stats` stays a plain object a page can clone or serialise, mid-call.
  const stats = await widgetStats(webkit);
  expect(stats).toMatchObject({ plain: true, cloneable: true, droppedMessages: 0 });

  // Hung up: ended, nothing failed, the microphone released and the context closed.
  await webkit.evaluate(() => (document.querySelector('voice-agent') as unknown as { end(): void }).end());
  await expect.poll(() => widgetState(webkit)).toBe('ended');
  expect((await eventsOf(webkit, 'ended'))[0]).toMatchObject({ reason: 'caller_hangup' });
  expect(await eventsOf(webkit, 'error')).toEqual([]);
  expect(await microphoneTracks(webkit)).toEqual({ opened: 1, live: 0 });
  await expect.poll(async () => (await audioContexts(webkit)).map((c) => c.state)).toEqual(['closed']);
  expect(await widgetStats(webkit)).toMatchObject({ plain: true, cloneable: true });
});
