import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test, type Frame, type Page } from '@playwright/test';
import { eventsOf, recordEvents, type Widget } from './widget-page.ts';
import { permissionPrompts } from './permission-prompts.ts';

// Typed calls and embedding rules, against the simulator in Chromium: a visitor
// whose microphone is refused, or whose page is framed without `allow="microphone"`, still talks to the
// agent by typing — the uplink carries real-time silence, the agent's voice is played, and no microphone is
// asked for once the typed call starts.

/** Counts getUserMedia calls, and refuses them when `refuse` (a visitor who says no). Runs in the page. */
function watchGetUserMedia(refuse: boolean): void {
  const counter = window as unknown as { __getUserMediaCalls: number };
  counter.__getUserMediaCalls = 0;
  const devices = window.MediaDevices?.prototype;
  if (!devices) return;
  const original = devices.getUserMedia;
  devices.getUserMedia = function (this: MediaDevices, constraints) {
    counter.__getUserMediaCalls++;
    if (refuse) return Promise.reject(new DOMException('Permission denied', 'NotAllowedError'));
    return original.call(this, constraints);
  };
}

type Scope = Page | Frame;
const getUserMediaCalls = (scope: Scope) =>
  scope.evaluate(() => (window as unknown as { __getUserMediaCalls: number }).__getUserMediaCalls);
const stats = (scope: Scope) => scope.locator('voice-agent').evaluate((el: Widget) => el.stats);

/** Frames sent per second over `ms` of a live call, by the page's clock. The call's socket is the worker's: the
 *  page hears its count about 15 times a second. Each new count is noted with the time it arrived, and the pace
 *  is the slope of the line through all of them (least squares): a message that arrived late on a loaded
 *  machine moves one point of some 75, where reading only the window's two ends once made 50 frames/s read as
 *  51.1. */
async function framesPerSecondWhileLive(scope: Scope, ms: number): Promise<number> {
  await expect(scope.locator('voice-agent')).toHaveAttribute('state', 'live', { timeout: 20_000 });
  const pace = await scope.locator('voice-agent').evaluate(async (el: Widget, windowMs) => {
    const points: { at: number; frames: number }[] = [];
    const end = performance.now() + windowMs;
    let last = -1;
    while (performance.now() < end) {
      const frames = el.stats.framesSent;
      if (frames !== last) points.push({ at: performance.now() / 1000, frames: (last = frames) });
      await new Promise((resolve) => setTimeout(resolve, 1));
    }
    if (points.length < 2) return 0; // a stalled uplink fails the pace
    const n = points.length;
    const meanAt = points.reduce((sum, p) => sum + p.at, 0) / n;
    const meanFrames = points.reduce((sum, p) => sum + p.frames, 0) / n;
    let covariance = 0;
    let variance = 0;
    for (const p of points) {
      covariance += (p.at - meanAt) * (p.frames - meanFrames);
      variance += (p.at - meanAt) ** 2;
    }
    return covariance / variance;
  }, ms);
  console.info(`typed call: ${pace.toFixed(2)} frames/s sent`);
  return pace;
}

/** Types a message in the panel's text box, sends it with Enter, and waits for the agent's answer. */
async function typeAndHearAnswer(scope: Scope): Promise<void> {
  const agentTurns = () =>
    scope.locator('voice-agent').evaluate((el: Widget) => el.shadowRoot!.querySelectorAll('[part~="turn-agent"]').length);
  await expect.poll(agentTurns, { timeout: 20_000 }).toBeGreaterThan(0); // the greeting
  const before = await agentTurns();
  const input = scope.locator('voice-agent').getByRole('textbox');
  await expect(input).toBeFocused();
  await input.fill('What time is it?');
  await input.press('Enter');
  await expect(scope.locator('voice-agent').getByText('What time is it?').first()).toBeVisible();
  await expect.poll(agentTurns, { timeout: 20_000 }).toBeGreaterThan(before);
  await expect.poll(async () => (await stats(scope)).playback?.playedSamples ?? 0, { timeout: 20_000 }).toBeGreaterThan(24_000);
}

