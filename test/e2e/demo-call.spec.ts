import { expect, test, type Page } from '@playwright/test';
import { eventsOf, microphoneTracks, recordEvents, type Widget } from './widget-page.ts';

const widget = (page: Page) => page.locator('voice-agent');
const stats = (page: Page) => widget(page).evaluate((el: Widget) => el.stats);

async function finalTurns(page: Page, role: 'user' | 'agent') {
  return (await eventsOf(page, 'transcript')).filter((t) => t.role === role && t.final);
}

async function startCall(page: Page, publicId: string) {
  await recordEvents(page);
  await page.goto(`/?agent=${publicId}`);
  await widget(page).evaluate((el: Widget) => el.start());
  await expect(widget(page)).toHaveAttribute('state', 'live', { timeout: 20_000 });
}

test('a whole call with the demo agent: greeting heard, speech answered, text answered, ended', async ({ page }) => {
  test.setTimeout(90_000);
  await startCall(page, 'demo');
  const [ready] = await eventsOf(page, 'ready');
  expect(ready).toMatchObject({ maxSeconds: expect.any(Number), agent: { name: expect.any(String) } });
  // The demo page serves the widget itself: the call runs in its worker.
  expect((await stats(page)).transport).toBe('worker');

  // The greeting: agent audio arrives and is played by the playback worklet; its transcript grows to a final turn.
  await expect.poll(async () => (await finalTurns(page, 'agent')).length, { timeout: 20_000 }).toBeGreaterThan(0);
  await expect.poll(async () => (await stats(page)).playback?.playedSamples ?? 0, { timeout: 10_000 }).toBeGreaterThan(24_000);
  const partials = (await eventsOf(page, 'transcript')).filter((t) => t.role === 'agent' && !t.final);
  expect(partials.length).toBeGreaterThan(0);

  // The caller speaks (the fake microphone's sentence starts 7 s in); the simulator's VAD ends the turn and the agent answers.
  await expect.poll(async () => (await finalTurns(page, 'user')).length, { timeout: 30_000 }).toBeGreaterThan(0);
  const agentTurnsAfterSpeech = (await finalTurns(page, 'agent')).length;
  await expect.poll(async () => (await finalTurns(page, 'agent')).length, { timeout: 30_000 }).toBeGreaterThan(agentTurnsAfterSpeech);
  expect((await stats(page)).framesSent).toBeGreaterThan(300);

  // Typed text: echoed as the caller's final turn, the time tool runs, the agent answers.
  const agentTurnsBeforeText = (await finalTurns(page, 'agent')).length;
  await widget(page).evaluate((el: Widget) => el.sendText('Quelle heure est-il ?'));
  await expect.poll(async () => (await finalTurns(page, 'user')).map((t) => t.text)).toContain('Quelle heure est-il ?');
  await expect.poll(async () => (await eventsOf(page, 'tool')).map((t) => t.status)).toEqual(['running', 'done']);
  await expect.poll(async () => (await finalTurns(page, 'agent')).length, { timeout: 20_000 }).toBeGreaterThan(agentTurnsBeforeText);

  await widget(page).evaluate((el: Widget) => el.end());
  await expect(widget(page)).toHaveAttribute('state', 'ended');
  const [ended] = await eventsOf(page, 'ended');
  expect(ended).toMatchObject({ reason: 'caller_hangup', conversationId: ready?.conversationId });
  expect(ended?.durationSeconds).toBeGreaterThan(10);
  expect(ended?.billedSeconds).toBeGreaterThan(0);
  expect(await eventsOf(page, 'error')).toEqual([]);
  expect((await stats(page)).droppedMessages).toBe(0);
  expect(await microphoneTracks(page)).toEqual({ opened: 1, live: 0 });
});

test('the agent says goodbye, finishes its sentence, then the call ends with agent_ended', async ({ page }) => {
  await recordEvents(page);
  await page.goto('/?agent=demo-en');
  // The caller stays quiet: the fake microphone's sentence (7 s in) would otherwise talk over the agent.
  await widget(page).evaluate((el: Widget) => void (el.muted = true));
  await widget(page).evaluate((el: Widget) => el.start());
  await expect(widget(page)).toHaveAttribute('state', 'live', { timeout: 20_000 });
  await expect.poll(async () => (await finalTurns(page, 'agent')).length, { timeout: 30_000 }).toBeGreaterThan(0);
  // The greeting has been sent in full; the counters are read in the same task that types 'bye'.
  const before = await widget(page).evaluate((el: Widget) => {
    const { audioBytesReceived, playback } = el.stats;
    el.sendText('bye');
    return { audioBytesReceived, playedSamples: playback?.playedSamples ?? 0 };
  });
  await expect(widget(page)).toHaveAttribute('state', 'ended', { timeout: 30_000 });
  const [ended] = await eventsOf(page, 'ended');
  expect(ended?.reason).toBe('agent_ended');
  // `ended` was shown only once the goodbye had played out: every sample of it received was played, nothing
  // was flushed or interrupted (an empty queue alone would also follow a flush).
  const after = await stats(page);
  const goodbyeSamples = (after.audioBytesReceived - before.audioBytesReceived) / 2;
  expect(goodbyeSamples).toBeGreaterThan(0.5 * 24_000);
  expect(after.playback!.playedSamples - before.playedSamples).toBeGreaterThanOrEqual(goodbyeSamples);
  expect(after.playback!.queuedSamples).toBe(0);
  expect(await eventsOf(page, 'interrupted')).toEqual([]);
  const states = (await eventsOf(page, 'state')).map((s) => s.state);
  expect(states).toEqual(['connecting', 'live', 'ending', 'ended']);
  expect(await microphoneTracks(page)).toEqual({ opened: 1, live: 0 });
});

