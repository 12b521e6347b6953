// Voice → Type instead → Talk instead in one call against the simulator (the demo site), as the Chromium and the
// Firefox projects run it: after Type instead no microphone track is live, the service hears silence at real-time
// pace and a typed question is answered; after Talk instead one track is live and the fake microphone's sound
// reaches the service; the same call throughout (one `ready`, one conversation), no new ticket.
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import type { UplinkLevels } from '../../demo/server/uplink-meter.ts';
import { eventsOf, microphoneTracks, recordEvents, type Widget } from './widget-page.ts';

/** What the service heard of a call, from `from` to `to` (ms since the epoch): samples per second, and the
 *  loudest 100 ms block's RMS. */
async function heard(request: APIRequestContext, id: string, from: number, to: number): Promise<{ perSecond: number; loudest: number }> {
  const levels = (await (await request.get(`/__simulator/uplink/${encodeURIComponent(id)}`)).json()) as UplinkLevels;
  const blocks = levels.blocks.filter((block) => block.at >= from && block.at + levels.blockMs <= to);
  const samples = blocks.reduce((sum, block) => sum + block.samples, 0);
  return { perSecond: samples / ((blocks.length * levels.blockMs) / 1000), loudest: Math.max(...blocks.map((block) => block.rms)) };
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The whole scenario on `page` (recording its events); `label` names the browser in what it prints. Returns the
 *  ticket requests the page saw (a worker's are seen in Chromium). */
export async function voiceTypeTalk(page: Page, request: APIRequestContext, label: string): Promise<number> {
  await recordEvents(page);
  let tickets = 0;
  page.on('request', (r) => void (r.method() === 'POST' && r.url().includes('/api/agents/public/demo-en/call') && tickets++));
  await page.goto('/?agent=demo-en&lang=en');
  const widget = page.locator('voice-agent');
  await widget.getByRole('button', { name: 'Call', exact: true }).click();
  await expect(widget).toHaveAttribute('state', 'live', { timeout: 20_000 });
  const [ready] = await eventsOf(page, 'ready');
  const id = ready!.conversationId as string;
  await expect.poll(() => widget.evaluate((el: Widget) => el.stats.microphone), { timeout: 10_000 }).toBe(true);
  expect(await microphoneTracks(page)).toEqual({ opened: 1, live: 1 });

  // Type instead: every track stopped, the text box focused, silence at real-time pace.
  await widget.locator('[part="microphone-off-button"]').click();
  const typedAt = Date.now();
  expect((await microphoneTracks(page)).live).toBe(0);
  const input = widget.getByRole('textbox');
  await expect(input).toBeFocused();
  expect(await widget.evaluate((el: Widget) => [el.microphone, el.stats.microphone])).toEqual(['off', false]);
  await wait(3_500);
  const silence = await heard(request, id, typedAt + 500, Date.now());
  console.info(`${label}: after Type instead the service hears ${silence.perSecond.toFixed(0)} samples/s, loudest block RMS ${silence.loudest}`);
  expect(silence.perSecond).toBeGreaterThan(16_000 * 0.9);
  expect(silence.perSecond).toBeLessThan(16_000 * 1.1);
  expect(silence.loudest).toBe(0);
  // A typed question is answered.
  const agentTurns = () => widget.evaluate((el: Widget) => el.transcript.filter((turn) => turn.role === 'agent' && turn.final).length);
  const before = await agentTurns();
  await input.fill('What time is it?');
  await input.press('Enter');
  await expect.poll(() => widget.evaluate((el: Widget) => el.transcript.some((turn) => turn.typed && turn.text === 'What time is it?'))).toBe(true);
  await expect.poll(agentTurns, { timeout: 20_000 }).toBeGreaterThan(before);
  expect((await microphoneTracks(page)).live).toBe(0);

  // Talk instead: one track live again, and the microphone's sound reaches the same call.
  await widget.locator('[part="microphone-on-button"]').click();
  const talkAt = Date.now();
  await expect.poll(() => widget.evaluate((el: Widget) => el.stats.microphone), { timeout: 10_000 }).toBe(true);
  expect(await microphoneTracks(page)).toEqual({ opened: 2, live: 1 });
  await wait(2_500);
  const sound = await heard(request, id, talkAt + 800, Date.now());
  console.info(`${label}: after Talk instead the service hears ${sound.perSecond.toFixed(0)} samples/s, loudest block RMS ${sound.loudest.toFixed(4)}`);
  expect(sound.loudest).toBeGreaterThan(0.003);
  expect(sound.perSecond).toBeGreaterThan(16_000 * 0.9);
  expect(sound.perSecond).toBeLessThan(16_000 * 1.1);
  expect(await widget.evaluate((el: Widget) => el.microphone)).toBe('on');
  expect(await eventsOf(page, 'microphone')).toEqual([{ on: false }, { on: true }]);

  // One call throughout.
  expect((await eventsOf(page, 'ready')).map((detail) => detail.conversationId)).toEqual([id]);
  expect(await eventsOf(page, 'error')).toEqual([]);
  await widget.evaluate((el: Widget) => el.end());
  await expect(widget).toHaveAttribute('state', 'ended');
  expect((await microphoneTracks(page)).live).toBe(0);
  return tickets;
}
