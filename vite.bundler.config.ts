import { defineConfig, mergeConfig } from 'vite';
import { posix } from 'node:path';
import base from './vite.config.ts';

/** `./…` from the file `host` to the file `target` (both relative to dist/). */
const relativeUrl = (host: string, target: string) => {
  const path = posix.relative(posix.dirname(host), target);
  return path.startsWith('.') ? path : `./${path}`;
};

// The package's entry for bundlers and Node (`dist/index.js`), built after the script-tag file: the same
// source, but `lit` and the polyfill stay imports, so an app that already uses Lit ships one copy, and Node
// resolves Lit's server build (the element can be imported during server-side rendering). It shares the
// worklet files in `dist/assets/` with `dist/voice-agent.js`; minified like Lit's own files, to keep the
// package small.
export default mergeConfig(
  base,
  defineConfig({
    // `./assets/…` (not `assets/…`): the form bundlers (Vite, webpack 5, Parcel) recognise in
    // `new URL(…, import.meta.url)` and copy into the app's build.
    // The path is relative to the chunk that names the file (the call's chunk sits in assets/ itself).
    experimental: {
      renderBuiltUrl: (fileName: string, { hostId, hostType }: { hostId: string; hostType: string }) =>
        hostType === 'js' ? { runtime: `new URL(${JSON.stringify(relativeUrl(hostId, fileName))}, import.meta.url).href` } : undefined,
    },
    // The app's bundler names and loads the chunks: no retry under a URL of the widget's own.
    define: { __CHUNK_RETRY__: 'false' },
    build: {
      emptyOutDir: false,
      lib: { fileName: () => 'index.js' },
      rolldownOptions: {
        external: [/^lit(\/|$)/, /^@lit\//, /^lit-html(\/|$)/, /^lit-element(\/|$)/, 'audioworklet-polyfill'],
        // The entry exports only the element (an app's bundler splits the chunks its own way).
        preserveEntrySignatures: 'strict',
        output: { minify: true, chunkFileNames: 'assets/[name]-[hash].js' },
      },
    },
  }),
);
