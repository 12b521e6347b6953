// The call's code and each language's strings are chunks of their own, loaded on demand (see
// call-ui-loader.ts and catalogue-loader.ts).

/** Whether a failed download is asked for again under a new URL: in the script-tag build, which names its
 *  own chunks; the bundler entry leaves chunk loading to the app's bundler (vite.bundler.config.ts). */
declare const __CHUNK_RETRY__: boolean;

/**
 * A module loaded once; after a failure (the network, a deploy that removed the chunk) the next call tries
 * again. Firefox keeps a module that failed to load in its module map: import() of the same URL fails again
 * at once, without a request. So after a failure the chunk is asked for under a URL of its own, built from
 * `path`: the chunk relative to this module (the source file under the dev server; in a build, the placeholder
 * `__VOICE_AGENT_CHUNK__:<source>` that scripts/chunk-names.ts replaces with the file the bundler wrote,
 * relative to the file that names it). Callers sit beside this module (src/ui/internal/), and the build keeps
 * them in the launcher with it, so both readings of "relative to" agree.
 */
export function chunkLoader<T>(load: () => Promise<T>, path: string): () => Promise<T> {
  let loading: Promise<T> | null = null;
  let failures = 0;
  const attempt = (): Promise<T> => {
    if (!__CHUNK_RETRY__ || failures === 0) return load();
    const url = new URL(path, import.meta.url);
    url.searchParams.set('retry', String(failures));
    return import(/* @vite-ignore */ url.href) as Promise<T>;
  };
  return () =>
    (loading ??= attempt().catch((error: unknown) => {
      loading = null;
      failures++;
      throw error;
    }));
}
