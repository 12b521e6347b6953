// How the suite finds its browsers (test/env/browsers.mjs) and what the provisioning step does when something
// is missing and it may not install (test/env/provision.mjs).
import { spawnSync } from 'node:child_process';
import { chmodSync, copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { brokenOverrides, findChromium, firefoxMajor, fromPlaywrightCache, missingPackages, requirements } from '../env/browsers.mjs';

const PROVISION = resolve(import.meta.dirname, '../env/provision.mjs');
let dir: string;
const saved = { ...process.env };

function executableAt(path: string, script = ''): string {
  mkdirSync(resolve(path, '..'), { recursive: true });
  writeFileSync(path, `#!/bin/sh\n${script}`);
  chmodSync(path, 0o755);
  return path;
}

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'browsers-'));
  chmodSync(dir, 0o755);
});

afterEach(() => {
  process.env = { ...saved };
  rmSync(dir, { recursive: true, force: true });
});

describe('the browser resolver', () => {
  it('takes an executable override first', () => {
    process.env.CHROMIUM_PATH = executableAt(join(dir, 'my-chrome'));
    expect(findChromium()).toEqual({ path: join(dir, 'my-chrome'), source: 'CHROMIUM_PATH' });
    expect(brokenOverrides()).toEqual([]);
  });

  it('reports an override that names no executable, and never falls back behind it', () => {
    process.env.CHROMIUM_PATH = join(dir, 'missing');
    writeFileSync(join(dir, 'not-executable'), '');
    process.env.FIREFOX_PATH = join(dir, 'not-executable');
    expect(findChromium()).toBeNull();
    expect(brokenOverrides()).toEqual([`CHROMIUM_PATH=${join(dir, 'missing')}`, `FIREFOX_PATH=${join(dir, 'not-executable')}`]);
  });

  it("finds the newest executable build in Playwright's cache (PLAYWRIGHT_BROWSERS_PATH)", () => {
    process.env.PLAYWRIGHT_BROWSERS_PATH = dir;
    executableAt(join(dir, 'chromium-1100', 'chrome-linux', 'chrome'));
    executableAt(join(dir, 'chromium-1200', 'chrome-linux64', 'chrome'));
    mkdirSync(join(dir, 'chromium-1300', 'chrome-linux64'), { recursive: true }); // an unfinished download
    executableAt(join(dir, 'chromium_headless_shell-1400', 'chrome-linux64', 'chrome'));
    expect(fromPlaywrightCache('chromium', ['chrome-linux64/chrome', 'chrome-linux/chrome'])).toBe(
      join(dir, 'chromium-1200', 'chrome-linux64', 'chrome'),
    );
    expect(fromPlaywrightCache('firefox', ['firefox/firefox'])).toBeNull();
  });

  it('lists the Debian packages for what is missing, each once', () => {
    expect(
      missingPackages([
        { name: 'Chromium', found: '/usr/bin/chromium', packages: ['chromium'] },
        { name: 'pactl', found: null, packages: ['pulseaudio-utils'] },
        { name: 'sound server', found: null, packages: ['pulseaudio'] },
        { name: 'again', found: null, packages: ['pulseaudio'] },
      ]),
    ).toEqual(['pulseaudio-utils', 'pulseaudio']);
  });
});

describe('a Firefox too old for the pinned Playwright', () => {
  const oldFirefox = () => executableAt(join(dir, 'firefox-140'), "echo 'Mozilla Firefox 140.3.0esr'\n");

  it('reads the major version a Firefox reports', () => {
    expect(firefoxMajor(oldFirefox())).toBe(140);
    expect(firefoxMajor(executableAt(join(dir, 'silent')))).toBeNull();
  });

  it('counts as missing, with the reason; an override is not replaced by installing', () => {
    process.env.FIREFOX_PATH = oldFirefox();
    const firefox = requirements().find((r) => r.name === 'Firefox');
    expect(firefox).toMatchObject({ found: null, packages: ['firefox-esr'], upgradable: false });
    expect(firefox?.why).toBe(`${join(dir, 'firefox-140')} is Firefox 140; Playwright 1.64.1 needs 153 or later`);
  });

  it('stops the provisioning step with what to do', () => {
    const result = spawnSync(process.execPath, [PROVISION], {
      env: { ...process.env, FIREFOX_PATH: oldFirefox() },
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    expect(result.status).toBe(1);
    expect(result.stderr.trim()).toBe(
      `provision: ${join(dir, 'firefox-140')} is Firefox 140; Playwright 1.64.1 needs 153 or later (point FIREFOX_PATH at a newer one, or unset it)`,
    );
  });
});

describe('the provisioning step', () => {
  it('not as root, stops with one line naming the apt-get command for what is missing', () => {
    // A PATH with none of the tools: xvfb-run, Xvfb, xauth, pactl, paplay and pulseaudio are missing (and so no
    // sound server answers).
    const emptyPath = join(dir, 'bin');
    mkdirSync(emptyPath, { mode: 0o755 });
    const asNobody = process.getuid?.() === 0 ? { uid: 65534, gid: 65534 } : {};
    // The step runs from a copy in the test's own readable folder: a checkout in a private folder (a clone in
    // `mktemp -d`, mode 700) is out of nobody's reach.
    const copy = join(dir, 'env');
    mkdirSync(copy, { mode: 0o755 });
    for (const file of ['provision.mjs', 'browsers.mjs']) copyFileSync(join(dirname(PROVISION), file), join(copy, file));
    const result = spawnSync(process.execPath, [join(copy, 'provision.mjs')], {
      env: { PATH: emptyPath, HOME: dir },
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
      ...asNobody,
    });
    expect(result.status).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr.trim().split('\n')).toEqual([
      'provision: missing xvfb-run, Xvfb, xauth, pactl, paplay, sound server, pulseaudio; install them with: sudo apt-get update && ' +
        'sudo DEBIAN_FRONTEND=noninteractive apt-get install -y xvfb xauth pulseaudio-utils pulseaudio',
    ]);
  });
});
