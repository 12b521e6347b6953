// (b) No self-interruption (issue 19 §4). The demo's talking agent on the loop with nobody talking: with audio
// processing on, its own voice coming back up the microphone must never reach the service as the visitor
// talking (no `voice-agent-interrupted`, no user turn). With processing off it does, which proves the loop
// carries the agent's voice to the microphone.
import type { Page } from '@playwright/test';
import type { Widget } from '../e2e/widget-page.ts';
import { eventsOf } from '../e2e/widget-page.ts';
import { dB, endCall, expect, figure, startCall, test, uplinkLevel, widget } from './lane.ts';

const QUIET_MS = 25_000;
const AGENT_RATE = 24_000;

const heardAsVisitor = async (page: Page) => [
  ...(await eventsOf(page, 'interrupted')),
  ...(await eventsOf(page, 'transcript')).filter((turn) => turn.role === 'user'),
];

test('with audio processing on, 25 s of the demo agent on the loop: no interruption and no user turn', async ({ page, lane, browserName }, testInfo) => {
  const conversationId = await startCall(page, lane, { publicId: 'demo' });
  const liveAt = Date.now();
  const level = await uplinkLevel(page, lane, conversationId, liveAt, liveAt + QUIET_MS);
  // The agent did talk into the loop meanwhile (its greeting, about 9 s).
  const { playback } = await widget(page).evaluate((element: Widget) => element.stats);
  expect(playback?.playedSamples, 'agent samples played').toBeGreaterThan(5 * AGENT_RATE);
  const heard = await heardAsVisitor(page);
  await endCall(page);
  figure(testInfo, `demo agent on the loop with processing on: ${QUIET_MS / 1000} s at ${dB(level)} dBFS, ${heard.length} interruptions or user turns`);
  // Known to fail in Firefox ESR 153 on this loop: its own canceller lets bursts of the agent's voice through
  // at full level (−7 to −25 dBFS in 46 ms windows), in a plain page without the widget too (docs/testing.md).
  // Every Firefox run measured here heard itself (2–29 interruptions or user turns in 25 s). Only this last
  // assertion is expected to fail; should Firefox stop failing it, the lane turns red: make it strict again.
  test.fail(browserName === 'firefox', 'Firefox’s echo canceller lets the agent’s voice through on this loop (known issue)');
  expect(heard).toEqual([]);
});

test('with audio processing off, the same loop makes the agent hear itself', async ({ page, lane }, testInfo) => {
  await startCall(page, lane, { publicId: 'demo', processingOff: true });
  const liveAt = Date.now();
  await expect.poll(async () => (await heardAsVisitor(page)).length, { timeout: QUIET_MS }).toBeGreaterThan(0);
  figure(testInfo, `demo agent on the loop with processing off: heard itself ${((Date.now() - liveAt) / 1000).toFixed(1)} s after live`);
  await endCall(page);
});
