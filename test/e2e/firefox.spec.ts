// A whole call in a real Firefox (Debian's ESR over WebDriver BiDi, its fake microphone tone, PulseAudio
// for Web Audio), at Firefox's default rate and at the other common one. Firefox refuses a microphone in
// an AudioContext of another rate: this proves the capture path (default-rate context, our own
// resampler) and the playback path there.
import { expect, test, type Page } from '@playwright/test';
import { startSimulator } from '../../demo/server/index.ts';
import { startCustomerSite } from './customer-site.ts';
import { startDistSite } from './dist-site.ts';
import { FAKE_TONE_HZ, firefoxPath, firefoxPrefs, firefoxUnavailable } from '../firefox.ts';
import { fitSine } from '../fixtures/analysis.ts';
import { audioClocks as clocks, audioContexts, recordPageAudio, sentFrames } from './page-audio.ts';
import { eventsOf, microphoneTracks, recordEvents, type Widget } from './widget-page.ts';
import { voiceTypeTalk } from './microphone-switch.ts';

const unavailable = firefoxUnavailable();
test.skip(unavailable !== null, `Firefox cannot run here: ${unavailable}`);

type Turn = { role: string; text: string; final: boolean; turnId: number };

const FRAMES_PER_SECOND = 50; // 20 ms frames of 16 kHz audio
const AGENT_RATE = 24_000;
const widget = (page: Page) => page.locator('voice-agent');
const stats = (page: Page) => widget(page).evaluate((el: Widget) => el.stats);
const turns = async (page: Page) => (await eventsOf(page, 'transcript')) as unknown as Turn[];
const finalTurns = async (page: Page, role: 'user' | 'agent') => (await turns(page)).filter((t) => t.role === role && t.final);
const setMuted = (page: Page, muted: boolean) => widget(page).evaluate((el: Widget, m) => void (el.muted = m), muted);

