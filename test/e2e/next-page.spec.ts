// The visitor follows a link to the next page of the site during a call: that page's widget offers to continue
// it (the earlier transcript, one "Continue the call"), asks for nothing until pressed, and then goes on with the
// same visit, which the simulated agent shows by welcoming the visitor back with what they typed. Two widgets on
// one page: starting a call on one ends the other's. The built bundle and the standalone simulator.
import { expect, test } from '@playwright/test';
import { startSimulator, type RunningSimulator } from '../../demo/server/index.ts';
import { startDistSite, type DistSite } from './dist-site.ts';
import { eventsOf, microphoneTracks, recordEvents, type Widget } from './widget-page.ts';

let service: RunningSimulator;
let site: DistSite;

test.beforeAll(async () => {
  service = await startSimulator({ port: 0, host: '127.0.0.1', timings: { setupDelayMs: 100 } });
  site = await startDistSite({
    page: `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>A shop</title>
<script type="module" src="/voice-agent.js"></script></head>
<body><nav><a id="next" href="/?page=pricing">Pricing</a></nav>
<voice-agent public-id="demo-en" server-url="${service.url}"></voice-agent>
<voice-agent id="support" public-id="demo" layout="inline" server-url="${service.url}"></voice-agent></body></html>`,
  });
});

test.afterAll(async () => {
  await site?.close();
  await service?.close();
});

test('the next page offers to continue the call, and continues the same visit', async ({ page }) => {
  test.setTimeout(90_000);
  await recordEvents(page);
  await page.goto(site.url);
  const widget = page.locator('voice-agent').first();
  await widget.evaluate((el: Widget) => el.start());
  await expect(widget).toHaveAttribute('state', 'live', { timeout: 20_000 });
  await widget.evaluate((el: Widget) => el.sendText('order 42, to Oran'));
  await expect(widget.locator('[part~="turn-user"]', { hasText: 'order 42, to Oran' })).toHaveCount(1);

  await page.locator('#next').click();
  await page.waitForURL('**/?page=pricing');
  // With no click: the floating panel is open on the offer, and nothing was asked for yet.
  const next = page.locator('voice-agent').first();
  const continueButton = next.locator('[part~="continue-button"]');
  await expect(continueButton).toBeVisible();
  await expect(continueButton).toHaveText('Continue the call');
  await expect(next.locator('[part="transcript"]')).toContainText('order 42, to Oran');
  expect(await microphoneTracks(page)).toEqual({ opened: 0, live: 0 });
  expect(await next.getAttribute('state')).toBe('idle');

  // Muted: the fake microphone's caller would talk over the agent's welcome.
  await next.evaluate((el: Widget) => (el.muted = true));
  await continueButton.click();
  await expect(next).toHaveAttribute('state', 'live', { timeout: 20_000 });
  const [ready] = await eventsOf(page, 'ready');
  expect(ready).toMatchObject({ continued: true });
  // The same visit: the agent knows what was typed on the previous page.
  const welcome = next.locator('[part~="turn-agent"]', { hasText: 'Last time you wrote: order 42' });
  await expect(welcome).toHaveCount(1, { timeout: 20_000 });
  // The earlier turns stay above the new ones.
  const turns = await next.locator('[part~="turn"] .text').allInnerTexts();
  expect(turns.indexOf('order 42, to Oran')).toBeLessThan(turns.findIndex((text) => text.includes('Welcome back')));
  await next.evaluate((el: Widget) => el.end());
  await expect(next).toHaveAttribute('state', 'ended');
});

test('two widgets on one page: a call started on one ends the other first, and one microphone is live', async ({ page }) => {
  await recordEvents(page);
  await page.goto(site.url);
  const sales = page.locator('voice-agent').first();
  const support = page.locator('#support');
  await sales.evaluate((el: Widget) => el.start());
  await expect(sales).toHaveAttribute('state', 'live', { timeout: 20_000 });
  await support.evaluate((el: Widget) => el.start());
  await expect(support).toHaveAttribute('state', 'live', { timeout: 20_000 });
  await expect(sales).toHaveAttribute('state', 'ended');
  const [ended] = await eventsOf(page, 'ended');
  expect(ended).toMatchObject({ reason: 'another_call' });
  expect(await microphoneTracks(page)).toEqual({ opened: 2, live: 1 });
  await support.evaluate((el: Widget) => el.end());
  expect(await microphoneTracks(page)).toEqual({ opened: 2, live: 0 });
});
