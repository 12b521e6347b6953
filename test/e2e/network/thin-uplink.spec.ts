import { expect, test } from '@playwright/test';
import { windowPace } from '../../../demo/server/uplink-meter.ts';
import { chromiumArgs, chromiumPath, fakeMicArgs } from '../../chromium.ts';
import { ensureClockWav } from '../../fixtures/ensure.ts';
import { callOn, recordStats, signShown, startCallRig, statsSeen, type CallRig } from './call-rig.ts';

// A line thinner than the stream (128 kbit/s up for 12 s; the microphone needs about 262): the widget sends what
// the line carries, never stale audio queued behind a backlog, and tells the visitor. The microphone tells the time
// (200 ms tone blocks, test/fixtures), so the service measures how late it hears the visitor (uplink-clock.ts).

test.use({ launchOptions: { executablePath: chromiumPath, args: [...chromiumArgs, ...fakeMicArgs(ensureClockWav())] } });

const clean = { up: { delayMs: 30 }, down: { delayMs: 30 } };
const thin = { up: { delayMs: 30, bandwidthBps: 128_000 }, down: { delayMs: 30 } };
/** The line turns thin 3 s into the call (the service's lateness counts from its first 2 s), and heals 12 s later. */
const THIN_AT = 3_000;
const HEALED_AT = THIN_AT + 12_000;

let rig: CallRig;
test.beforeAll(async () => {
  rig = await startCallRig('realtime-en');
});
test.afterAll(async () => rig?.close());

test('a thin uplink: dropped in runs, told within 10 s, never 2 s late; after it heals, on time and at real-time pace', async ({ page }) => {
  test.setTimeout(90_000);
  const call = await callOn(page, rig, clean, [
    { atMs: THIN_AT, set: thin },
    { atMs: HEALED_AT, set: clean },
  ]);
  await recordStats(page);
  const thinAt = call.readyAt + THIN_AT;
  const healedAt = call.readyAt + HEALED_AT;

  // Told within 10 s of the line turning thin.
  await expect.poll(() => signShown(page), { timeout: THIN_AT + 10_500 }).not.toBeNull();
  await page.waitForTimeout(Math.max(0, healedAt + 8_000 - Date.now()));
  const stats = await statsSeen(page);
  const signAfter = stats.find((s) => s.at > thinAt && s.quality !== 'good')!.at - thinAt;
  const droppedWhileThin = stats.filter((s) => s.at <= healedAt + 1_000).at(-1)!.framesDropped;
  const droppedAt4s = stats.filter((s) => s.at <= healedAt + 4_000).at(-1)!.framesDropped;
  const droppedAtEnd = stats.at(-1)!.framesDropped;

  const record = rig.service.simulator.uplink(call.conversationId)!;
  const late = (record.lateness ?? []).filter((p) => p.at >= thinAt);
  const worstWhileThin = Math.max(...late.filter((p) => p.at < healedAt + 1_000).map((p) => p.lateMs));
  const worstFrom3s = Math.max(...late.filter((p) => p.at >= healedAt + 3_000).map((p) => p.lateMs));
  const paceAfter = windowPace(record, healedAt + 4_000, healedAt + 7_500);
  // The most audio the service got in any one second after the heal (a catch-up burst would be seconds of it).
  const secondsAfter = [0, 1, 2, 3, 4, 5, 6].map((s) => windowPace(record, healedAt + s * 1_000, healedAt + (s + 1) * 1_000));
  console.info(
    `thin uplink: sign ${signAfter.toFixed(0)} ms after it turned thin; ${droppedWhileThin} frames dropped while thin, ` +
      `${droppedAtEnd - droppedAt4s} from 4 s after the heal; the service heard the visitor at worst ${worstWhileThin.toFixed(0)} ms late ` +
      `while thin, ${worstFrom3s.toFixed(0)} ms from 3 s after the heal; pace after 4 s ${paceAfter.toFixed(0)} samples/s; ` +
      `each second after the heal: ${secondsAfter.map((p) => (p / 16_000).toFixed(2)).join(', ')} s of audio`,
  );
  expect(late.length).toBeGreaterThan(50);
  expect(stats.filter((s) => s.at < thinAt).every((s) => s.quality === 'good')).toBe(true);
  expect(signAfter).toBeLessThanOrEqual(10_000);
  expect(droppedWhileThin).toBeGreaterThan(0);
  expect(worstWhileThin).toBeLessThanOrEqual(2_000);
  expect(worstFrom3s).toBeLessThanOrEqual(1_000);
  expect(droppedAtEnd - droppedAt4s).toBe(0);
  expect(paceAfter).toBeGreaterThan(16_000 * 0.95);
  expect(paceAfter).toBeLessThan(16_000 * 1.05);
  expect(Math.max(...secondsAfter)).toBeLessThan(16_000 * 1.5);
  await expect(page.locator('voice-agent')).toHaveAttribute('state', 'live');
});