test('microphone refused: "Continue by typing" goes live without asking again, 50 frames/s, text answered aloud', async ({ page }) => {
  test.setTimeout(90_000);
  await recordEvents(page);
  await page.addInitScript(watchGetUserMedia, true);
  await page.addInitScript(permissionPrompts);
  await page.goto('/?agent=demo-en&lang=en');
  const widget = page.locator('voice-agent');
  await widget.getByRole('button', { name: 'Call', exact: true }).click();
  await expect(widget).toHaveAttribute('state', 'error');
  expect(await eventsOf(page, 'error')).toMatchObject([{ code: 'MIC_DENIED' }]);
  expect(await getUserMediaCalls(page)).toBe(1);

  await widget.getByRole('button', { name: 'Continue by typing' }).click();
  await expect(widget).toHaveAttribute('state', 'live', { timeout: 20_000 });
  await expect(widget.getByText('Typed call: no microphone is used.', { exact: false })).toBeVisible();
  const pace = await framesPerSecondWhileLive(page, 5000);
  expect(pace).toBeGreaterThan(45);
  expect(pace).toBeLessThanOrEqual(51);
  await typeAndHearAnswer(page);
  expect(await getUserMediaCalls(page)).toBe(1);
  await widget.evaluate((el: Widget) => el.end());
  await expect(widget).toHaveAttribute('state', 'ended');
});

test('start({ microphone: false }) from the page never touches the microphone', async ({ page }) => {
  await page.addInitScript(watchGetUserMedia, false);
  await page.goto('/?agent=demo-en&lang=en');
  const widget = page.locator('voice-agent');
  const started = performance.now();
  await widget.evaluate((el: Widget) => el.start({ microphone: false }));
  await expect(widget).toHaveAttribute('state', 'live', { timeout: 20_000 });
  console.info(`typed call live in ${Math.round(performance.now() - started)} ms`);
  expect(await getUserMediaCalls(page)).toBe(0);
  const pace = await framesPerSecondWhileLive(page, 5000);
  expect(pace).toBeGreaterThan(45);
  expect(pace).toBeLessThanOrEqual(51);
  expect(await getUserMediaCalls(page)).toBe(0);
  await widget.evaluate((el: Widget) => el.end());
});

test('in an iframe without allow="microphone": the site owner is named, and "Continue by typing" works', async ({ page, baseURL }) => {
  test.setTimeout(90_000);
  // A host site on another origin (its own server on 127.0.0.1) frames the widget's page and forgets
  // allow="microphone".
  const body = `<!doctype html><title>Host</title><iframe src="${baseURL}/?agent=demo-en&lang=en" allow="autoplay" width="600" height="800"></iframe>`;
  const host = createServer((_req, res) => res.writeHead(200, { 'Content-Type': 'text/html' }).end(body));
  await new Promise<void>((resolve) => host.listen(0, '127.0.0.1', resolve));
  await page.goto(`http://127.0.0.1:${(host.address() as AddressInfo).port}/`);
  const frame = page.frameLocator('iframe');
  const widget = frame.locator('voice-agent');
  await widget.getByRole('button', { name: 'Call', exact: true }).click();
  await expect(widget).toHaveAttribute('state', 'error');
  await expect(widget.getByText('Microphone not allowed here').first()).toBeVisible();
  await expect(widget.getByText('The site owner has to allow the microphone.', { exact: false }).first()).toBeVisible();
  // Not the address-bar advice that cannot work here.
  await expect(widget.getByText('web address', { exact: false })).toHaveCount(0);

  await widget.getByRole('button', { name: 'Continue by typing' }).click();
  await expect(widget).toHaveAttribute('state', 'live', { timeout: 20_000 });
  const inner = page.frames().find((f) => f.url().startsWith(baseURL!))!;
  await typeAndHearAnswer(inner);
  await widget.evaluate((el: Widget) => el.end());
  await new Promise((resolve) => host.close(resolve));
});
