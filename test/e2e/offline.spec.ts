import { expect, test, type Page } from '@playwright/test';
import { eventsOf, recordEvents, type Widget } from './widget-page.ts';

// Offline, then online, during a call, against the simulator's `drop-once` agent (its line is cut
// 3 s after `ready`, once per visit) and Chromium's own network emulation: navigator.onLine and the `offline` /
// `online` events are the browser's. Offline is only a hint: no ticket is spent while it lasts, and the
// reconnection starts as soon as the browser is back online.

const widget = (page: Page) => page.locator('voice-agent');
const shadowCount = (page: Page, selector: string) =>
  widget(page).evaluate((el, s) => el.shadowRoot!.querySelectorAll(s).length, selector);

test('drop-once while offline: no ticket until the browser is online again, then live on a new call', async ({ page }) => {
  test.setTimeout(90_000); // page load and a call, on a machine that may be busy
  const tickets: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().includes('/api/agents/public/drop-once/call')) tickets.push(request.url());
  });
  await recordEvents(page);
  await page.goto('/?agent=drop-once&lang=en');
  await widget(page).evaluate((el: Widget) => el.start());
  await expect(widget(page)).toHaveAttribute('state', 'live', { timeout: 20_000 });
  expect(tickets).toHaveLength(1);

  await page.context().setOffline(true);
  expect(await page.evaluate(() => navigator.onLine)).toBe(false);
  await expect.poll(() => shadowCount(page, '[part="offline-notice"]')).toBe(1);

  // The line drops (the simulator cuts it 3 s after `ready`, if the emulation has not cut it already).
  await expect(widget(page)).toHaveAttribute('state', 'reconnecting', { timeout: 15_000 });
  // Past the policy's first pauses (0, 1 and 3 s): offline, none of them spends a ticket.
  await page.waitForTimeout(5_000);
  expect(tickets).toHaveLength(1);
  await expect(widget(page)).toHaveAttribute('state', 'reconnecting');

  await page.context().setOffline(false);
  await expect(widget(page)).toHaveAttribute('state', 'live', { timeout: 15_000 });
  expect(tickets).toHaveLength(2);
  expect(await shadowCount(page, '[part="offline-notice"]')).toBe(0);
  const readies = await eventsOf(page, 'ready');
  expect(readies).toHaveLength(2);
  expect(readies[1]?.conversationId).not.toBe(readies[0]?.conversationId);
  expect((await eventsOf(page, 'state')).map((e) => e.state)).toEqual(['connecting', 'live', 'reconnecting', 'live']);
  expect(await eventsOf(page, 'error')).toEqual([]);

  await widget(page).evaluate((el: Widget) => el.end());
  await expect(widget(page)).toHaveAttribute('state', 'ended');
});
