// Which engine runs the page, for the few audio rules that differ by engine (audio-engine.ts, microphone-request.ts).
// `userAgentData` is Chromium's alone (every Chromium browser shares its audio code); "Gecko/" followed by a
// digit is in Firefox's user agent only (the others say "like Gecko").
export type BrowserEngine = 'chromium' | 'gecko' | 'other';

export function browserEngine(browser: Navigator | undefined = globalThis.navigator): BrowserEngine {
  if (browser === undefined) return 'other';
  if ('userAgentData' in browser) return 'chromium';
  return /\bGecko\/\d/.test(browser.userAgent) ? 'gecko' : 'other';
}
