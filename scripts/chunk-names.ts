// src/ui/internal/chunk-loader.ts asks for a chunk again under a new URL after a failed download, so it needs
// the chunk's file name, which holds a content hash known only once the bundle is written. This build-only
// Vite plugin puts each chunk's path, relative to the file that names it, in place of the placeholder
// `__VOICE_AGENT_CHUNK__:<source path of the chunk's module>`, and keeps the chunk's source map in step.
import { posix } from 'node:path';
import type { Plugin } from 'vite';
import { replaceInChunk } from './replace-keeping-map.ts';

const PLACEHOLDER = /__VOICE_AGENT_CHUNK__:([\w./-]+\.ts)/g;

export function chunkNames(): Plugin {
  return {
    name: 'voice-agent:chunk-names',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((file) => file.type === 'chunk');
      for (const file of chunks) {
        replaceInChunk(bundle, file, PLACEHOLDER, (_match, source) => {
          const chunk = chunks.find((other) => other.facadeModuleId?.endsWith(`/${source}`));
          if (!chunk) this.error(`${file.fileName} names the chunk of ${source}, but the bundle has none`);
          const path = posix.relative(posix.dirname(file.fileName), chunk.fileName);
          return path.startsWith('.') ? path : `./${path}`;
        });
      }
    },
  };
}
