// A new page whose widget calls on the path asked for: in its worker (the default), or on the main thread, as
// on a page that allows no worker (here: no `Worker` at all).
import type { Browser, Page } from 'playwright';
import type { Transport } from '../../src/call/session-like.ts';

export type { Transport };

export async function pageOnTransport(browser: Browser, transport: Transport): Promise<Page> {
  const page = await browser.newPage();
  try {
    if (transport === 'main-thread') await page.addInitScript(() => Reflect.deleteProperty(window, 'Worker'));
  } catch (error) {
    await page.close();
    throw error;
  }
  return page;
}