test('the demo page logs every event and writes the embed snippet', async ({ page }) => {
  await startCall(page, 'demo');
  await expect(page.getByTestId('widget-state')).toHaveAttribute('data-state', 'live');
  await expect(page.getByTestId('widget-state')).toHaveText('In a call');
  await expect(page.getByTestId('event-log')).toContainText('ready');
  await page.getByLabel(/Widget language/).selectOption('fr');
  await expect(page.getByTestId('snippet')).toContainText('<voice-agent public-id="demo" lang="fr" layout="inline"></voice-agent>');
  await widget(page).evaluate((el: Widget) => el.end());
  await expect(page.getByTestId('event-log')).toContainText('ended');
});

test('the demo page speaks the page language: states, layouts and languages in words, no raw value', async ({ page }) => {
  await page.goto('/?agent=demo&page-lang=ar');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page).toHaveTitle('<voice-agent> — جرّب وكيلك الصوتي');
  await expect(page.getByTestId('widget-state')).toHaveText('جاهز');
  const options = (label: RegExp) => page.getByLabel(label).locator('option').allTextContents();
  expect(await options(/التخطيط/)).toEqual(['مدمج في الصفحة', 'عائم، خلف زر دائري']);
  expect(await options(/لغة الأداة/)).toEqual(['تلقائي', 'العربية', 'Français', 'English']);
  await page.getByLabel(/التخطيط/).selectOption('floating');
  await expect(page.getByTestId('snippet')).toContainText('<voice-agent public-id="demo"></voice-agent>');
  await expect(page.getByTestId('widget-state')).toHaveText('جاهز');
});

// After an error the service will not retry (NOT_FOUND here; ORIGIN, QUOTA… alike) the panel offers no call and
// `end()` does nothing: choosing another scenario must still leave a widget the owner can call with.
test('switching scenario after an error without retry gives a widget ready for a new call', async ({ page }) => {
  await recordEvents(page);
  await page.goto('/?agent=draft');
  const call = widget(page).locator('[part="call-button"]');
  await call.click();
  await expect(widget(page)).toHaveAttribute('state', 'error');
  await expect(page.getByTestId('widget-state')).toHaveText('Error');
  expect(await eventsOf(page, 'error')).toMatchObject([{ code: 'NOT_FOUND', retryable: false }]);
  await expect(widget(page).locator('[part="error"]')).toBeVisible();
  await expect(widget(page).locator('[part="retry-button"], [part="call-button"]')).toHaveCount(0);

  await page.locator('input[name="scenario"][value="demo"]').check();
  await expect(widget(page)).toHaveCount(1);
  await expect(widget(page)).toHaveAttribute('state', 'idle');
  await expect(widget(page)).toHaveAttribute('public-id', 'demo');
  await expect(page.getByTestId('widget-state')).toHaveText('Ready');
  await expect(page.getByTestId('snippet')).toContainText('public-id="demo"');

  await call.click();
  await expect(widget(page)).toHaveAttribute('state', 'live', { timeout: 20_000 });
  await expect(page.getByTestId('widget-state')).toHaveText('In a call');
  await expect.poll(async () => (await finalTurns(page, 'agent')).length, { timeout: 20_000 }).toBeGreaterThan(0);
  await widget(page).locator('[part="end-button"]').click();
  await expect(widget(page)).toHaveAttribute('state', 'ended');
  expect((await eventsOf(page, 'state')).map((s) => s.state)).toEqual(['connecting', 'error', 'connecting', 'live', 'ending', 'ended']);
  expect(await eventsOf(page, 'error')).toHaveLength(1);
  expect(await microphoneTracks(page)).toEqual({ opened: 2, live: 0 });
});

test('during a call the demo page re-renders the widget (the call goes on) and goes to another page (which offers to continue it)', async ({ page }) => {
  test.setTimeout(90_000);
  await startCall(page, 'demo');
  await page.getByTestId('rerender').click();
  // A new element, live at once with the same call.
  await expect(widget(page)).toHaveAttribute('state', 'live');
  await expect(page.getByTestId('widget-state')).toHaveAttribute('data-state', 'live');
  expect(await eventsOf(page, 'ready')).toHaveLength(1);

  await page.getByTestId('next-page').click();
  const offer = widget(page).locator('[part~="continue-button"]');
  await expect(offer).toBeVisible({ timeout: 20_000 });
  expect(await widget(page).getAttribute('state')).toBe('idle');
});
