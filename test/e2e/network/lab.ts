// The end-to-end tests on a real network: a link emulator (demo/netlab/) in front of the suite's server, in the
// test's own process, so that the page, the call's code, the ticket and the socket all cross it. The page is
// opened at the link's URL (`http://127.0.0.1:<port>`, a secure context like localhost).
import { test as base } from '@playwright/test';
import { startLink, type Link } from '../../../demo/netlab/index.ts';

export type { Link };

/** The suite's server (playwright.config.ts gives each run a port of its own). */
const target = () => ({ host: '127.0.0.1', port: Number(process.env.E2E_PORT) });

/** Each test gets a clean, direct link of its own; it sets the conditions (or a profile) it is about. */
export const test = base.extend<{ link: Link }>({
  link: async ({}, use) => {
    const link = await startLink({ target: target() });
    await use(link);
    await link.close();
  },
});

export { expect } from '@playwright/test';

/** Epoch milliseconds on the test's clock, as the simulator and the link give their times. */
export const epochNow = (): number => performance.timeOrigin + performance.now();
