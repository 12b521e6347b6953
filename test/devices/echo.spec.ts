// (a) Echo (issue 19 §4). The agent's voice plays into the loop and comes straight back up the microphone: with
// audio processing on (the default) what reaches the service while the agent talks must be at least 20 dB
// below what reaches it with audio-processing="off", and a visitor talking over the agent must stay at least
// 10 dB above what is left of the echo.
import { dB, endCall, expect, figure, test, uplinkLevel, waitUntil, type Lane } from './lane.ts';
import { LOOP_CARRIES_DBFS, MIN_ECHO_REDUCTION_DB, measureEcho } from './echo.ts';
import { play } from './sound-loop.ts';
import { VISITOR_VOICED_MS, visitorWav } from './visitor.ts';
import type { Page } from '@playwright/test';

const MIN_VISITOR_MARGIN_DB = 10;
/** When the visitor starts talking, into the agent's speech: after the echo window, while the agent still
 *  talks (until 12 s). */
const VISITOR_AT_MS = 8_800;

test('the echo is ≥ 20 dB down with audio processing on, and the visitor stays ≥ 10 dB above what is left', async ({ page, lane, browserName }, testInfo) => {
  const off = await measureEcho(page, lane, { processingOff: true });
  await endCall(page);
  figure(testInfo, `echo with processing off ${dB(off.echo)} dBFS`);
  expect(off.echo, 'with processing off the loop brings the agent’s voice back').toBeGreaterThan(LOOP_CARRIES_DBFS);

  let on = await processedRun(page, lane);
  const weak = () => off.echo - on.echo < MIN_ECHO_REDUCTION_DB || on.visitor - on.echo < MIN_VISITOR_MARGIN_DB;
  report(testInfo, off.echo, on);
  // Firefox's echo canceller varies from run to run (8–35 dB when the issue was written, against 28–53 dB in
  // Chromium; lapses of a second still show without its auto gain, see docs/testing.md): a weak Firefox run gets
  // exactly one more run, and that second run counts.
  if (browserName === 'firefox' && weak()) {
    figure(testInfo, 'a weak run: Firefox gets one more run, which counts');
    on = await processedRun(page, lane);
    report(testInfo, off.echo, on);
  }
  expect(off.echo - on.echo, 'echo reduction (dB) with processing on').toBeGreaterThanOrEqual(MIN_ECHO_REDUCTION_DB);
  expect(on.visitor - on.echo, 'the visitor’s voice above the echo left (dB)').toBeGreaterThanOrEqual(MIN_VISITOR_MARGIN_DB);
});

/** A call with processing on: the echo alone, then the visitor talking over the agent. */
async function processedRun(page: Page, lane: Lane): Promise<{ echo: number; visitor: number; perSecond: string }> {
  const { conversationId, speech, echo, perSecond } = await measureEcho(page, lane, {});
  await waitUntil(page, speech.from + VISITOR_AT_MS);
  const playedAt = Date.now();
  await play(visitorWav);
  // 250 ms for paplay to start and the sound to reach the service.
  const visitor = await uplinkLevel(page, lane, conversationId, playedAt + 250 + VISITOR_VOICED_MS.from, playedAt + VISITOR_VOICED_MS.to);
  expect(playedAt + VISITOR_VOICED_MS.to, 'the visitor talked while the agent still did').toBeLessThan(speech.to);
  await endCall(page);
  return { echo, visitor, perSecond };
}

function report(testInfo: Parameters<typeof figure>[0], off: number, on: { echo: number; visitor: number; perSecond: string }): void {
  figure(
    testInfo,
    `echo with processing on ${dB(on.echo)} dBFS: ${dB(off - on.echo)} dB down; visitor ${dB(on.visitor)} dBFS, ${dB(on.visitor - on.echo)} dB above the echo left; ` +
      `echo second by second (dBFS) ${on.perSecond}`,
  );
}
