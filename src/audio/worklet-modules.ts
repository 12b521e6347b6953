// Where the worklet module lives and how it is added to a context.
//
// One module (`worklets/audio.worklet.ts`) registers both the capture and the playback processor, so
// the DSP they share is downloaded once. The `?worker&url` import makes Vite compile it into its own
// JavaScript file next to the bundle (`dist/assets/audio.worklet.js`: a fixed name, set in
// vite.config.ts) and gives the URL as `new URL('assets/…', import.meta.url)`: no blob: or data: URL,
// so the widget runs under `script-src 'self'`. A page that serves the file from elsewhere passes
// `workletBaseUrl`: the module is then loaded from `${workletBaseUrl}/audio.worklet.js`
// (copy `dist/assets/audio.worklet.js` there; `workletFileName()` is the name this build expects).
import builtUrl from '../../worklets/audio.worklet.ts?worker&url';

/** The file name of the worklet module in this build. */
export function workletFileName(): string {
  return fileName(builtUrl);
}

/** The URL the module is loaded from: beside the bundle, or under `base` when one is given. */
export function workletUrl(base?: string): string {
  if (!base) return builtUrl;
  return `${base.replace(/\/+$/, '')}/${fileName(builtUrl)}`;
}

const added = new WeakMap<BaseAudioContext, Map<string, Promise<void>>>();

/** Adds the worklet module to `context` once (the capture and playback nodes share the first load). */
export function addWorkletModule(context: BaseAudioContext, base?: string): Promise<void> {
  const url = workletUrl(base);
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
