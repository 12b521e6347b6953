// The demo page's "Check this page" and its strict site (demo/page/page-check.ts, strict-site.ts,
// demo/strict/): what an owner sees of diagnose() on the built demo, and each failure of the strict site with
// its fix, the visitor's side included.
import { expect, test } from '@playwright/test';
import { otherHost } from '../../demo/strict/hosts.ts';
import type { Widget } from './widget-page.ts';

test('"Check this page": the demo page passes every check, shown as a table', async ({ page }) => {
  await page.goto('/?agent=demo-en');
  await page.getByTestId('check-page').click();
  const report = page.getByTestId('report');
  await expect(report).toHaveAttribute('data-ok', 'true', { timeout: 20_000 });
  await expect(report.locator('tr[data-check]')).toHaveCount(11);
  await expect(report.locator('tr[data-ok="false"]')).toHaveCount(0);
  await expect(page.locator('voice-agent')).toHaveAttribute('state', 'idle');
});

test('the strict site: each page says what stops the widget and the fix; the visitor is told the site blocks it', async ({ page, baseURL }) => {
  const service = new URL(baseURL!).origin;
  const shop = `http://${otherHost(new URL(baseURL!).host)}`;
  await page.goto('/?agent=demo-en');
  await page.getByTestId('show-strict-site').click();

  const csp = page.frameLocator('[data-testid="strict-csp"]');
  await csp.getByRole('button', { name: 'Check this page' }).click();
  const cspReport = csp.locator('[data-testid="report"]');
  await expect(cspReport).toHaveAttribute('data-ok', 'false', { timeout: 20_000 });
  await expect(cspReport.locator('tr[data-check="service"]')).toHaveAttribute('data-ok', 'false');
  await expect(cspReport.locator('tr[data-check="service"]')).toContainText(`add \`${service} ${service.replace('http:', 'ws:')}\` to connect-src`);
  await expect(cspReport.locator('tr[data-check="socket"]')).toHaveAttribute('data-ok', 'false');
  await expect(cspReport.locator('tr[data-check="microphone"]')).toHaveAttribute('data-ok', 'false'); // framed without allow, too

  // The visitor who calls from it reads that the site blocks the assistant, with no retry.
  const cspWidget = csp.locator('voice-agent');
  await cspWidget.evaluate((el: Widget) => el.start({ microphone: false }));
  await expect(cspWidget).toHaveAttribute('state', 'error');
  await expect(cspWidget.locator('[part="error"]')).toHaveAttribute('data-code', 'BLOCKED_BY_PAGE');
  await expect(cspWidget.locator('[part="error"]')).toContainText('Blocked by this website');

  const framed = page.frameLocator('[data-testid="strict-frame"]');
  await framed.getByRole('button', { name: 'Check this page' }).click();
  const frameReport = framed.locator('[data-testid="report"]');
  await expect(frameReport).toHaveAttribute('data-ok', 'false', { timeout: 20_000 });
  const microphone = frameReport.locator('tr[data-check="microphone"]');
  await expect(microphone).toHaveAttribute('data-ok', 'false');
  await expect(microphone).toContainText('add allow="microphone; autoplay" to the <iframe> that holds this page');
  await expect(frameReport.locator('tr[data-check="service"]')).toHaveAttribute('data-ok', 'true');
  expect(shop).not.toBe(service);
});
