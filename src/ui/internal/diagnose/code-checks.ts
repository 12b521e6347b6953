// The widget's own code on this page: the call's chunk (Lit creates its Trusted Types policy as it loads),
// Trusted Types, where the calls run (a worker, or the page's main thread and why), the AudioWorklet module and
// WebAssembly (the resampler's fast kernel; without it the TypeScript kernel works, more slowly).
import type { DiagnoseCheck } from '../../../call/types.ts';
import { check } from './report.ts';
import type { DiagnoseScope, DiagnoseSubject } from './subject.ts';
import { originOf, sleep, type Sleep, type ViolationLog } from './violations.ts';

const TRUSTED_TYPES_LINE = 'add `lit-html voice-agent` to trusted-types';

/** What loading the call's code told: it loaded, or why not. */
export interface CodeLoad {
  loaded: boolean;
  error?: unknown;
  /** Trusted Types refused Lit's policy, `lit-html`. */
  litRefused: boolean;
}

/** Loads the call's code as the visitor's first interest does (at once where it is here already). */
export async function loadCode(subject: DiagnoseSubject, log: ViolationLog): Promise<CodeLoad> {
  try {
    await subject.loadUi();
    return { loaded: true, litRefused: false };
  } catch (error) {
    const litRefused = !!(await log.find((v) => v.directive === 'trusted-types' && v.sample === 'lit-html'));
    return { loaded: false, error, litRefused };
  }
}

/** The call's module, as far as the checks try what it does (call-ui.ts). */
export interface CallModule {
  spawnCallWorker(): Worker | null;
  workletUrl(base?: string): string;
}

/** Where the calls run, and when on the main thread, why: the call's own worker started again, as it was. */
export interface WorkerTry {
  transport: 'worker' | 'main-thread' | null;
  /** The refusal that keeps the worker out: Trusted Types (no `voice-agent`), a policy without `blob:`. */
  refusal?: { by: 'trusted-types' | 'blob'; directive: string };
  /** The worker starts now: it was only slow when the call's code loaded. */
  startsNow?: boolean;
}

/** How long the worker tried again has to say hello (the call gives its first worker as long). */
export const HELLO_WAIT_MS = 4_000;

export async function tryWorker(subject: DiagnoseSubject, calls: () => CallModule | null, log: ViolationLog, wait: Sleep = sleep): Promise<WorkerTry> {
  const { transport } = subject.stats;
  const module = calls();
  if (transport !== 'main-thread' || !module) return { transport };
  const worker = module.spawnCallWorker();
  const startsNow = !!worker && (await said(worker, wait));
  worker?.terminate();
  const refused = await log.find(
    (v) =>
      v.directive === 'require-trusted-types-for' || (v.directive === 'trusted-types' && v.sample === 'voice-agent') ||
      v.directive === 'worker-src' || (v.directive.startsWith('script-src') && v.blocked === 'blob'),
    startsNow ? 0 : undefined,
  );
  if (!refused) return { transport, startsNow };
  return { transport, startsNow, refusal: { by: refused.directive.includes('trusted-types') ? 'trusted-types' : 'blob', directive: refused.directive } };
}

/** Resolves true once the worker says hello, false when it fails or keeps silent. */
function said(worker: Worker, wait: Sleep): Promise<boolean> {
  return new Promise((resolve) => {
    worker.onmessage = (event: MessageEvent<{ type?: unknown }>) => resolve(event.data?.type === 'hello');
    worker.onerror = (event) => {
      event.preventDefault();
      resolve(false);
    };
    void wait(HELLO_WAIT_MS).then(() => resolve(false));
  });
}

/** The call's chunk (session, audio engine, panel) downloads and runs here. `assets` is where it is served. */
export async function callCode(load: CodeLoad, assets: string, log: ViolationLog): Promise<DiagnoseCheck> {
  if (load.loaded) return check('call-code', true, `The call's code loads (from ${assets}).`);
  if (load.litRefused) {
    return check('call-code', false, "The page's Trusted Types refuse the policy `lit-html` the call's panel creates as it loads: no call can start.", TRUSTED_TYPES_LINE);
  }
  const refused = await log.find((v) => v.directive.startsWith('script-src') && originOf(v.blocked) === originOf(assets), 0);
  if (refused) {
    return check('call-code', false, `The page's Content-Security-Policy (${refused.directive}) refuses the call's code from ${originOf(assets)}.`, `add ${originOf(assets)} to script-src`);
  }
  return check(
    'call-code',
    false,
    `The call's code could not be downloaded from ${assets} (${String(load.error)}).`,
    `serve the files of dist/assets/ at ${assets}, beside voice-agent.js`,
  );
}

/** Trusted Types: a policy of a name of its own tells whether the page restricts their names (it harms nothing:
 *  the widget's own names are never tried here, so none is taken from the call). */
