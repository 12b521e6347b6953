// The framework recipes in examples/: <voice-agent> rendered by React 19 and by Vue 3, served by the demo
// server (Vite, with the simulated service). Each page binds a property (muted), listens to the widget's
// events through the framework (the page's own "State" line follows them) and calls its methods.
import { expect, test, type Page } from '@playwright/test';
import { eventsOf, microphoneTracks, recordEvents, type Widget } from './widget-page.ts';

/** Errors in the page, and Vue's warnings (without isCustomElement Vue warns "Failed to resolve component:
 *  voice-agent"); React reports its own problems as console errors. Dev-server notices (Lit's dev mode,
 *  Vue's feature flags of the esm-bundler build) are warnings of other kinds and are not counted. */
function consoleProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message) => {
    const text = message.text();
    if (message.type() === 'error' || (message.type() === 'warning' && text.includes('[Vue warn]'))) problems.push(text);
  });
  page.on('pageerror', (error) => problems.push(error.message));
  return problems;
}

for (const framework of ['react', 'vue'] as const) {
  test(`${framework}: the page calls start() on the element, binds muted, and sees the call go live and end`, async ({ page }) => {
    const problems = consoleProblems(page);
    await recordEvents(page);
    await page.goto(`/examples/${framework}/`);
    const widget = page.locator('voice-agent');
    const pageState = page.locator('#page-state');
    await expect(widget).toHaveAttribute('state', 'idle');
    // Rendered by the framework after the element was defined: its properties were set as properties.
    expect(await widget.evaluate((el: Widget) => [el.publicId, el.layout])).toEqual(['demo-en', 'inline']);

    // The page's own button: a method call through the framework's ref, inside the visitor's click.
    await page.locator('#page-call').click();
    await expect(widget).toHaveAttribute('state', 'live', { timeout: 20_000 });
    // The framework's state follows voice-agent-state and voice-agent-ready.
    await expect(pageState).toHaveText('live');
    await expect(page.locator('#page-agent')).toHaveText(await widget.locator('[part="agent-name"]').innerText());

    // A framework-bound property reaches the element (muted is reflected as an attribute).
    await page.locator('#page-mute').check();
    await expect(widget).toHaveAttribute('muted', '');
    await page.locator('#page-mute').uncheck();
    await expect(widget).not.toHaveAttribute('muted');

    await page.locator('#page-end').click();
    await expect(pageState).toHaveText('ended');
    expect(await microphoneTracks(page)).toEqual({ opened: 1, live: 0 });
    expect(problems).toEqual([]);
  });
}

// The owner's microphone picker in a real call against the simulator: the new device is opened, the old one
// released, frames keep reaching the service and the call stays live.
test('react page: the panel\'s microphone picker moves the live call to another microphone without dropping it', async ({ page }) => {
  await recordEvents(page);
  await page.goto('/examples/react/');
  const widget = page.locator('voice-agent');
  await page.locator('#page-call').click();
  await expect(widget).toHaveAttribute('state', 'live', { timeout: 20_000 });

  await widget.locator('[part="devices"] summary').click();
  const select = widget.locator('[part="microphone-select"]');
  const values = await select.locator('option').evaluateAll((options) => options.map((o) => (o as HTMLOptionElement).value));
  const current = await select.inputValue();
  const other = values.find((value) => value !== current && value !== 'default');
  expect(other, `another microphone than ${current} among ${values.join(', ')}`).toBeDefined();

  await select.selectOption(other!);
  await expect.poll(() => widget.evaluate((el: Widget) => el.inputDeviceId)).toBe(other);
  expect(await microphoneTracks(page)).toEqual({ opened: 2, live: 1 });
  const liveDevice = await page.evaluate(() => {
    const streams = (window as unknown as { __streams: MediaStream[] }).__streams;
    return streams.at(-1)!.getAudioTracks()[0]!.getSettings().deviceId;
  });
  expect(liveDevice).toBe(other);

  // Frames keep going to the service after the switch (50 a second; their exact pace is held by
  // test/browser/microphone-switch.test.ts).
  const sent = () => widget.evaluate((el: Widget) => el.stats.framesSent);
  const before = await sent();
  await page.waitForTimeout(2000);
  expect((await sent()) - before).toBeGreaterThan(50);
  await expect(widget).toHaveAttribute('state', 'live');
  expect(await eventsOf(page, 'error')).toEqual([]);

  await widget.evaluate((el: Widget) => el.end());
  await expect(widget).toHaveAttribute('state', 'ended');
  expect(await microphoneTracks(page)).toEqual({ opened: 2, live: 0 });
});

for (const framework of ['react', 'vue'] as const) {
  test(`${framework}: a route change during a call re-renders the widget, and the new element takes the call over`, async ({ page }) => {
    const problems = consoleProblems(page);
    await recordEvents(page);
    await page.goto(`/examples/${framework}/`);
    const widget = page.locator('voice-agent');
    await page.locator('#page-call').click();
    await expect(widget).toHaveAttribute('state', 'live', { timeout: 20_000 });
    const before = await widget.evaluate((el: Widget) => {
      (el as Widget & { __first?: true }).__first = true;
      return el.stats.framesSent;
    });

    await page.locator('#page-link-pricing').click();
    await expect(page.locator('h1')).toHaveText('Pricing');
    // Another element instance, live at once: the same call (one `ready`, one ticket), its frames going on.
    expect(await widget.evaluate((el: Widget & { __first?: true }) => el.__first ?? false)).toBe(false);
    await expect(widget).toHaveAttribute('state', 'live');
    await expect(page.locator('#page-state')).toHaveText('live');
    await expect.poll(() => widget.evaluate((el: Widget) => el.stats.framesSent)).toBeGreaterThan(before + 50);
    expect(await eventsOf(page, 'ready')).toHaveLength(1);
    expect(await microphoneTracks(page)).toEqual({ opened: 1, live: 1 });

    // Back again: the call goes on.
    await page.locator('#page-link-support').click();
    await expect(page.locator('h1')).toHaveText('Support');
    await expect(widget).toHaveAttribute('state', 'live');
    // Past the 2 s a removal for good would take: still the one call.
    await page.waitForTimeout(2500);
    await expect(widget).toHaveAttribute('state', 'live');
    expect(await eventsOf(page, 'ready')).toHaveLength(1);

    await page.locator('#page-end').click();
    await expect(page.locator('#page-state')).toHaveText('ended');
    expect(await microphoneTracks(page)).toEqual({ opened: 1, live: 0 });
    expect(problems).toEqual([]);
  });
}
