// Voice → Type instead → Talk instead in one call, in Chromium against the simulator (the scenario:
// microphone-switch.ts; the same runs in Firefox in firefox.spec.ts). The fake microphone plays a steady test
// signal here, so that its sound reaches the service as soon as the microphone is back.
import { expect, test } from '@playwright/test';
import { chromiumArgs, chromiumPath, fakeMicArgs } from '../chromium.ts';
import { ensureFixtures } from '../fixtures/ensure.ts';
import { voiceTypeTalk } from './microphone-switch.ts';

test.use({ launchOptions: { executablePath: chromiumPath, args: [...chromiumArgs, ...fakeMicArgs(ensureFixtures().captureWav)] } });

test('voice, then Type instead, then Talk instead: one call, one ticket, silence then the microphone at the service', async ({ page, request }) => {
  test.setTimeout(90_000);
  const tickets = await voiceTypeTalk(page, request, 'Chromium');
  expect(tickets).toBe(1);
});
