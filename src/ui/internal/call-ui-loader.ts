// The call's code (session, audio engine, panel views and styles) is its own chunk, loaded on the first sign
// of interest: the launcher hovered, focused or pressed, the panel opened, `start()`. Every page that embeds
// the widget downloads only the launcher until then.
import { chunkLoader } from './chunk-loader.ts';
import type * as CallUiModule from './call-ui.ts';

export type { CallUiModule };

let loaded: typeof CallUiModule | null = null;

const load = chunkLoader(
  () => import('./call-ui.ts'),
  import.meta.env.DEV ? './call-ui.ts' : '__VOICE_AGENT_CHUNK__:src/ui/internal/call-ui.ts',
);

/** The call UI module, loaded once; after a failure the next call tries again. */
export const loadCallUi = (): Promise<typeof CallUiModule> => load().then((module) => (loaded = module));

/** The call UI module if it is here already (then a call may be under way on the page), else null. */
export const loadedCallUi = (): typeof CallUiModule | null => loaded;
