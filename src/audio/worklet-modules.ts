// Where the worklet modules live and how they are added to a context.
//
// The `?worker&url` imports make Vite compile each worklet into its own JavaScript file next to the
// bundle (`dist/assets/capture.worklet.js`, `dist/assets/playback.worklet.js`: fixed names, set in
// vite.config.ts) and give the URL as `new URL('assets/…', import.meta.url)`:
// no blob: or data: URL, so the widget runs under `script-src 'self'`. A page that serves the files from
// elsewhere passes `workletBaseUrl`: each module is then loaded from `${workletBaseUrl}/<the same file name>`
// (copy `dist/assets/*.worklet.js` there; `workletFileNames()` lists the names this build expects).
import captureUrl from '../../worklets/capture.worklet.ts?worker&url';
import playbackUrl from '../../worklets/playback.worklet.ts?worker&url';

export type WorkletModule = 'capture' | 'playback';

const BUILT_URLS: Record<WorkletModule, string> = { capture: captureUrl, playback: playbackUrl };

/** The file name of each worklet module in this build. */
export function workletFileNames(): Record<WorkletModule, string> {
  return { capture: fileName(captureUrl), playback: fileName(playbackUrl) };
}

/** The URL a module is loaded from: beside the bundle, or under `base` when one is given. */
export function workletUrl(module: WorkletModule, base?: string): string {
  const built = BUILT_URLS[module];
  if (!base) return built;
  return `${base.replace(/\/+$/, '')}/${fileName(built)}`;
}

const added = new WeakMap<BaseAudioContext, Map<string, Promise<void>>>();

/** Adds a worklet module to `context` once (later calls share the first one's promise). */
export function addWorkletModule(context: BaseAudioContext, module: WorkletModule, base?: string): Promise<void> {
  const url = workletUrl(module, base);
  let modules = added.get(context);
  if (!modules) added.set(context, (modules = new Map()));
  let loading = modules.get(url);
  if (!loading) {
    loading = ensureAudioWorklet().then(() => context.audioWorklet.addModule(url));
    // A failed load may be retried with a fresh attempt.
    loading.catch(() => modules.delete(url));
    modules.set(url, loading);
  }
  return loading;
}

/** True when this browser has AudioWorklet without the polyfill. */
export function hasNativeAudioWorklet(): boolean {
  return (
    typeof AudioWorkletNode === 'function' &&
    typeof AudioContext === 'function' &&
    'audioWorklet' in AudioContext.prototype
  );
}

let polyfilling: Promise<void> | null = null;

/** Loads `audioworklet-polyfill` (which patches the globals when it is evaluated) only where it is needed. */
export function ensureAudioWorklet(): Promise<void> {
  if (hasNativeAudioWorklet()) return Promise.resolve();
  polyfilling ??= import('audioworklet-polyfill').then(() => undefined);
  return polyfilling;
}

function fileName(url: string): string {
  const path = url.split(/[?#]/, 1)[0] ?? url;
  return path.slice(path.lastIndexOf('/') + 1);
}
