// The call's code that fails to download, in WebKit: the widget says so where the panel should be, and its
// Try again downloads it again. (The HTML standard long let browsers keep a failed module in the module map,
// so a retried import() failed again without a request; Chromium's e2e suite cannot show what WebKit does.)
import { startSimulator, type RunningSimulator } from '../../../demo/server/index.ts';
import { startCustomerSite, type CustomerSite } from '../customer-site.ts';
import { expect, test } from './fixtures.ts';
import { webkitUnavailable } from './webdriver.ts';
import { openWidget } from './widget-session.ts';

const unavailable = webkitUnavailable();
test.skip(unavailable !== null, `WebKit cannot run here: ${unavailable}`);

const CALL_CHUNK = /^\/assets\/call-ui-[\w-]+\.js$/;
let service: RunningSimulator;
let site: CustomerSite;
let chunkRequests = 0;

test.beforeAll(async () => {
  service = await startSimulator({ port: 0, host: '127.0.0.1' });
  site = await startCustomerSite(service.url, 'demo-en', { refuse: (path) => CALL_CHUNK.test(path) && chunkRequests++ === 0 });
});

test.afterAll(async () => {
  await site?.close();
  await service?.close();
});

test('a call chunk that failed to download is downloaded again by Try again, in WebKit', async ({ webkit }) => {
  await openWidget(webkit, site.url); // an inline panel: its code is asked for at once, and refused
  const visible = (part: string) =>
    webkit.evaluate((name: string) => {
      const element = document.querySelector('voice-agent')?.shadowRoot?.querySelector(`[part="${name}"]`);
      return !!element && !element.closest('[hidden]') && element.getClientRects().length > 0;
    }, part);
  await expect.poll(() => visible('load-error'), { timeout: 15_000 }).toBe(true);
  expect(chunkRequests).toBe(1);

  await webkit.evaluate(() =>
    (document.querySelector('voice-agent')!.shadowRoot!.querySelector('[part="reload-button"]') as HTMLButtonElement).click(),
  );
  await expect.poll(() => visible('call-button'), { timeout: 15_000 }).toBe(true);
  expect(chunkRequests).toBe(2);
  expect(await visible('load-error')).toBe(false);
});
