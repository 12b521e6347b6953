import { windowPace } from '../../../demo/server/uplink-meter.ts';
import { expect, test } from '@playwright/test';
import { callOn, epochNow, recordStats, signShown, startCallRig, statsSeen, type CallRig } from './call-rig.ts';
import { eventsOf } from '../widget-page.ts';

// A 4 s outage (a train's tunnel), shorter than the liveness window: the panel says the connection is lost within
// 2 s, the call waits on the same socket (a reconnection would spend one of the visitor's 20 tickets an hour), and
// once the link is back the sign goes and the uplink is at real time again. In Chromium and Firefox.

const steady = { up: { delayMs: 40 }, down: { delayMs: 40 } };
const OUTAGE_AT = 3_000;
const OUTAGE_MS = 4_000;

let rig: CallRig;
test.beforeAll(async () => {
  rig = await startCallRig('demo-en');
});
test.afterAll(async () => rig?.close());

test('an outage: lost within 2 s, the same socket throughout, real time again after', async ({ page }) => {
  test.setTimeout(60_000);
  const call = await callOn(page, rig, steady, [
    { atMs: OUTAGE_AT, set: { ...steady, outage: true } },
    { atMs: OUTAGE_AT + OUTAGE_MS, set: steady },
  ]);
  await recordStats(page);
  const outageAt = call.readyAt + OUTAGE_AT;
  // The sign within 2 s; `lost` once nothing has arrived for the ping interval (200 ms) plus 2 s (the quality is
  // judged four times a second). Each allows 100 ms for the poll's step and the page's round trip.
  await expect.poll(() => signShown(page), { timeout: OUTAGE_AT + 2_500, intervals: [50] }).not.toBeNull();
  const signAfter = epochNow() - outageAt;
  // Good until the outage (what the sign said before it, if anything, is printed).
  const before = (await statsSeen(page)).filter((s) => s.at < outageAt);
  const notGood = before.filter((s) => s.quality !== 'good');
  if (notGood.length) console.info(`outage: before it, ${JSON.stringify(notGood.slice(0, 3))}`);
  expect(before.length).toBeGreaterThan(20);
  expect(notGood).toEqual([]);
  await expect.poll(() => signShown(page), { timeout: 5_000, intervals: [50] }).toBe('lost');
  const lostAfter = epochNow() - outageAt;
  console.info(`outage: the sign shown ${signAfter.toFixed(0)} ms after it began, 'lost' ${lostAfter.toFixed(0)} ms after`);
  expect(signAfter).toBeLessThanOrEqual(2_000 + 100);
  expect(lostAfter).toBeLessThanOrEqual(2_200 + 250 + 100);

  const healedAt = outageAt + OUTAGE_MS;
  await expect.poll(() => signShown(page), { timeout: 15_000 }).toBeNull();
  console.info(`outage: the sign went ${(epochNow() - healedAt).toFixed(0)} ms after the link came back`);
  await page.waitForTimeout(Math.max(0, healedAt + 4_500 - epochNow()));
  const widget = page.locator('voice-agent');
  await expect(widget).toHaveAttribute('state', 'live');
  expect((await eventsOf(page, 'state')).map((e) => e.state)).toEqual(['connecting', 'live']);
  expect(await eventsOf(page, 'ready')).toHaveLength(1);

  // The uplink at real time again (16,000 samples a second at the service, ± 5%) from 1.5 s after the link came back.
  const record = rig.service.simulator.uplink(call.conversationId)!;
  const pace = windowPace(record, healedAt + 1_500, healedAt + 4_500);
  console.info(`outage: uplink pace after it ${pace.toFixed(0)} samples/s`);
  expect(pace).toBeGreaterThan(16_000 * 0.95);
  expect(pace).toBeLessThan(16_000 * 1.05);
  expect(await eventsOf(page, 'error')).toEqual([]);
});
