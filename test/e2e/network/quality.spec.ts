import { expect, test } from '@playwright/test';
import { callOn, epochNow, recordStats, signShown, startCallRig, statsSeen, type CallRig } from './call-rig.ts';
import { eventsOf } from '../widget-page.ts';

// The connection the visitor sees: `good` on a good link, with no sign; after a handover (Wi-Fi → 4G: the socket
// never delivers again) the call notices within its liveness window, reconnects with the visit token and is live
// again within 12 s, with one new ticket.

const steady = { up: { delayMs: 40 }, down: { delayMs: 40 } };

let rig: CallRig;
test.beforeAll(async () => {
  rig = await startCallRig('demo-en');
});
test.afterAll(async () => rig?.close());

test('a good link: `good` from `ready` on, no sign, nothing dropped', async ({ page }) => {
  test.setTimeout(45_000);
  await page.addInitScript(() => {
    const seen: unknown[] = ((window as unknown as { __quality: unknown[] }).__quality = []);
    document.addEventListener('voice-agent-quality', (event) => seen.push((event as CustomEvent).detail));
  });
  await callOn(page, rig, steady);
  await recordStats(page);
  await page.waitForTimeout(6_000);
  const stats = await statsSeen(page);
  expect(stats.length).toBeGreaterThan(50);
  expect(stats.every((s) => s.quality === 'good')).toBe(true);
  expect(stats.at(-1)!.framesDropped).toBe(0);
  // The round trip, from the pings: the link's 80 ms and the page's own part of it.
  expect(stats.at(-1)!.rttMs).toBeGreaterThanOrEqual(80);
  expect(stats.at(-1)!.rttMs).toBeLessThan(300);
  expect(await signShown(page)).toBeNull();
  expect(await page.evaluate(() => (window as unknown as { __quality: unknown[] }).__quality)).toEqual([]);
});

test('a handover: noticed within the liveness window, live again within 12 s with one new ticket', async ({ page }) => {
  test.setTimeout(60_000);
  // Tickets the service issued; the requests of the dead-path sweep (src/call/dead-path-sweep.ts) issue none.
  const tickets: number[] = [];
  const requests: string[] = [];
  const sweeps: number[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().includes('/call')) requests.push(request.url());
    if (request.method() === 'OPTIONS' && request.url().includes('/call')) sweeps.push(epochNow());
  });
  page.on('response', (response) => {
    if (response.request().method() === 'POST' && response.url().includes('/call') && response.ok()) tickets.push(epochNow());
  });
  const HANDOVER_AT = 3_000;
  const call = await callOn(page, rig, steady, [{ atMs: HANDOVER_AT, handover: true }]);
  const handoverAt = call.readyAt + HANDOVER_AT;
  await expect.poll(async () => (await eventsOf(page, 'ready')).length, { timeout: HANDOVER_AT + 14_000 }).toBe(2);
  const liveAgainAfter = epochNow() - handoverAt;
  console.info(`handover: live again ${liveAgainAfter.toFixed(0)} ms after it`);
  expect(liveAgainAfter).toBeLessThanOrEqual(12_000);
  expect((await eventsOf(page, 'state')).map((e) => e.state)).toEqual(['connecting', 'live', 'reconnecting', 'live']);
  expect(tickets).toHaveLength(2);
  // The old path's idle connections (the warm-up's and the first ticket's) were swept before the second ticket.
  expect(sweeps.filter((at) => at > handoverAt).length).toBeGreaterThanOrEqual(2);
  console.info(`handover: ${requests.length} ticket requests, ${tickets.length} tickets issued`);
  const [first, second] = await eventsOf(page, 'ready');
  expect(second!.conversationId).not.toBe(first!.conversationId);
  expect(rig.link.stats().connections.dead).toBeGreaterThanOrEqual(1);
  expect(await eventsOf(page, 'error')).toEqual([]);
});
