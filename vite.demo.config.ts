import { mergeConfig, type UserConfig } from 'vite';
import libraryConfig from './vite.config.ts';

// The demo page and the framework examples built as a site (not the library): what the end-to-end suite loads,
// served by `vite preview` with the simulated service mounted (demo/server/vite-plugin.ts). Built, a page
// loads a handful of files instead of Vite's 150 source modules, as a customer's production page does.
// `vite build -c vite.demo.config.ts && vite preview -c vite.demo.config.ts`.
const config = mergeConfig(libraryConfig, {
  // package.json marks only dist/ as having side effects (for bundlers of the package); here the pages import the
  // source, whose entry defines the element.
  plugins: [
    {
      name: 'demo-site:widget-defines-itself',
      transform: (code: string, id: string) => (id.endsWith('/src/voice-agent.ts') ? { code, moduleSideEffects: true } : null),
    },
  ],
  build: {
    outDir: 'test-results/demo-site',
    emptyOutDir: true,
    sourcemap: false,
    rolldownOptions: {
      input: { demo: 'index.html', react: 'examples/react/index.html', vue: 'examples/vue/index.html' },
      output: { chunkFileNames: 'assets/[name]-[hash].js' },
    },
  },
} satisfies UserConfig) as UserConfig;
// A site, not the library: no `lib` entry.
delete config.build!.lib;
export default config;
