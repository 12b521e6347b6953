import { defineConfig, mergeConfig } from 'vite';
import base from './vite.config.ts';

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
    experimental: {
      renderBuiltUrl: (fileName: string, { hostType }: { hostType: string }) =>
        hostType === 'js' ? { runtime: `new URL(${JSON.stringify(`./${fileName}`)}, import.meta.url).href` } : undefined,
    },
    build: {
      emptyOutDir: false,
      lib: { fileName: () => 'index.js' },
      rolldownOptions: {
        external: [/^lit(\/|$)/, /^@lit\//, /^lit-html(\/|$)/, /^lit-element(\/|$)/, 'audioworklet-polyfill'],
        output: { minify: true },
      },
    },
  }),
);
