// src/ui/internal/call-ui-loader.ts asks for the call's chunk again under a new URL after a failed download,
// so it needs the chunk's file name, which holds a content hash known only once the bundle is written. This
// build-only Vite plugin puts the chunk's path, relative to the file that names it, in place of the loader's
// placeholder string.
import { posix } from 'node:path';
import type { Plugin } from 'vite';

/** The string src/ui/internal/call-ui-loader.ts holds in place of the chunk's path (the two must match). */
const CALL_CHUNK_PLACEHOLDER = '__VOICE_AGENT_CALL_CHUNK__';

export function callChunkName(): Plugin {
  return {
    name: 'voice-agent:call-chunk-name',
    apply: 'build',
    generateBundle(_options, bundle) {
      const callChunk = Object.values(bundle).find(
        (file) => file.type === 'chunk' && file.facadeModuleId?.endsWith('/src/ui/internal/call-ui.ts'),
      );
      for (const file of Object.values(bundle)) {
        if (file.type !== 'chunk' || !file.code.includes(CALL_CHUNK_PLACEHOLDER)) continue;
        if (!callChunk) this.error(`${file.fileName} names the call's chunk, but the bundle has none`);
        const path = posix.relative(posix.dirname(file.fileName), callChunk.fileName);
        file.code = file.code.replaceAll(CALL_CHUNK_PLACEHOLDER, path.startsWith('.') ? path : `./${path}`);
      }
    },
  };
}
