import { defineConfig } from 'vite';
import { networkLab } from './demo/netlab/vite-plugin.ts';
import { agentCallSimulator } from './demo/server/vite-plugin.ts';
import { strictSite } from './demo/strict/strict-site.ts';
import { collapseMarkupLiterals } from './scripts/collapse-markup-whitespace.ts';
import { minifyCssLiterals } from './scripts/minify-css-literals.ts';
import { terserChunks } from './scripts/terser-chunks.ts';
import { chunkNames } from './scripts/chunk-names.ts';
import { stripPureAnnotations } from './scripts/strip-pure-annotations.ts';
import { designPrototype, encodePrototype } from './worklets/dsp/prototype-design.ts';
import { assembleFirModule, writeFirModule } from './worklets/dsp/wasm-fir-assembly.ts';

// One config for the demo (dev server + simulated service) and the library build.
// `base: './'` makes the bundle refer to its worklet files relative to itself, so a page can embed
// dist/voice-agent.js from any path; worker format 'es' keeps the worklet a module, and its fixed file
// name (assets/audio.worklet.js, capture and playback in one module) lets `worklet-base` point elsewhere.
// The end-to-end suite makes more calls from one address than the service's 20 tickets per hour allow;
// it raises that limit for its own server (the limit itself is tested against the standalone simulator).
const ticketsPerHour = Number(process.env.SIMULATOR_TICKETS_PER_HOUR) || undefined;
// `NETWORK=<profile> npm run demo` puts the demo page's calls behind an emulated network (demo/netlab/README.md);
// `NETLAB_PORT` fixes the lab's port (default: a free one, which the page asks for).
const network = { profile: process.env.NETWORK, port: Number(process.env.NETLAB_PORT) || undefined };

export default defineConfig({
  base: './',
  plugins: [
    agentCallSimulator(ticketsPerHour ? { limits: { ticketsPerWindow: ticketsPerHour } } : {}),
    networkLab(network),
    // The demo page's strict site: a shop's pages whose settings stop the widget (demo/strict/).
    strictSite(),
    minifyCssLiterals(),
    collapseMarkupLiterals(),
    terserChunks(),
    chunkNames(),
    stripPureAnnotations(),
  ],
  define: {
    // The script-tag build asks for a chunk again under a new URL after a failed download (see
    // src/ui/internal/chunk-loader.ts); the bundler entry turns it off.
    __CHUNK_RETRY__: 'true',
    // The resampler's prototype filter, designed here once (about 30 ms) instead of in every page's audio
    // thread, and without the design's code in the worklet module (worklets/dsp/prototype-design.ts).
    __PROTOTYPE_FILTER__: JSON.stringify(encodePrototype(designPrototype())),
    // The resampler's WebAssembly kernel, assembled here rather than by code in the worklet module.
    __FIR_MODULE__: JSON.stringify(writeFirModule(assembleFirModule())),
  },
  // The framework recipes in examples/ are pre-bundled when the dev server starts: found later, on a first
  // visit, they would make Vite optimise again and reload the page under a test.
  optimizeDeps: { include: ['react', 'react/jsx-dev-runtime', 'react-dom/client', 'vue/dist/vue.esm-bundler.js'] },
  server: {
    port: Number(process.env.PORT ?? 5173),
    strictPort: true,
    host: process.env.HOST ?? 'localhost',
  },
  preview: {
    port: Number(process.env.PORT ?? 4173),
    strictPort: true,
  },
  worker: {
    format: 'es',
    plugins: () => [terserChunks(), stripPureAnnotations()],
    // The worklet keeps a fixed name (`worklet-base` points at it); the call's worker is named by its content.
    rolldownOptions: {
      output: { entryFileNames: (chunk) => (chunk.name === 'audio.worklet' ? 'assets/[name].js' : 'assets/[name]-[hash].js') },
    },
  },
  build: {
    target: 'es2022',
    lib: {
      entry: 'src/voice-agent.ts',
      formats: ['es'],
      fileName: () => 'voice-agent.js',
    },
    // Source maps stay in dist/ for debugging the build, unreferenced and out of the npm package.
    sourcemap: 'hidden',
    // Pages load this file directly (not through a bundler), so it ships minified: Vite keeps whitespace
    // in ES library builds unless the bundler's own output option asks for full minification.
    // The call's code (loaded on the first sign of interest) and the polyfill are chunks beside the
    // worklet, content-hashed so they can be cached forever.
    // 'allow-extension': what the entry and the call's chunk share stays in the entry (it is loaded anyway)
    // instead of becoming a third file on the page's critical path.
    rolldownOptions: {
      preserveEntrySignatures: 'allow-extension',
      output: { minify: true, chunkFileNames: 'assets/[name]-[hash].js' },
    },
  },
});
