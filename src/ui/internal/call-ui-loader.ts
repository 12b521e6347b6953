// The call's code (session, audio engine, panel views, styles and catalogues) is its own chunk, loaded on the
// first sign of interest: the launcher hovered, focused or pressed, the panel opened, `start()`. Every page
// that embeds the widget downloads only the launcher until then.
import type * as CallUiModule from './call-ui.ts';

export type { CallUiModule };

/** Whether a failed download is asked for again under a new URL: in the script-tag build, which names its
 *  own chunks; the bundler entry leaves chunk loading to the app's bundler (vite.bundler.config.ts). */
declare const __CALL_CHUNK_RETRY__: boolean;

/** The call's chunk relative to this module: the source file under the dev server; in a build, the file the
 *  bundler wrote, put in place of the placeholder by scripts/call-chunk-name.ts. */
const CALL_CHUNK = import.meta.env.DEV ? './call-ui.ts' : '__VOICE_AGENT_CALL_CHUNK__';

let loading: Promise<typeof CallUiModule> | null = null;
let failures = 0;

/** The call UI module, loaded once; after a failure (the network, a deploy that removed the chunk) the next
 *  call tries again. */
export function loadCallUi(): Promise<typeof CallUiModule> {
  loading ??= importCallUi().catch((error: unknown) => {
    loading = null;
    failures++;
    throw error;
  });
  return loading;
}

function importCallUi(): Promise<typeof CallUiModule> {
  // Firefox keeps a module that failed to load in its module map: import() of the same URL fails again at
  // once, without a request. After a failure the chunk is asked for under a URL of its own.
  if (__CALL_CHUNK_RETRY__ && failures > 0) {
    const url = new URL(CALL_CHUNK, import.meta.url);
    url.searchParams.set('retry', String(failures));
    return import(/* @vite-ignore */ url.href) as Promise<typeof CallUiModule>;
  }
  return import('./call-ui.ts');
}
