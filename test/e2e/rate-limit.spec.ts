// The service's per-address ticket limit reaches the visitor as RATE_LIMITED with its Retry-After.
import { expect, test } from '@playwright/test';
import { startSimulator, type RunningSimulator } from '../../demo/server/index.ts';
import { startCustomerSite, type CustomerSite } from './customer-site.ts';
import { eventsOf, recordEvents, type Widget } from './widget-page.ts';

let service: RunningSimulator;
let site: CustomerSite;

test.beforeAll(async () => {
  service = await startSimulator({ port: 0, host: '127.0.0.1', limits: { ticketsPerWindow: 1 } });
  site = await startCustomerSite(service.url, 'demo-en');
});

test.afterAll(async () => {
  await site?.close();
  await service?.close();
});

test('a second call within the window is refused with RATE_LIMITED and a countdown', async ({ page }) => {
  await recordEvents(page);
  await page.goto(site.url);
  const widget = page.locator('voice-agent');
  await widget.evaluate((el: Widget) => el.start());
  await expect(widget).toHaveAttribute('state', 'live', { timeout: 20_000 });
  await widget.evaluate((el: Widget) => el.end());
  await expect(widget).toHaveAttribute('state', 'ended');

  await widget.evaluate((el: Widget) => el.start());
  await expect(widget).toHaveAttribute('state', 'error');
  const [error] = await eventsOf(page, 'error');
  expect(error).toMatchObject({ code: 'RATE_LIMITED', retryable: true });
  expect(error?.retryAfterSeconds).toBeGreaterThan(3500);
  expect(error?.retryAfterSeconds).toBeLessThanOrEqual(3600);
  // The countdown is seen, not re-announced every second: the button's name stays "Try again" (the wait
  // is said once by the status region) while it is disabled and shows the time left.
  const retry = page.locator('voice-agent').getByRole('button', { name: 'Try again', exact: true });
  await expect(retry).toBeDisabled();
  await expect(retry).toContainText(/Try again in \d+ minutes?/);
});
