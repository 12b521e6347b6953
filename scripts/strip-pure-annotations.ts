// Rolldown's minifier writes `/* @__PURE__ */` before calls it keeps: marks for a bundler that will tree-shake
// the file again. The script-tag file and the files it loads are never bundled again, so the marks are only
// bytes a page downloads (about 30 of them). This build-only Vite plugin removes them from every chunk of
// the build it is given to, keeping each chunk's source map in step (scripts/replace-keeping-map.ts), but for
// the bundler entry (dist/index.js) and its chunks: an app's bundler reads them.
import type { Plugin } from 'vite';
import { replaceInChunk } from './replace-keeping-map.ts';

const ANNOTATION = /\/\* @__PURE__ \*\/ /g;

export function stripPureAnnotations(): Plugin {
  return {
    name: 'voice-agent:strip-pure-annotations',
    apply: 'build',
    enforce: 'post',
    generateBundle(_options, bundle) {
      if ('index.js' in bundle) return; // the bundler entry
      for (const file of Object.values(bundle)) if (file.type === 'chunk') replaceInChunk(bundle, file, ANNOTATION, () => '');
    },
  };
}
