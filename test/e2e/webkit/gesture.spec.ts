// The call started the way a visitor starts it, under WebKit's autoplay rules: a session WITHOUT
// `--autoplay-policy=allow`, where audio a script starts on its own stays suspended, and a real WebDriver
// click (Element Click, inside the widget's shadow root) on the call button. Only a real click exercises the
// gesture path: the AudioContext and the microphone must be asked for inside that click.
import { eventsOf, microphoneTracks } from '../widget-page.ts';
import { audioContexts } from '../page-audio.ts';
import { expect, test } from './fixtures.ts';
import { WebKitSession, webkitUnavailable } from './webdriver.ts';
import { openWidget, setMuted, startByScript, timeToLive, widgetState, widgetStats } from './widget-session.ts';

const unavailable = webkitUnavailable();
test.skip(unavailable !== null, `WebKit cannot run here: ${unavailable}`);

test('a real click on the call button goes live and plays the agent under autoplay rules', async () => {
  test.setTimeout(90_000);
  const webkit = await WebKitSession.start();
  try {
    await openWidget(webkit, `${test.info().project.use.baseURL}/?agent=demo-en`);
    // The rules hold in this session: a context a script creates without a gesture does not run.
    const withoutGesture = await webkit.evaluate(async () => {
      const context = new AudioContext();
      await Promise.race([context.resume(), new Promise((resolve) => setTimeout(resolve, 500))]);
      const state = context.state;
      await context.close();
      return state;
    });
    expect(withoutGesture).toBe('suspended');
    const contextsBefore = (await audioContexts(webkit)).length;

    await setMuted(webkit, true);
    await webkit.click(await webkit.find('[part~="call-button"]', 'voice-agent'));
    await expect.poll(() => widgetState(webkit), { timeout: 20_000 }).toBe('live');
    const liveMs = await timeToLive(webkit);
    console.log(`WebKit (autoplay rules, real click): live ${liveMs.toFixed(0)} ms after the click`);
    test.info().annotations.push({ type: 'time to live (click)', description: `${liveMs.toFixed(0)} ms` });

    const contexts = (await audioContexts(webkit)).slice(contextsBefore);
    expect(contexts.map((c) => c.state)).toEqual(['running']);
    // The agent's voice is really played: its greeting advances through the playback worklet.
    await expect.poll(async () => (await widgetStats(webkit)).playedSamples, { timeout: 20_000 }).toBeGreaterThan(24_000);
    expect((await widgetStats(webkit)).framesSent).toBeGreaterThan(0);

    await webkit.click(await webkit.find('[part~="end-button"]', 'voice-agent'));
    await expect.poll(() => widgetState(webkit)).toBe('ended');
    expect((await eventsOf(webkit, 'ended'))[0]).toMatchObject({ reason: 'caller_hangup' });
    expect(await eventsOf(webkit, 'error')).toEqual([]);
    expect(await microphoneTracks(webkit)).toEqual({ opened: 1, live: 0 });
  } finally {
    await webkit.close();
  }
});

// What WebKit does with the same rules when a script starts the call with no gesture: the page captures the
// microphone, and WebKit lets a capturing page play audio, so the call goes live and its voice is heard
// (Safari on an iPhone may still refuse: see docs/widget.md, "Safari, iOS and iframes").
test('start() from a script under autoplay rules goes live once the microphone is capturing', async () => {
  test.setTimeout(90_000);
  const webkit = await WebKitSession.start();
  try {
    await openWidget(webkit, `${test.info().project.use.baseURL}/?agent=demo-en`);
    await setMuted(webkit, true);
    await startByScript(webkit);
    await expect.poll(() => widgetState(webkit), { timeout: 20_000 }).toBe('live');
    expect((await audioContexts(webkit)).map((c) => c.state)).toEqual(['running']);
    await expect.poll(async () => (await widgetStats(webkit)).playedSamples, { timeout: 20_000 }).toBeGreaterThan(24_000);
    await webkit.evaluate(() => (document.querySelector('voice-agent') as unknown as { end(): void }).end());
    await expect.poll(() => widgetState(webkit)).toBe('ended');
    expect(await eventsOf(webkit, 'error')).toEqual([]);
  } finally {
    await webkit.close();
  }
});
