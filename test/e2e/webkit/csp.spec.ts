// The built bundle on a customer's site under a strict CSP (as csp-embed.spec.ts in Chromium), in WebKit:
// dist/voice-agent.js from the site's origin under `script-src 'self'`, the service on another origin.
// WebDriver gives no console log here, so CSP violations are caught by a `securitypolicyviolation` listener
// installed after the page loads: it sees everything the call loads (worklet module, socket, avatar); the
// bundle itself, loaded with the page, is proved allowed by the widget upgrading to `idle`.
import { startSimulator, type RunningSimulator } from '../../../demo/server/index.ts';
import { startCustomerSite, type CustomerSite } from '../customer-site.ts';
import { eventsOf, microphoneTracks } from '../widget-page.ts';
import { expect, test } from './fixtures.ts';
import { webkitUnavailable } from './webdriver.ts';
import { openWidget, setMuted, startByScript, widgetState, widgetStats } from './widget-session.ts';

const unavailable = webkitUnavailable();
test.skip(unavailable !== null, `WebKit cannot run here: ${unavailable}`);

let service: RunningSimulator;
let site: CustomerSite;

test.beforeAll(async () => {
  service = await startSimulator({ port: 0, host: '127.0.0.1' });
  site = await startCustomerSite(service.url, 'demo-en');
});

test.afterAll(async () => {
  await site?.close();
  await service?.close();
});

test('dist/voice-agent.js calls the agent from another origin under script-src self, in WebKit', async ({ webkit }) => {
  await openWidget(webkit, site.url);
  await webkit.evaluate(() => {
    const violations: string[] = ((window as unknown as { __violations: string[] }).__violations = []);
    document.addEventListener('securitypolicyviolation', (event) => violations.push(`${event.effectiveDirective} ${event.blockedURI}`));
  });
  // WebKit's mock microphone is a steady tone: unmuted, the agent would hear it as the caller talking over it.
  await setMuted(webkit, true);
  await startByScript(webkit);
  await expect.poll(() => widgetState(webkit), { timeout: 20_000 }).toBe('live');
  await expect.poll(async () => (await widgetStats(webkit)).playedSamples, { timeout: 20_000 }).toBeGreaterThan(24_000);
  await webkit.evaluate(() => (document.querySelector('voice-agent') as unknown as { end(): void }).end());
  await expect.poll(() => widgetState(webkit)).toBe('ended');
  expect(await eventsOf(webkit, 'error')).toEqual([]);
  expect(await microphoneTracks(webkit)).toEqual({ opened: 1, live: 0 });
  // A refused WebAssembly compile is allowed: the resampler then uses its JavaScript kernel.
  const violations = await webkit.evaluate(() => (window as unknown as { __violations: string[] }).__violations);
  expect(violations.filter((v) => !/wasm|WebAssembly/i.test(v))).toEqual([]);
});
