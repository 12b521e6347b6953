// Where a page's calls run. In a worker wherever the page allows one, so a busy main thread neither delays the
// microphone's frames nor starves the agent's voice; else on the main thread, behind the same messages (page-worker.ts).
// - A worker must be same-origin with the page. When voice-agent.js is the page's own, the worker file beside
//   it is too: `new Worker(url)` needs nothing new from the page's CSP (`worker-src` falls back to `script-src`).
// - Served from another origin (a CDN, the service), a module of the page's own imports it: a `blob:` URL,
//   which the page's CSP must allow (`worker-src blob:`); the file is fetched like voice-agent.js itself
//   (`script-src`, CORS).
// - Under Trusted Types the URL is made by the widget's own policy, `voice-agent`, which the page's
//   `trusted-types` directive must name; where it does not, the call runs on the main thread.
// Whether a worker answers is found out once, when the call's code loads (the worker it started is kept for
// the first call); a page where it does not runs the worker's code on its own thread (page-worker.ts), loaded then.
import type { PipedAudio, PipedAudioRequest } from '../call/audio-ports.ts';
import type { SessionLike, Transport } from '../call/session-like.ts';
import type { CallHost } from './call-host.ts';
// A file of its own beside the bundle (assets/call-worker.js, self-contained: an app's bundler copies it as is).
import workerUrl from './call-worker.ts?worker&url';
import { type CallWorker, pageWorker } from './page-worker.ts';
import { WorkerSession } from './worker-session.ts';

export type { Transport };

/** What the view gives a session. */
export interface SessionParts {
  createAudio: (request: PipedAudioRequest) => PipedAudio;
  onLevels: (input: number, output: number, agentSpeaking: boolean) => void;
  /** A typed text the call took could not go out after all. */
  onUnsent: (text: string) => void;
}

/** Makes the sessions of one widget, on the transport this page allows. */
export interface SessionFactory {
  readonly transport: Transport;
  create(parts: SessionParts): SessionLike;
}

/** How long a worker may take to start before the page's calls go to the main thread. */
const HELLO_TIMEOUT_MS = 4000;

type ScriptUrl = string | { toString(): string };
interface TrustedTypesLike {
  createPolicy(name: string, rules: { createScriptURL(url: string): string }): { createScriptURL(url: string): ScriptUrl };
}

/** The widget's Trusted Types policy, created once; null where the page does not allow it. */
let policy: ReturnType<TrustedTypesLike['createPolicy']> | null | undefined;
/** The URLs the policy vouches for: the worker file, and the blob modules made here. */
const ownUrls = new Set<string>();

function trusted(url: string): ScriptUrl {
  const trustedTypes = (globalThis as { trustedTypes?: TrustedTypesLike }).trustedTypes;
  ownUrls.add(url);
  if (!trustedTypes) return url;
  if (policy === undefined) {
    try {
      policy = trustedTypes.createPolicy('voice-agent', {
        createScriptURL: (value) => {
          if (!ownUrls.has(value)) throw new TypeError(`voice-agent: ${value} is not the widget's worker`);
          return value;
        },
      });
    } catch {
      policy = null; // not named by the page's `trusted-types`: a plain URL still works where nothing is enforced
    }
  }
  return policy ? policy.createScriptURL(url) : url;
}

/** A new worker running the call's code, or null where the page does not allow one (it may still fail to load:
 *  the worker's `error` event says so). */
export function spawnCallWorker(): Worker | null {
  if (typeof Worker !== 'function' || typeof MessageChannel !== 'function') return null;
  let blob: string | null = null;
  try {
    const url = new URL(workerUrl, import.meta.url);
    let script = url.href;
    if (url.origin !== globalThis.location?.origin) {
      // A dynamic import: a module worker's static imports fall under `worker-src`, a dynamic one under
      // `script-src`, which already names where voice-agent.js comes from. The worker takes messages as soon as
      // this module has run, before the import is done: they wait here for the call's host it imports.
      const module =
        `const waiting = []; onmessage = (event) => waiting.push(event);` +
        `import(${JSON.stringify(url.href)}).then(() => waiting.forEach((event) => onmessage(event)), ` +
        `() => postMessage({ type: 'failed' }));`;
      blob = URL.createObjectURL(new Blob([module], { type: 'text/javascript' }));
      script = blob;
    }
    const worker = new Worker(trusted(script) as string, { type: 'module', name: 'voice-agent call' });
    if (blob) {
      const revoke = () => URL.revokeObjectURL(blob!);
      worker.addEventListener('message', revoke, { once: true });
      worker.addEventListener('error', revoke, { once: true });
    }
    return worker;
  } catch {
    if (blob) URL.revokeObjectURL(blob);
    return null;
  }
}

/** Resolves with the worker once it said hello, or null when it failed or said nothing in time. */
function started(worker: Worker): Promise<Worker | null> {
  return new Promise((resolve) => {
    const done = (result: Worker | null) => {
      clearTimeout(timer);
      worker.removeEventListener('message', hello);
      worker.removeEventListener('error', failed);
      if (!result) worker.terminate();
      resolve(result);
    };
    const hello = (event: MessageEvent<{ type?: unknown }>) => done(event.data?.type === 'hello' ? worker : null);
    const failed = (event: Event) => {
      event.preventDefault();
      done(null);
    };
    const timer = setTimeout(() => done(null), HELLO_TIMEOUT_MS);
    worker.addEventListener('message', hello);
    worker.addEventListener('error', failed);
  });
}

let prepared: Promise<SessionFactory> | null = null;

/**
 * The sessions of the page's widgets: in a worker where one starts here, else on the main thread. Resolves once
 * the choice is made (once for the page) and its code is here.
 */
export function prepareSessions(): Promise<SessionFactory> {
  return (prepared ??= chooseSessions());
}

async function chooseSessions(): Promise<SessionFactory> {
  const first = spawnCallWorker();
  let warm = first && (await started(first));
  let transport: Transport = 'worker';
  // The page's first call takes the worker that answered; every later call starts its own.
  let spawn = (): CallWorker | null => {
    const worker = warm ?? spawnCallWorker();
    warm = null;
    return worker;
  };
  if (!warm) {
    const Host = await pageCallHost();
    transport = 'main-thread';
    spawn = () => pageWorker(Host);
  }
  return { transport, create: (parts) => new WorkerSession({ ...parts, spawn }) };
}

/** The call's host for the page's own thread: the worker's file, imported as a module of the page (it leaves
 *  the class under a registered symbol). The dev server serves the source instead. */
async function pageCallHost(): Promise<typeof CallHost> {
  if (import.meta.env.DEV) return (await import('./call-host.ts')).CallHost;
  await import(/* @vite-ignore */ new URL(workerUrl, import.meta.url).href);
  return (globalThis as Record<symbol, unknown>)[Symbol.for('voice-agent.call-host')] as typeof CallHost;
}
