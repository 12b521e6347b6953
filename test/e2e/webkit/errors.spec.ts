// Every failure scenario of the simulator in WebKit, as scenarios.spec.ts checks it in Chromium: the widget
// reports the contract error, and the microphone it opened once is released.
import { BUSY_RETRY_AFTER_SECONDS, SCENARIO_ERRORS, scenarioErrorTimeoutMs } from '../scenario-errors.ts';
import { eventsOf, microphoneTracks } from '../widget-page.ts';
import { expect, test } from './fixtures.ts';
import { webkitUnavailable } from './webdriver.ts';
import { openWidget, startByScript, widgetState } from './widget-session.ts';

const unavailable = webkitUnavailable();
test.skip(unavailable !== null, `WebKit cannot run here: ${unavailable}`);

for (const [publicId, code, retryable] of SCENARIO_ERRORS) {
  test(`scenario ${publicId} → ${code}`, async ({ webkit }) => {
    await openWidget(webkit, `${test.info().project.use.baseURL}/?agent=${publicId}`);
    await startByScript(webkit);
    await expect.poll(() => widgetState(webkit), { timeout: scenarioErrorTimeoutMs(publicId) }).toBe('error');
    const errors = await eventsOf(webkit, 'error');
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatchObject({ code, retryable });
    if (code === 'BUSY') expect(errors[0]?.retryAfterSeconds).toBe(BUSY_RETRY_AFTER_SECONDS);
    expect(await microphoneTracks(webkit)).toEqual({ opened: 1, live: 0 });
  });
}