/** One whole call on the demo page; `forcedRate` is the rate Firefox was made to run at, if any. */
async function wholeCall(page: Page, label: string, forcedRate?: number): Promise<void> {
  await recordEvents(page);
  await recordPageAudio(page);
  await page.goto('/?agent=demo-en');
  // The fake microphone is a steady tone: unmuted, the simulator would hear the caller talk over the greeting.
  await setMuted(page, true);
  await widget(page).evaluate((el: Widget) => el.start());
  await expect(widget(page)).toHaveAttribute('state', 'live', { timeout: 20_000 });

  // In its worker, as in Chromium (until 2026-11-27 Firefox's calls stayed on the main thread: reading
  // `outputLatency` as the output started froze the page; src/audio/speaker-sink.ts).
  expect((await stats(page)).transport).toBe('worker');
  // Its meters drawn there too, on canvases the page handed over (test/e2e/worker-meters.spec.ts, in Chromium).
  for (const part of ['input-level', 'output-level']) await expect(widget(page).locator(`[part="${part}"] canvas`)).toHaveCount(1);

  // Asked of Firefox: its canceller and noise suppression, not its auto gain, which lifted the echo its canceller
  // let through to the level of speech (src/audio/microphone-request.ts; measured in test/devices/echo.spec.ts).
  const asked = await page.evaluate(() => {
    const [track] = (window as unknown as { __streams: MediaStream[] }).__streams.flatMap((s) => s.getAudioTracks());
    const { echoCancellation, noiseSuppression, autoGainControl } = track!.getConstraints();
    return { echoCancellation, noiseSuppression, autoGainControl };
  });
  expect(asked).toEqual({ echoCancellation: true, noiseSuppression: true, autoGainControl: false });

  // One context (the microphone's and the agent's voice's), at Firefox's rate, running.
  const [context, ...others] = await audioContexts(page);
  expect(others).toEqual([]);
  expect(context?.state).toBe('running');
  console.log(`Firefox (${label}): AudioContext sampleRate ${context?.sampleRate} Hz`);
  test.info().annotations.push({ type: 'AudioContext sampleRate', description: `${context?.sampleRate} Hz` });
  if (forcedRate) expect(context?.sampleRate).toBe(forcedRate);

  // While the greeting (8.7 s) plays: per second of the audio clock, 50 frames leave and 24,000 agent
  // samples are played (both resampling ratios are right), and the audio clock runs in real time. Over 3 s:
  // the greeting must still be playing when the caller talks over it below, on a machine running two browsers.
  await expect.poll(async () => (await stats(page)).playback?.playedSamples ?? 0).toBeGreaterThan(0);
  const before = await clocks(page, 4);
  await page.waitForTimeout(3_000);
  const after = await clocks(page, 4);
  const audioSeconds = after.audio - before.audio;
  const sentSeconds = (after.frames - before.frames) / FRAMES_PER_SECOND;
  const playedSeconds = (after.played - before.played) / AGENT_RATE;
  console.log(
    `Firefox (${label}): in ${audioSeconds.toFixed(3)} s of audio clock (${(after.wall - before.wall).toFixed(3)} s of wall clock), ` +
      `${sentSeconds.toFixed(2)} s of frames sent, ${playedSeconds.toFixed(3)} s of agent voice played`,
  );
  // Real time: a busy machine may make Firefox's audio thread lose a little time, never gain any.
  expect(audioSeconds / (after.wall - before.wall)).toBeGreaterThan(0.8);
  expect(audioSeconds / (after.wall - before.wall)).toBeLessThan(1.05);
  // currentTime moves per audio callback, frames and statuses cross a message port: 0.1 s at most either way.
  expect(Math.abs(sentSeconds - audioSeconds)).toBeLessThanOrEqual(0.1);
  expect(Math.abs(playedSeconds - audioSeconds)).toBeLessThanOrEqual(0.1);
  expect((await stats(page)).playback?.drained).toBe(false);

  // Unmuted, the microphone's tone reaches the service as speech: the agent is interrupted and its voice
  // flushed while the caller talks. Muted again, the caller's turn ends.
  await setMuted(page, false);
  await expect.poll(async () => (await turns(page)).some((t) => t.role === 'user' && !t.final)).toBe(true);
  expect(await eventsOf(page, 'interrupted')).toHaveLength(1);
  await expect.poll(async () => (await stats(page)).playback?.drained).toBe(true);
  const tone = async () => (await sentFrames(page)).filter((frame) => frame.some((s) => s !== 0));
  await expect.poll(async () => (await tone()).length).toBeGreaterThanOrEqual(40);
  await setMuted(page, true);
  await expect.poll(async () => (await finalTurns(page, 'user')).length).toBe(1);
  // What was sent is the 1 kHz tone at 16 kHz, clean: 0.64 s of consecutive frames fit one sine.
  const fit = fitSine(Float32Array.from((await tone()).slice(4, 36).flat(), (s) => s / 32768), FAKE_TONE_HZ, 16_000);
  console.log(`Firefox (${label}): tone sent at amplitude ${fit.amplitude.toFixed(3)}, THD+N ${fit.thdnDb.toFixed(1)} dB`);
  expect(fit.amplitude).toBeGreaterThan(0.01);
  expect(fit.thdnDb).toBeLessThan(-40);

  // Typed text is echoed as the caller's turn and answered by the agent in a later turn.
  await widget(page).evaluate((el: Widget) => el.sendText('hello'));
  await expect.poll(async () => (await finalTurns(page, 'user')).find((t) => t.text === 'hello')).toBeDefined();
  const textTurn = (await finalTurns(page, 'user')).find((t) => t.text === 'hello')?.turnId ?? Infinity;
  await expect.poll(async () => (await finalTurns(page, 'agent')).some((t) => t.turnId > textTurn), { timeout: 20_000 }).toBe(true);

  // Hung up: ended, nothing dropped or failed, the microphone released and the context closed.
  const { droppedMessages } = await stats(page);
  await widget(page).evaluate((el: Widget) => el.end());
  await expect(widget(page)).toHaveAttribute('state', 'ended');
  expect((await eventsOf(page, 'ended'))[0]).toMatchObject({ reason: 'caller_hangup' });
  expect(await eventsOf(page, 'error')).toEqual([]);
  expect(droppedMessages).toBe(0);
  expect(await microphoneTracks(page)).toEqual({ opened: 1, live: 0 });
  await expect.poll(async () => (await audioContexts(page)).map((c) => c.state)).toEqual(['closed']);
}

test("a whole call at Firefox's default rate", async ({ page }) => {
  test.setTimeout(90_000); // page load and a whole call, beside another browser's tests
  await wholeCall(page, 'default rate');
});

