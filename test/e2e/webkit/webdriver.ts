// A small W3C WebDriver client for WebKitGTK: starts `xvfb-run -a WebKitWebDriver` on a free port and opens one
// session on MiniBrowser (see ../shared/notes/testing-recipe.md, "WebKit"). Only what the WebKit lane needs:
// navigate, run a function in the page, find elements (also inside shadow roots), click like a user.
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { findWebKit } from '../../env/browsers.mjs';

const ELEMENT = 'element-6066-11e4-a52e-4f735466cecf';
const SHADOW_ROOT = 'shadow-6066-11e4-a52e-4f735466cecf';

/** Why WebKit cannot run here, or null when it can (`npm test` installs it first: see test/env/provision.mjs). */
export function webkitUnavailable(): string | null {
  return findWebKit() ? null : 'no WebKitWebDriver and MiniBrowser (set WEBKIT_WEBDRIVER_PATH, or run `node test/env/provision.mjs` as root)';
}

export interface SessionOptions {
  /** `allow` lets scripts start audio without a gesture (the automation setting); omitted, MiniBrowser's own
   *  default policy applies and audio needs a user gesture. */
  autoplayPolicy?: 'allow';
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

async function command<T>(url: string, method: 'GET' | 'POST' | 'DELETE', body?: unknown): Promise<T> {
  const response = await fetch(url, {
    method,
    headers: body === undefined ? {} : { 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = (await response.json().catch(() => ({}))) as { value?: T & { error?: string; message?: string } };
  if (!response.ok) {
    throw new Error(`WebDriver ${method} ${new URL(url).pathname}: ${json.value?.error ?? response.status} ${json.value?.message ?? ''}`);
  }
  return json.value as T;
}

export class WebKitSession {
  private constructor(
    private readonly driver: ChildProcess,
    private readonly base: string,
  ) {}

  /** Starts a WebKitWebDriver under a virtual X display and opens a MiniBrowser session with a mock microphone. */
  static async start(options: SessionOptions = {}): Promise<WebKitSession> {
    const webkit = findWebKit();
    if (!webkit) throw new Error(webkitUnavailable() ?? 'no WebKit');
    const port = await freePort();
    // Its own process group, so that closing ends xvfb-run, Xvfb and the driver together.
    const driver = spawn('xvfb-run', ['-a', webkit.path, `--port=${port}`], { detached: true, stdio: 'ignore' });
    const root = `http://127.0.0.1:${port}`;
    const deadline = Date.now() + 20_000;
    for (;;) {
      try {
        const status = await command<{ ready: boolean }>(`${root}/status`, 'GET');
        if (status.ready) break;
      } catch (error) {
        if (Date.now() > deadline || driver.exitCode !== null) {
          killGroup(driver);
          throw new Error(`WebKitWebDriver did not start on port ${port}: ${String(error)}`);
        }
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const args = ['--automation', '--enable-mock-capture-devices=true'];
    if (options.autoplayPolicy) args.push(`--autoplay-policy=${options.autoplayPolicy}`);
    try {
      const session = await command<{ sessionId: string }>(`${root}/session`, 'POST', {
        capabilities: {
          alwaysMatch: { browserName: 'MiniBrowser', 'webkitgtk:browserOptions': { binary: webkit.miniBrowser, args } },
        },
      });
      return new WebKitSession(driver, `${root}/session/${session.sessionId}`);
    } catch (error) {
      killGroup(driver);
      throw error;
    }
  }

  /** Navigates to `url` and returns once the new document has loaded. WebKitWebDriver may answer while the
   *  old document is still the one that scripts reach (seen on a cold dev server, whose first modules are
   *  slow to transform): the old one is marked, and the wait lasts until a document without the mark is
   *  complete. */
  async goto(url: string): Promise<void> {
    await this.evaluate(() => void ((window as unknown as { __leaving?: boolean }).__leaving = true)).catch(() => undefined);
    await command(`${this.base}/url`, 'POST', { url });
    const deadline = Date.now() + 30_000;
    const arrived = () =>
      this.evaluate(() => !(window as unknown as { __leaving?: boolean }).__leaving && document.readyState === 'complete');
    while (!(await arrived().catch(() => false))) {
      if (Date.now() > deadline) throw new Error(`WebKit: ${url} did not finish loading within 30 s`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  /** Runs `fn(arg)` in the page (a promise is awaited) and returns its JSON-serialised result. */
  evaluate<R>(fn: () => R | Promise<R>): Promise<R>;
  evaluate<R, A>(fn: (arg: A) => R | Promise<R>, arg: A): Promise<R>;
  evaluate<R, A>(fn: (arg?: A) => R | Promise<R>, arg?: A): Promise<R> {
    return command<R>(`${this.base}/execute/sync`, 'POST', {
      script: `return (${fn.toString()}).apply(null, arguments)`,
      args: arg === undefined ? [] : [arg],
    });
  }

  /** The element matching `selector` in the document, or inside the shadow roots of `path` in turn. */
  async find(selector: string, ...shadowHosts: string[]): Promise<string> {
    let scope = this.base;
    for (const host of shadowHosts) {
      const hostElement = await command<Record<string, string>>(`${scope}/element`, 'POST', { using: 'css selector', value: host });
      const root = await command<Record<string, string>>(`${this.base}/element/${hostElement[ELEMENT]}/shadow`, 'GET');
      scope = `${this.base}/shadow/${root[SHADOW_ROOT]}`;
    }
    const element = await command<Record<string, string>>(`${scope}/element`, 'POST', { using: 'css selector', value: selector });
    return element[ELEMENT]!;
  }

  /** WebDriver's Element Click: scrolls the element into view and clicks it as a user would (a real gesture). */
  async click(element: string): Promise<void> {
    await command(`${this.base}/element/${element}/click`, 'POST', {});
  }

  async close(): Promise<void> {
    await command(this.base, 'DELETE').catch(() => undefined);
    killGroup(this.driver);
  }
}

function killGroup(child: ChildProcess): void {
  try {
    process.kill(-child.pid!, 'SIGTERM');
  } catch {
    // already gone
  }
}
