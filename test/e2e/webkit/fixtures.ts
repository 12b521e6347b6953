// The WebKit lane's Playwright fixtures: one WebKitGTK session per worker (WebKitWebDriver under xvfb-run,
// MiniBrowser with a mock microphone and `--autoplay-policy=allow`, the automation setting under which a
// script may start audio), reused by every test of the worker. Playwright's own browser is never launched.
//
// Of the Chromium e2e suite, the lane repeats the whole call (call.spec.ts), every error scenario
// (errors.spec.ts) and the strict-CSP page (csp.spec.ts), and adds the gesture path (gesture.spec.ts). Not here,
// and why: the caller's spoken sentence (WebKit's mock microphone is a tone, with no file option: the tone
// stands in for speech), the agent's goodbye and the demo page's event log (page logic the Chromium run already
// proves, nothing engine-specific), rate limiting (the server's behaviour), screenshots (pictures for a person).
import { test as base } from '@playwright/test';
import { WebKitSession } from './webdriver.ts';

export { expect } from '@playwright/test';

export const test = base.extend<object, { webkit: WebKitSession }>({
  webkit: [
    async ({}, use) => {
      const session = await WebKitSession.start({ autoplayPolicy: 'allow' });
      await use(session);
      await session.close();
    },
    { scope: 'worker', timeout: 60_000 },
  ],
});
