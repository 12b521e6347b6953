// Pictures of the main states in Arabic and in English, for a person to look at: saved under
// test-results/screenshots/ (not committed). The assertions only check each state was reached.
import { expect, test, type Page } from '@playwright/test';
import type { Widget } from './widget-page.ts';

const shot = (page: Page, name: string) =>
  page.locator('voice-agent').screenshot({ path: `test-results/screenshots/${name}.png`, animations: 'disabled' });

for (const lang of ['ar', 'en'] as const) {
  test(`screenshots in ${lang}: idle, live, ended, error, floating`, async ({ page }) => {
    test.setTimeout(60_000);
    await page.setViewportSize({ width: 1100, height: 900 });
    const agent = lang === 'ar' ? 'demo' : 'demo-en';
    await page.goto(`/?agent=${agent}&lang=${lang}&page-lang=${lang}&layout=inline`);
    const widget = page.locator('voice-agent');
    await expect(widget).toHaveAttribute('state', 'idle');
    await shot(page, `${lang}-idle`);

    await widget.evaluate((el: Widget) => el.start());
    await expect(widget).toHaveAttribute('state', 'live', { timeout: 20_000 });
    await widget.evaluate((el: Widget) =>
      new Promise<void>((resolve) =>
        el.addEventListener('voice-agent-transcript', (e) => (e as CustomEvent).detail.final && resolve()),
      ),
    );
    await widget.evaluate((el: Widget, text) => el.sendText(text), lang === 'ar' ? 'شحال الساعة؟' : 'What time is it?');
    await page.waitForTimeout(1500);
    await shot(page, `${lang}-live`);

    await widget.evaluate((el: Widget) => el.end());
    await expect(widget).toHaveAttribute('state', 'ended');
    await shot(page, `${lang}-ended`);

    await page.goto(`/?agent=busy&lang=${lang}&page-lang=${lang}&layout=inline`);
    await widget.evaluate((el: Widget) => el.start());
    await expect(widget).toHaveAttribute('state', 'error', { timeout: 20_000 });
    await shot(page, `${lang}-error-busy`);

    await page.goto(`/?agent=${agent}&lang=${lang}&page-lang=${lang}&layout=floating`);
    await page.getByRole('button', { name: lang === 'ar' ? 'المساعد الصوتي' : 'Voice assistant', exact: true }).click();
    await expect(widget).toHaveAttribute('open', '');
    // The panel itself, not the launcher's spinner while the call's code loads.
    await expect(widget.locator('[part="panel"]')).toBeVisible();
    await expect(widget.locator('[part="launcher"]')).not.toHaveClass(/busy/);
    await page.screenshot({ path: `test-results/screenshots/${lang}-floating-open.png` });
  });
}
