// The built widget on a customer's page, as a visitor's browser fetches it: on load only the
// launcher (dist/voice-agent.js); the call's chunk and one language's strings when the visitor shows interest
// (hover) or calls; another language's when the visitor picks it; a chunk that cannot be downloaded is said
// with a retry, and a start() it fails ends in LOAD_FAILED with the microphone released. Against the
// standalone simulator, in Chromium.
import { expect, test, type Page } from '@playwright/test';
import { startSimulator, type RunningSimulator } from '../../demo/server/index.ts';
import { startDistSite, type DistSite } from './dist-site.ts';
import { eventsOf, microphoneTracks, recordEvents, type Widget } from './widget-page.ts';
import { CATALOGUES } from '../catalogues.ts';

let service: RunningSimulator;
let site: DistSite;
/** Every file of dist/ the site served (a worklet's fetch is not a page request Playwright sees). */
const served: string[] = [];

test.beforeAll(async () => {
  service = await startSimulator({ port: 0, host: '127.0.0.1' });
  const page = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>A shop</title>
<script type="module" src="/voice-agent.js"></script></head>
<body><h1>A shop</h1><voice-agent public-id="demo-en" server-url="${service.url}"></voice-agent></body></html>`;
  site = await startDistSite({ page, onServe: (path) => served.push(path) });
});

test.afterAll(async () => {
  await site?.close();
  await service?.close();
});

/** Paths of the widget's files the page requested (its own origin, not the page itself). */
function watchRequests(page: Page): string[] {
  const paths: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.origin === site.url && url.pathname !== '/') paths.push(url.pathname);
  });
  return paths;
}

const CALL_CHUNK = /^\/assets\/call-ui-[\w-]{8}\.js$/;
/** The call's worker (a call on a page that allows it runs there). */
const WORKER = /^\/assets\/call-worker-[\w-]{8}\.js$/;
/** A language's strings (ar, fr or en). */
const CATALOGUE = /^\/assets\/(ar|fr|en)-[\w-]{8}\.js$/;

/** Makes the first request of the call's chunk fail as a dropped connection; returns how many were made. */
async function refuseFirstCallChunk(page: Page): Promise<() => number> {
  let requests = 0;
  await page.route(/\/assets\/call-ui-[\w-]+\.js/, (route) => (requests++ === 0 ? route.abort('connectionreset') : route.continue()));
  return () => requests;
}

/** The demo page with the call's first download refused, and a start() that ends in LOAD_FAILED. */
async function startWithoutCallChunk(page: Page) {
  const requests = await refuseFirstCallChunk(page);
  await recordEvents(page);
  await page.goto(site.url);
  const widget = page.locator('voice-agent');
  await widget.evaluate((el: Widget) => el.start());
  await expect(widget).toHaveAttribute('state', 'error');
  return { widget, requests };
}

test('on load only the launcher is fetched; hovering it fetches the call, which then goes live', async ({ page }) => {
  const requested = watchRequests(page);
  served.length = 0;
  await recordEvents(page);
  await page.goto(site.url);
  const launcher = page.locator('voice-agent').locator('[part="launcher"]');
  await expect(launcher).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(requested).toEqual(['/voice-agent.js']);
  expect(await page.locator('voice-agent').getAttribute('state')).toBe('idle');

  await launcher.hover();
  await expect.poll(() => requested.filter((path) => CALL_CHUNK.test(path))).toHaveLength(1);
  // The page is in English: English strings only.
  await expect.poll(() => requested.filter((path) => CATALOGUE.test(path)).map((path) => CATALOGUE.exec(path)![1])).toEqual(['en']);

  await launcher.click();
  await page.locator('voice-agent').locator('[part="call-button"]').click();
  await expect(page.locator('voice-agent')).toHaveAttribute('state', 'live', { timeout: 20_000 });
  await page.locator('voice-agent').evaluate((el: Widget) => el.end());
  await expect(page.locator('voice-agent')).toHaveAttribute('state', 'ended');
  // The launcher, the call's chunk, its worker, the English strings and the worklet module, each once; the
  // polyfill only where AudioWorklet is missing.
  const downloads = [
    '/assets/audio.worklet.js', '/voice-agent.js',
    ...requested.filter((path) => CALL_CHUNK.test(path) || WORKER.test(path) || CATALOGUE.test(path)),
  ];
  expect(served.sort()).toEqual(downloads.sort());
  expect(downloads).toHaveLength(5);
  expect(await eventsOf(page, 'error')).toEqual([]);
});

test('a call chunk that cannot be downloaded is said in the panel’s place, and its retry loads it', async ({ page }) => {
  const requests = await refuseFirstCallChunk(page);
  await page.goto(site.url);
  const widget = page.locator('voice-agent');
  await widget.locator('[part="launcher"]').click();
  const message = widget.locator('[part="load-error"]');
  await expect(message).toBeVisible();
  await expect(message).toHaveAttribute('role', 'alert');
  await expect(message).toContainText('could not load');
  expect(await widget.getAttribute('state')).toBe('idle'); // nothing was called: no error state

  await widget.locator('[part="reload-button"]').click();
  await expect(widget.locator('[part="panel"]')).toBeVisible();
  await expect(widget.locator('[part="call-button"]')).toBeVisible();
  await expect(message).toBeHidden();
  expect(requests()).toBe(2);
  // The focus that was on Try again is in the panel now (on Call), not lost to the page.
  await expect.poll(() => widget.evaluate((el) => el.shadowRoot!.activeElement?.getAttribute('part') ?? null)).toBe('call-button');
});

test('start() whose chunk cannot be downloaded ends in LOAD_FAILED, releases the microphone, and calls on retry', async ({ page }) => {
  const { widget } = await startWithoutCallChunk(page);
  expect(await eventsOf(page, 'error')).toEqual([
    { code: 'LOAD_FAILED', message: 'The widget could not download its call code.', retryable: true },
  ]);
  // The microphone asked for in the gesture is let go as soon as it arrives.
  await expect.poll(() => microphoneTracks(page)).toEqual({ opened: 1, live: 0 });
  await expect(widget.locator('[part="load-error"]')).toBeVisible();

  await widget.locator('[part="reload-button"]').click();
  await expect(widget).toHaveAttribute('state', 'live', { timeout: 20_000 });
  await widget.evaluate((el: Widget) => el.end());
  await expect(widget).toHaveAttribute('state', 'ended');
  expect(await microphoneTracks(page)).toEqual({ opened: 2, live: 0 });
});

test('after LOAD_FAILED, the panel opened again loads the call’s code, and the state says idle again', async ({ page }) => {
  const { widget, requests } = await startWithoutCallChunk(page);

  await widget.evaluate((el: Widget) => el.hide());
  await widget.evaluate((el: Widget) => el.show());
  await expect(widget.locator('[part="call-button"]')).toBeVisible();
  await expect(widget).toHaveAttribute('state', 'idle');
  expect((await eventsOf(page, 'state')).map((e) => e.state)).toEqual(['error', 'idle']);
  expect(requests()).toBe(2);
});

test('another language’s strings download when the visitor picks it; until they arrive the panel keeps its own', async ({ page }) => {
  const requested = watchRequests(page);
  let arabicRequests = 0;
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  // The first download of the Arabic strings fails (offline); the second waits until the test lets it go.
  await page.route(/\/assets\/ar-[\w-]+\.js/, async (route) => {
    if (arabicRequests++ === 0) return route.abort('internetdisconnected');
    await held;
    await route.continue();
  });
  await page.goto(site.url);
  const widget = page.locator('voice-agent');
  await widget.locator('[part="launcher"]').click();
  const call = widget.locator('[part="call-button"]');
  const select = widget.locator('[part="lang-select"]');
  const base = widget.locator('[part="base"]');
  await expect(call).toHaveText(CATALOGUES.en.call);
  const english = async () => {
    await expect(call).toHaveText(CATALOGUES.en.call);
    await expect(base).toHaveAttribute('dir', 'ltr');
    await expect(base).toHaveAttribute('lang', 'en');
  };

  await select.selectOption('ar');
  await expect.poll(() => arabicRequests).toBe(1);
  // Not downloaded: the panel stays English, and its switcher says so (Arabic can be picked again).
  await expect(select).toHaveValue('en');
  await english();

  await select.selectOption('ar');
  await expect.poll(() => arabicRequests).toBe(2);
  // Downloading: the switcher shows the visitor's pick, the panel is English as a whole (words and direction).
  await expect(select).toHaveValue('ar');
  await english();

  release();
  await expect(call).toHaveText(CATALOGUES.ar.call);
  await expect(base).toHaveAttribute('dir', 'rtl');
  await expect(base).toHaveAttribute('lang', 'ar');
  await expect(select).toHaveValue('ar');
  expect(requested.filter((path) => /^\/assets\/fr-/.test(path))).toEqual([]);
});

test('a call started while the picked language downloads keeps the language the panel speaks, to its end', async ({ page }) => {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  let arabicArrived = false;
  await page.route(/\/assets\/ar-[\w-]+\.js/, async (route) => {
    await held;
    await route.continue();
  });
  page.on('requestfinished', (request) => {
    if (/\/assets\/ar-/.test(request.url())) arabicArrived = true;
  });
  await page.goto(site.url);
  const widget = page.locator('voice-agent');
  const base = widget.locator('[part="base"]');
  await widget.locator('[part="launcher"]').click();
  await expect(widget.locator('[part="call-button"]')).toHaveText(CATALOGUES.en.call);

  await widget.locator('[part="lang-select"]').selectOption('ar');
  await widget.locator('[part="call-button"]').click();
  await expect(widget).toHaveAttribute('state', 'live', { timeout: 20_000 });
  // The Call button the focus was on is gone; the focus moved on inside the panel without waiting for the
  // Arabic strings, still held.
  expect(await widget.evaluate((el: Widget) => !!el.shadowRoot!.activeElement?.closest('#panel'))).toBe(true);
  expect(arabicArrived).toBe(false);
  release();
  await expect.poll(() => arabicArrived).toBe(true);
  await widget.evaluate((el: Widget) => el.updateComplete);
  // The Arabic strings are here, mid-call: the call goes on in English, as it began.
  await expect(base).toHaveAttribute('lang', 'en');
  await expect(base).toHaveAttribute('dir', 'ltr');
  await expect(widget.locator('[part="end-button"]')).toHaveText(CATALOGUES.en.endCall);

  await widget.evaluate((el: Widget) => el.end());
  await expect(widget).toHaveAttribute('state', 'ended');
  // Over: the visitor's pick applies.
  await expect(base).toHaveAttribute('lang', 'ar');
  await expect(base).toHaveAttribute('dir', 'rtl');
});

test('a language change while the call’s code downloads opens the panel in the new language, with no flip back', async ({ page }) => {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  let englishRequests = 0;
  await page.route(/\/assets\/en-[\w-]+\.js/, async (route) => {
    englishRequests++;
    await held;
    await route.continue();
  });
  await page.goto(site.url);
  const widget = page.locator('voice-agent');
  // Every language the widget's wrapper takes, in order.
  await widget.evaluate((el) => {
    const base = el.shadowRoot!.querySelector('[part="base"]')!;
    const seen: (string | null)[] = [];
    (window as unknown as { langsSeen: (string | null)[] }).langsSeen = seen;
    new MutationObserver((records) => {
      for (const record of records) seen.push(record.oldValue);
      seen.push(base.getAttribute('lang'));
    }).observe(base, { attributes: true, attributeFilter: ['lang'], attributeOldValue: true });
  });
  await widget.locator('[part="launcher"]').hover(); // the call's code and the English strings are asked for
  await expect.poll(() => englishRequests).toBe(1);
  await widget.evaluate((el) => el.setAttribute('lang', 'fr'));
  release();
  await widget.locator('[part="launcher"]').click();
  await expect(widget.locator('[part="call-button"]')).toHaveText(CATALOGUES.fr.call);
  const seen = await page.evaluate(() => (window as unknown as { langsSeen: (string | null)[] }).langsSeen);
  expect(seen.filter((lang, i) => lang !== seen[i - 1])).toEqual(['en', 'fr']);
});

test('strings that failed to download for the page’s `lang` are asked for again when the page wants them again', async ({ page }) => {
  let arabicRequests = 0;
  await page.route(/\/assets\/ar-[\w-]+\.js/, (route) => (arabicRequests++ === 0 ? route.abort('internetdisconnected') : route.continue()));
  await page.goto(site.url);
  const widget = page.locator('voice-agent');
  const base = widget.locator('[part="base"]');
  await widget.locator('[part="launcher"]').click();
  await expect(widget.locator('[part="call-button"]')).toHaveText(CATALOGUES.en.call);

  await widget.evaluate((el) => el.setAttribute('lang', 'ar'));
  await expect.poll(() => arabicRequests).toBe(1);
  await widget.evaluate((el: Widget) => el.updateComplete);
  await expect(base).toHaveAttribute('lang', 'en'); // not downloaded: still English, and not asked again by itself
  expect(arabicRequests).toBe(1);

  await widget.evaluate((el: Widget) => {
    el.setAttribute('lang', 'en');
    return el.updateComplete;
  });
  await widget.evaluate((el) => el.setAttribute('lang', 'ar'));
  await expect(base).toHaveAttribute('lang', 'ar');
  expect(arabicRequests).toBe(2);
});
