// Where the test suite finds each browser and service it uses: an environment variable first, then
// Debian's path, then Playwright's browser cache. Plain Node with no dependencies, so `.ci/run` can use it
// before `npm ci`; the test configs and the provisioning step (./provision.mjs) read it too. Types: ./browsers.d.mts.
import { spawnSync } from 'node:child_process';
import { accessSync, constants, existsSync, readdirSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';

function executable(path) {
  if (!path) return false;
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** The first executable file on PATH called `name`, or null. */
export function onPath(name) {
  for (const dir of (process.env.PATH ?? '').split(':')) {
    if (dir && executable(join(dir, name))) return join(dir, name);
  }
  return null;
}

/** Playwright's browser cache (PLAYWRIGHT_BROWSERS_PATH, else ~/.cache/ms-playwright). */
export function playwrightCache() {
  const configured = process.env.PLAYWRIGHT_BROWSERS_PATH;
  return configured && configured !== '0' ? configured : join(homedir(), '.cache', 'ms-playwright');
}

/** The newest `<prefix>-<revision>` browser in Playwright's cache with an executable at one of `inside`. */
export function fromPlaywrightCache(prefix, inside) {
  const cache = playwrightCache();
  if (!existsSync(cache)) return null;
  const revision = (name) => Number(name.slice(prefix.length + 1)) || 0;
  const builds = readdirSync(cache)
    .filter((name) => name.startsWith(`${prefix}-`) && /^\d+$/.test(name.slice(prefix.length + 1)))
    .sort((a, b) => revision(b) - revision(a));
  for (const build of builds) {
    for (const file of inside) {
      const path = join(cache, build, file);
      if (executable(path)) return path;
    }
  }
  return null;
}

/** Resolves a browser from its override variable, Debian's path, then Playwright's cache. An override that
 *  is set but not executable is reported as missing (never silently replaced by another build). */
function resolve(variable, debianPath, cached) {
  const override = process.env[variable];
  if (override) return executable(override) ? { path: override, source: variable } : null;
  if (executable(debianPath)) return { path: debianPath, source: 'debian' };
  const path = cached();
  return path ? { path, source: 'playwright cache' } : null;
}

/** Chromium: CHROMIUM_PATH, /usr/bin/chromium, Playwright's chromium-<rev>. */
export function findChromium() {
  return resolve('CHROMIUM_PATH', '/usr/bin/chromium', () =>
    fromPlaywrightCache('chromium', ['chrome-linux64/chrome', 'chrome-linux/chrome']),
  );
}

/** Firefox: FIREFOX_PATH, /usr/bin/firefox-esr, Playwright's firefox-<rev>. */
export function findFirefox() {
  return resolve('FIREFOX_PATH', '/usr/bin/firefox-esr', () => fromPlaywrightCache('firefox', ['firefox/firefox']));
}

/** The oldest Firefox the pinned Playwright (1.64.1) drives over WebDriver BiDi: Debian bookworm's base list has 140
 *  ESR, which fails at launch with `network.addDataCollector: unknown command`; after `apt-get update` it is 153. */
export const MIN_FIREFOX = 153;

/** The major version a Firefox reports (`Mozilla Firefox 153.8.0esr`), or null when it says none. */
export function firefoxMajor(path) {
  const result = spawnSync(path, ['--version'], { encoding: 'utf8', timeout: 10_000 });
  const match = /Firefox (\d+)\./.exec(result.stdout ?? '');
  return match ? Number(match[1]) : null;
}

/** Debian's MiniBrowser (package libwebkit2gtk-4.1-0, a dependency of webkit2gtk-driver), for any architecture. */
function debianMiniBrowser() {
  for (const dir of ['/usr/lib', '/usr/libexec']) {
    if (!existsSync(dir)) continue;
    for (const sub of ['', ...readdirSync(dir).filter((name) => name.endsWith('-linux-gnu'))]) {
      const path = join(dir, sub, 'webkit2gtk-4.1', 'MiniBrowser');
      if (executable(path)) return path;
    }
  }
  return null;
}

/** WebKitGTK for the WebKit lane: WebKitWebDriver (WEBKIT_WEBDRIVER_PATH, else /usr/bin/WebKitWebDriver) driving
 *  MiniBrowser (WEBKIT_MINIBROWSER_PATH, else Debian's). Playwright's cached WebKit has no WebKitWebDriver and
 *  speaks only Playwright's own protocol, so the cache is no source here. */
export function findWebKit() {
  const driver = resolve('WEBKIT_WEBDRIVER_PATH', '/usr/bin/WebKitWebDriver', () => null);
  const miniBrowserOverride = process.env.WEBKIT_MINIBROWSER_PATH;
  const miniBrowser = miniBrowserOverride ? (executable(miniBrowserOverride) ? miniBrowserOverride : null) : debianMiniBrowser();
  return driver && miniBrowser ? { path: driver.path, miniBrowser, source: driver.source } : null;
}

/** Whether a sound server (PulseAudio, or PipeWire's pulse server) answers `pactl info`. */
export function soundServerAnswers() {
  const pactl = spawnSync('pactl', ['info'], { stdio: 'ignore', timeout: 5_000 });
  return !pactl.error && pactl.status === 0;
}

/** The browser path overrides that are set but name no executable file, as `VARIABLE=value`. */
export function brokenOverrides() {
  return ['CHROMIUM_PATH', 'FIREFOX_PATH', 'WEBKIT_WEBDRIVER_PATH', 'WEBKIT_MINIBROWSER_PATH']
    .filter((variable) => process.env[variable] && !executable(process.env[variable]))
    .map((variable) => `${variable}=${process.env[variable]}`);
}

const NOTO_SANS_ARABIC = '/usr/share/fonts/truetype/noto/NotoSansArabic-Regular.ttf';

/**
 * Everything the suite needs, each with where it was found (or null) and the Debian packages that provide it.
 * `sound server` is found when one answers, or when `pulseaudio` is there to be started (see provision.mjs);
 * `pulseaudio` itself is needed either way, for the real-devices lane's own daemon.
 */
export function requirements() {
  const pulseaudio = onPath('pulseaudio');
  return [
    { name: 'Chromium', found: findChromium()?.path ?? null, packages: ['chromium'] },
    firefoxRequirement(),
    { name: 'WebKitWebDriver', found: findWebKit()?.path ?? null, packages: ['webkit2gtk-driver'] },
    { name: 'xvfb-run', found: onPath('xvfb-run'), packages: ['xvfb'] },
    // The real-devices lane (test/devices/) starts an Xvfb and a PulseAudio daemon of its own, and plays with paplay.
    { name: 'Xvfb', found: onPath('Xvfb'), packages: ['xvfb'] },
    { name: 'xauth', found: onPath('xauth'), packages: ['xauth'] },
    { name: 'pactl', found: onPath('pactl'), packages: ['pulseaudio-utils'] },
    { name: 'paplay', found: onPath('paplay'), packages: ['pulseaudio-utils'] },
    { name: 'sound server', found: soundServerAnswers() ? 'running' : pulseaudio, packages: ['pulseaudio'] },
    { name: 'pulseaudio', found: pulseaudio, packages: ['pulseaudio'] },
    { name: 'Noto Sans Arabic', found: existsSync(NOTO_SANS_ARABIC) ? NOTO_SANS_ARABIC : null, packages: ['fonts-noto-core'] },
  ];
}

/** Firefox is found when it is recent enough for Playwright; an older one is missing, with `why`. Installing Debian's
 *  package replaces it (`apt-get update` first: Debian's path wins over Playwright's cache); FIREFOX_PATH is the
 *  user's to change (`upgradable: false`). */
function firefoxRequirement() {
  const firefox = findFirefox();
  const requirement = { name: 'Firefox', found: firefox?.path ?? null, packages: ['firefox-esr'] };
  const major = firefox ? firefoxMajor(firefox.path) : null;
  if (!firefox || major === null || major >= MIN_FIREFOX) return requirement;
  return {
    ...requirement,
    found: null,
    why: `${firefox.path} is Firefox ${major}; Playwright 1.64.1 needs ${MIN_FIREFOX} or later`,
    upgradable: firefox.source !== 'FIREFOX_PATH',
  };
}

/** The Debian packages that provide what `requirements` lacks, each once, in order. */
export function missingPackages(requirements) {
  return [...new Set(requirements.filter((r) => !r.found).flatMap((r) => r.packages))];
}
