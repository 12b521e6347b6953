// One call of the built widget in Chromium on a network profile: the page and its code through one link, the ticket
// and the socket through another (the service is usually elsewhere), both with the profile's conditions; the
// profile's timeline starts on the service's link at `ready`. The visitor shows interest first (the launcher
// hovered, then the Call button), as a person does; the microphone is granted and tells the time (clock tones), so
// the service measures how late it hears the visitor.
import type { Browser } from 'playwright';
import type { Link, NetworkProfile } from '../../demo/netlab/index.ts';
import type { AgentChunk, UplinkLevels } from '../../demo/server/uplink-meter.ts';
import { slowMicrophone } from '../../test/e2e/network/slow-microphone.ts';
import { permissionPrompts } from '../../test/e2e/permission-prompts.ts';
import { instrumentVoice, type VoiceWindow } from './instrument-voice.ts';

export interface BrowserCall {
  pressedAt: number;
  readyAt: number;
  /** Epoch ms the agent's voice was first heard, and each stretch of it ended (instrument-voice.ts). */
  firstSoundAt: number | null;
  speechEnds: number[];
  /** The widget's `stats` every 100 ms of the call, with its epoch time. */
  stats: { at: number; quality: string; framesDropped: number; playback: { underruns: number; underrunMs?: number } | null }[];
  /** What the service recorded of the call: its send log, and how late it heard the visitor. */
  record: UplinkLevels & { agentChunks?: AgentChunk[] };
  errors: number;
}

interface BenchPage {
  __pressedAt?: number;
  /** Each `ready`: when, and its conversation. */
  __ready?: { at: number; conversationId: string }[];
  __errors?: number;
}

/** How the visitor comes to the press. `before`: as the widget started calls before this work, for a baseline:
 *  the Call button pressed with no sign of interest before it (nothing warmed), and the page told that the
 *  microphone's permission is `prompt` (the ticket then waits for the microphone). */
export type Approach = 'interest' | 'before';

export interface CallOptions {
  approach?: Approach;
  /** How much later than the browser's own the page's microphone opens (a Bluetooth headset waking up). */
  microphoneMs?: number;
}

/** A call of `seconds` after `ready` on `profile`; `site` serves the page, `service` is the simulator's link. */
export async function browserCall(
  browser: Browser,
  links: { site: Link; service: Link },
  serviceUrl: string,
  profile: NetworkProfile,
  seconds: number,
  { approach = 'interest', microphoneMs = 0 }: CallOptions = {},
): Promise<BrowserCall> {
  for (const link of [links.site, links.service]) link.set(profile.conditions);
  const context = await browser.newContext();
  await context.grantPermissions(['microphone'], { origin: links.site.url });
  const page = await context.newPage();
  try {
    await page.addInitScript({ content: `var __name = (f) => f;\n(${instrumentVoice.toString()})();` });
    await page.addInitScript(() => {
      const bench = window as unknown as BenchPage;
      bench.__ready = [];
      bench.__errors = 0;
      addEventListener('pointerdown', () => (bench.__pressedAt = performance.timeOrigin + performance.now()), true);
      document.addEventListener('voice-agent-ready', (event) =>
        bench.__ready!.push({ at: performance.timeOrigin + performance.now(), conversationId: (event as CustomEvent).detail.conversationId }),
      );
      document.addEventListener('voice-agent-error', () => bench.__errors!++);
    });
    if (approach === 'before') await page.addInitScript(permissionPrompts);
    if (microphoneMs > 0) await page.addInitScript(slowMicrophone, microphoneMs);
    await page.goto(links.site.url, { waitUntil: 'load', timeout: 60_000 });
    const widget = page.locator('voice-agent');
    if (approach === 'interest') {
      await widget.locator('[part="launcher"]').hover();
      await widget.locator('[part="launcher"]').click();
      await widget.locator('[part="call-button"]').hover({ timeout: 60_000 });
      await page.waitForTimeout(500);
    } else {
      // The code loaded by the page itself, then left idle past any server's keep-alive: nothing is warm at the press.
      await widget.evaluate((el: HTMLElement & { loadUi(): Promise<unknown>; show(): void }) => el.loadUi().then(() => el.show()));
      await page.waitForTimeout(7_000);
    }
    await widget.locator('[part="call-button"]').click({ timeout: 60_000 });
    await page.waitForFunction(() => (window as unknown as BenchPage).__ready!.length > 0, null, { timeout: 60_000, polling: 20 });
    const first = (await page.evaluate(() => (window as unknown as BenchPage).__ready![0]))!;
    links.service.schedule(profile.timeline ?? []);
    const stats: BrowserCall['stats'] = [];
    const until = Date.now() + seconds * 1000;
    while (Date.now() < until) {
      stats.push(await widget.evaluate((el: HTMLElement & { stats: Omit<BrowserCall['stats'][number], 'at'> }) => ({ ...el.stats, at: performance.timeOrigin + performance.now() })));
      await page.waitForTimeout(100);
    }
    const [pressedAt, voice, errors, readies] = await page.evaluate(() => {
      const bench = window as unknown as BenchPage & VoiceWindow;
      return [bench.__pressedAt!, bench.__voice, bench.__errors!, bench.__ready!] as const;
    });
    await widget.evaluate((el: HTMLElement & { end(): Promise<void> }) => el.end());
    // The service's record of the call's last line (a handover's call is on its second).
    const record = (await (await fetch(`${serviceUrl}/__simulator/uplink/${readies.at(-1)!.conversationId}`)).json()) as BrowserCall['record'];
    return { pressedAt, readyAt: first.at, firstSoundAt: voice.first, speechEnds: voice.ends, stats, record, errors };
  } finally {
    await context.close();
  }
}
