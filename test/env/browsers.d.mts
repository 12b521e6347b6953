// Types of ./browsers.mjs (plain JavaScript so that `.ci/run` can run it before `npm ci`).

/** A browser found, and where: its override variable, `debian` or `playwright cache`. */
export interface FoundBrowser {
  path: string;
  source: string;
}

export interface FoundWebKit extends FoundBrowser {
  /** The MiniBrowser that WebKitWebDriver launches. */
  miniBrowser: string;
}

export interface Requirement {
  name: string;
  found: string | null;
  packages: string[];
  /** Why something that is here counts as missing (a Firefox too old for Playwright). */
  why?: string;
  /** False when installing `packages` cannot replace it (an override or a cached build). */
  upgradable?: boolean;
}

export function onPath(name: string): string | null;
export function playwrightCache(): string;
export function fromPlaywrightCache(prefix: string, inside: string[]): string | null;
export function findChromium(): FoundBrowser | null;
export const MIN_FIREFOX: number;
export function firefoxMajor(path: string): number | null;
export function findFirefox(): FoundBrowser | null;
export function findWebKit(): FoundWebKit | null;
export function soundServerAnswers(): boolean;
export function brokenOverrides(): string[];
export function requirements(): Requirement[];
export function missingPackages(requirements: Requirement[]): string[];