export function trustedTypes(scope: DiagnoseScope, load: CodeLoad, worker: WorkerTry): DiagnoseCheck {
  const factory = scope.trustedTypes;
  if (!factory) return check('trusted-types', null, 'This browser has no Trusted Types: nothing to check.');
  if (load.litRefused) {
    return check('trusted-types', false, "The page's Trusted Types refuse `lit-html`, the policy the call's panel needs.", TRUSTED_TYPES_LINE);
  }
  if (worker.refusal?.by === 'trusted-types') {
    return check(
      'trusted-types',
      true,
      `The page's Trusted Types (${worker.refusal.directive}) refuse \`voice-agent\`, the widget's policy for its worker: the call runs on the page's main thread (it works; a busy page may delay its audio).`,
      TRUSTED_TYPES_LINE,
    );
  }
  const name = `voice-agent-diagnose-${Math.random().toString(36).slice(2, 10)}`;
  let restricted = false;
  try {
    factory.createPolicy(name, { createScriptURL: () => '' });
  } catch {
    restricted = true;
  }
  if (!restricted) return check('trusted-types', true, 'Trusted Types let the widget create its policies (`lit-html`, `voice-agent`).');
  return load.loaded
    ? check('trusted-types', true, "The page names the Trusted Types policies it allows, the widget's among them (`lit-html`, `voice-agent`).")
    : check('trusted-types', null, "The page names the Trusted Types policies it allows; the call's code did not load, so whether the widget's are among them is not known.", TRUSTED_TYPES_LINE);
}

/** Where the calls run (`stats.transport`), and what keeps them out of a worker. */
export function worker({ transport, refusal, startsNow }: WorkerTry): DiagnoseCheck {
  if (!transport) return check('worker', null, "Not checked: the call's code did not load.");
  if (transport === 'worker') return check('worker', true, 'The call runs in a worker of its own: a busy page does not delay its audio.');
  const slower = "The call runs on the page's main thread (it works; a busy page may delay its audio)";
  if (refusal?.by === 'trusted-types') return check('worker', true, `${slower}: Trusted Types refuse the widget's policy \`voice-agent\`.`, TRUSTED_TYPES_LINE);
  if (refusal) {
    return check('worker', true, `${slower}: the page's Content-Security-Policy (${refusal.directive}) refuses a worker from a \`blob:\` module, which voice-agent.js served from another origin needs.`, 'add `blob:` to worker-src');
  }
  return startsNow
    ? check('worker', true, `${slower}: its worker did not start within ${HELLO_WAIT_MS / 1000} s when the call's code loaded (it starts now).`)
    : check('worker', true, `${slower}: its worker could not start.`, 'serve dist/assets/call-worker-*.js beside voice-agent.js');
}

/** The AudioWorklet module (capture and playback) from `url`, added to an OfflineAudioContext: nothing plays. */
export async function worklet(scope: DiagnoseScope, url: string | null, log: ViolationLog): Promise<DiagnoseCheck> {
  if (!url) return check('worklet', null, "Not checked: the call's code did not load.");
  const Offline = scope.OfflineAudioContext;
  if (!Offline || !('audioWorklet' in Offline.prototype)) {
    return check('worklet', null, 'This browser has no AudioWorklet: the widget loads its polyfill instead (slower, on the main thread).');
  }
  try {
    await new Offline(1, 128, 48_000).audioWorklet.addModule(url);
    return check('worklet', true, `The audio worklet loads (${url}).`);
  } catch (error) {
    const refused = await log.find((v) => originOf(v.blocked) === originOf(url));
    if (refused) {
      return check('worklet', false, `The page's Content-Security-Policy (${refused.directive}) refuses the audio worklet from ${originOf(url)}.`, `add ${originOf(url)} to script-src`);
    }
    return check('worklet', false, `The audio worklet could not be loaded from ${url} (${String(error)}).`, `serve the worklet module of dist/assets/ at ${url} (or point worklet-base at where it is)`);
  }
}

/** The smallest module that uses WebAssembly SIMD (an i32x4.splat, then i8x16.popcnt), as the resampler's
 *  kernel does: compiling it asks what the kernel's compile asks, without carrying the kernel here. */
export const SIMD_PROBE = new Uint8Array([0, 97, 115, 109, 1, 0, 0, 0, 1, 5, 1, 96, 0, 1, 123, 3, 2, 1, 0, 10, 10, 1, 8, 0, 65, 0, 253, 15, 253, 98, 11]);

/** WebAssembly SIMD compiled here, as the worklet compiles the resampler's kernel (the worklet obeys the page's
 *  policy). Refused or missing, the TypeScript kernel runs: a warning, not a failure. */
export async function webAssembly(scope: DiagnoseScope, log: ViolationLog, moduleBytes: Uint8Array<ArrayBuffer> = SIMD_PROBE): Promise<DiagnoseCheck> {
  const slower = 'the resampler uses its TypeScript kernel (it works, about 7× slower)';
  if (!scope.WebAssembly) return check('webassembly', true, `This browser has no WebAssembly: ${slower}.`);
  try {
    new scope.WebAssembly.Module(moduleBytes);
    return check('webassembly', true, "WebAssembly SIMD runs here: the resampler uses its fast kernel.");
  } catch {
    const refused = await log.find((v) => v.blocked === 'wasm-eval' || v.blocked === 'eval');
    return refused
      ? check('webassembly', true, `The page's Content-Security-Policy (${refused.directive}) refuses WebAssembly: ${slower}.`, "add 'wasm-unsafe-eval' to script-src")
      : check('webassembly', true, `This browser has no WebAssembly SIMD: ${slower}.`);
  }
}
