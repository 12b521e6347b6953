// The call's code (session, audio engine, panel views, styles and catalogues) is its own chunk, loaded on the
// first sign of interest: the launcher hovered, focused or pressed, the panel opened, `start()`. Every page
// that embeds the widget downloads only the launcher until then.
import type * as CallUiModule from './call-ui.ts';

export type { CallUiModule };

let loading: Promise<typeof CallUiModule> | null = null;

/** The call UI module, loaded once; after a failure (the network, a deploy that removed the chunk) the next
 *  call tries again. */
export function loadCallUi(): Promise<typeof CallUiModule> {
  loading ??= import('./call-ui.ts').catch((error: unknown) => {
    loading = null;
    throw error;
  });
  return loading;
}