// Desktops run Firefox at 44.1 or 48 kHz (the sound server's rate): the other one of the two, forced.
test('a whole call at the other common rate', async ({ browser, playwright, baseURL }) => {
  test.setTimeout(90_000);
  const probe = await browser.newPage();
  const defaultRate = await probe.evaluate(async () => {
    const context = new AudioContext();
    await context.close();
    return context.sampleRate;
  });
  await probe.close();
  const rate = defaultRate === 48_000 ? 44_100 : 48_000;
  const forced = await playwright.firefox.launch({
    channel: 'moz-firefox',
    executablePath: firefoxPath,
    firefoxUserPrefs: { ...firefoxPrefs, 'media.cubeb.force_sample_rate': rate },
  });
  try {
    await wholeCall(await forced.newPage({ baseURL }), `forced ${rate} Hz`, rate);
  } finally {
    await forced.close();
  }
});

// The call's code or its strings that fail to download: Firefox keeps a failed module in its module map, so a
// retried import() of the same URL fails again without asking the network. The widget's Try again must
// download it.
for (const [chunk, path] of [
  ['call chunk', /^\/assets\/call-ui-[\w-]+\.js$/],
  ['language’s strings chunk', /^\/assets\/en-[\w-]+\.js$/],
] as const) {
  test(`a ${chunk} that failed to download is downloaded again by Try again`, async ({ page }) => {
    let chunkRequests = 0;
    const service = await startSimulator({ port: 0, host: '127.0.0.1' });
    const site = await startCustomerSite(service.url, 'demo-en', { refuse: (served) => path.test(served) && chunkRequests++ === 0 });
    try {
      await page.goto(site.url); // an inline panel: its code is asked for at once, and refused
      const widget = page.locator('voice-agent');
      await expect(widget.locator('[part="load-error"]')).toBeVisible();
      expect(chunkRequests).toBe(1);
      await widget.locator('[part="reload-button"]').click();
      await expect(widget.locator('[part="call-button"]')).toBeVisible();
      await expect(widget.locator('[part="load-error"]')).toBeHidden();
      expect(chunkRequests).toBe(2);
    } finally {
      await site.close();
      await service.close();
    }
  });
}

// A page whose Content-Security-Policy leaves the service out (voice-agent.js from another origin, as a CDN
// serves it: the call obeys the page's policy in its `blob:` worker). Firefox refuses the socket with an
// exception rather than Chromium's error event; diagnose() and the call both hear the policy's report.
test('diagnose() names the missing connect-src, and a call the CSP blocks is BLOCKED_BY_PAGE', async ({ page }) => {
  const service = await startSimulator({ port: 0, host: '127.0.0.1' });
  const files = await startDistSite({ page: '', cors: true, hostName: '127.0.0.1' });
  const csp = `script-src ${files.url}; worker-src blob:; connect-src 'self'`;
  const html = `<!doctype html><script type="module" src="${files.url}/voice-agent.js"></script>
<voice-agent public-id="demo-en" layout="inline" lang="en" server-url="${service.url}"></voice-agent>`;
  const site = await startDistSite({ page: html, pageHeaders: { 'Content-Security-Policy': csp } });
  try {
    await recordEvents(page);
    await page.goto(site.url);
    await page.waitForFunction(() => customElements.get('voice-agent'));
    const report = await widget(page).evaluate((el: Widget) => el.diagnose());
    const checks = Object.fromEntries(report.checks.map((c) => [c.id, c]));
    const ws = service.url.replace('http:', 'ws:');
    expect(checks.service).toMatchObject({ ok: false, fix: `add \`${service.url} ${ws}\` to connect-src` });
    expect(checks.socket).toMatchObject({ ok: false, fix: `add \`${ws}\` to connect-src` });
    expect(checks.microphone!.ok).toBeNull(); // no Permissions Policy API in Firefox
    await widget(page).evaluate((el: Widget) => el.start({ microphone: false }));
    await expect(widget(page)).toHaveAttribute('state', 'error');
    expect(await eventsOf(page, 'error')).toMatchObject([{ code: 'BLOCKED_BY_PAGE', retryable: false }]);
    await expect(widget(page).locator('[part="error"]')).toContainText('Blocked by this website');
  } finally {
    await site.close();
    await files.close();
    await service.close();
  }
});

// Voice → Type instead → Talk instead in one call (microphone-switch.ts, as in Chromium): Firefox's fake microphone
// tone reaches the service again once taken back. (Its ticket requests come from the call's worker, which
// Playwright does not report in Firefox: the one `ready` and one conversation are the scenario's own check.)
test('voice, then Type instead, then Talk instead: one call, silence then the microphone at the service', async ({ page, request }) => {
  test.setTimeout(90_000);
  await voiceTypeTalk(page, request, 'Firefox');
});

