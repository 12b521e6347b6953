// diagnose()'s checks in Node (src/ui/internal/diagnose/): each probe given a page of the test's making (its
// fetch, WebSocket, policies and the reports its Content-Security-Policy sends), every outcome and its fix.
// The same probes in Chromium against real policies: test/browser/diagnose.test.ts, test/e2e/diagnose.spec.ts.
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DiagnoseCheck } from '../../src/call/types.ts';
import { callCode, type CodeLoad, SIMD_PROBE, trustedTypes, tryWorker, webAssembly, worker, worklet } from '../../src/ui/internal/diagnose/code-checks.ts';
import { audioContext, microphone, secureContext } from '../../src/ui/internal/diagnose/page-checks.ts';
import { check, printReport, reportOf } from '../../src/ui/internal/diagnose/report.ts';
import { INVALID_TICKET, serviceChecks, SOCKET_WAIT_MS } from '../../src/ui/internal/diagnose/service-checks.ts';
import type { DiagnoseScope, DiagnoseSubject } from '../../src/ui/internal/diagnose/subject.ts';
import { REPORT_WAIT_MS, ViolationLog } from '../../src/ui/internal/diagnose/violations.ts';

afterEach(() => vi.useRealTimers());

/** A report of the page's policy, as the browser dispatches it on the global scope. */
const violation = (directive: string, blocked: string, extra: { sample?: string; disposition?: string } = {}) =>
  Object.assign(new Event('securitypolicyviolation'), { effectiveDirective: directive, blockedURI: blocked, disposition: 'enforce', sample: '', ...extra });

/** A page: an EventTarget with what the probes read, each piece replaceable. */
function page(parts: Partial<Record<keyof DiagnoseScope, unknown>> = {}): DiagnoseScope {
  const scope = new EventTarget() as EventTarget & Record<string, unknown>;
  const self = {};
  Object.assign(scope, {
    isSecureContext: true,
    origin: 'https://shop.example',
    location: { origin: 'https://shop.example', protocol: 'https:' },
    self,
    top: self,
    document: { permissionsPolicy: { allowsFeature: () => true } },
    navigator: {},
    ...parts,
  });
  return scope as unknown as DiagnoseScope;
}

/** No wait at all: the tests say when reports come. */
const noWait = () => Promise.resolve();
/** Waits of a fiftieth of what is asked: a socket that answers at once answers within them. */
const shortWait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms / 50));

describe('the page', () => {
  it('secure context: passes on https, fails on http with the https address to serve it from', () => {
    expect(secureContext(page())).toMatchObject({ id: 'secure-context', ok: true, fix: '' });
    const insecure = secureContext(page({ isSecureContext: false, location: { origin: 'http://shop.example', protocol: 'http:' } }));
    expect(insecure).toMatchObject({ ok: false, fix: 'serve this page over https (https://shop.example)' });
  });

  it('microphone: the Permissions Policy says yes, no in a frame (the iframe fix), no at the top (the header fix), or nothing', () => {
    const framed = { self: {}, top: {} };
    expect(microphone(page())).toMatchObject({ ok: true });
    const no = { document: { permissionsPolicy: { allowsFeature: (f: string) => f !== 'microphone' } } };
    expect(microphone(page({ ...no, ...framed }))).toMatchObject({ ok: false, fix: 'add allow="microphone; autoplay" to the <iframe> that holds this page' });
    expect(microphone(page(no)).fix).toContain('Permissions-Policy');
    expect(microphone(page({ document: {} }))).toMatchObject({ ok: null, fix: '' });
    // The older name Chrome used.
    expect(microphone(page({ document: { featurePolicy: no.document.permissionsPolicy } })).ok).toBe(false);
  });

  it('AudioContext: starts at once, or on the press; refused; none; and the autoplay fix in a frame that forbids it', async () => {
    const Context = (state: string) =>
      class {
        state = state;
        close = vi.fn(async () => undefined);
      };
    expect(await audioContext(page({ AudioContext: Context('running') }))).toMatchObject({ ok: true, fix: '', message: expect.stringContaining('at once') });
    expect((await audioContext(page({ AudioContext: Context('suspended') }))).message).toContain("on the visitor's press");
    expect((await audioContext(page({ navigator: { getAutoplayPolicy: () => 'disallowed' }, AudioContext: Context('running') }))).message).toContain('press');
    expect(await audioContext(page())).toMatchObject({ ok: false });
    const Refused = class {
      constructor() {
        throw new DOMException('too many', 'NotSupportedError');
      }
    };
    expect(await audioContext(page({ AudioContext: Refused }))).toMatchObject({ ok: false, message: expect.stringContaining('too many') });
    const noAutoplay = { document: { permissionsPolicy: { allowsFeature: (f: string) => f !== 'autoplay' } }, self: {}, top: {} };
    expect(await audioContext(page({ ...noAutoplay, AudioContext: Context('suspended') }))).toMatchObject({
      ok: true, fix: 'add allow="microphone; autoplay" to the <iframe> that holds this page',
    });
  });
});

describe('the violation log', () => {
  it('keeps enforced reports only, finds one already heard at once and waits for one on its way', async () => {
    const scope = new EventTarget();
    const log = new ViolationLog(scope);
    scope.dispatchEvent(violation('connect-src', 'https://a.test/', { disposition: 'report' }));
    expect(log.violations).toEqual([]);
    scope.dispatchEvent(violation('worker-src', 'blob'));
    expect(await log.find((v) => v.blocked === 'blob', 0)).toEqual({ directive: 'worker-src', blocked: 'blob', sample: '' });
    const coming = log.find((v) => v.directive === 'trusted-types', 10_000);
    scope.dispatchEvent(violation('trusted-types', 'trusted-types-policy', { sample: 'lit-html' }));
    expect(await coming).toMatchObject({ sample: 'lit-html' });
    log.stop();
    scope.dispatchEvent(violation('connect-src', 'https://b.test/'));
    expect(log.violations).toHaveLength(2);
  });

  it(`gives up after ${REPORT_WAIT_MS} ms by default`, async () => {
    vi.useFakeTimers();
    const log = new ViolationLog(new EventTarget());
    let found: unknown = 'pending';
    void log.find(() => true).then((value) => (found = value));
    await vi.advanceTimersByTimeAsync(REPORT_WAIT_MS);
    expect(found).toBeUndefined();
  });
});

describe("the widget's code", () => {
  const subject = (transport: 'worker' | 'main-thread' | null, load = async () => undefined): DiagnoseSubject => ({
    workletBase: '', stats: { transport } as DiagnoseSubject['stats'], loadUi: load,
  });
  const loaded: CodeLoad = { loaded: true, litRefused: false };

  it("call-code: loads; Lit's policy refused (the trusted-types fix); the chunk refused by script-src; not found", async () => {
    const scope = new EventTarget();
    const log = new ViolationLog(scope, noWait);
    const assets = 'https://cdn.example/widget/assets/';
    expect(await callCode(loaded, assets, log)).toMatchObject({ ok: true });
    expect(await callCode({ loaded: false, litRefused: true }, assets, log)).toMatchObject({ ok: false, fix: 'add `lit-html voice-agent` to trusted-types' });
    expect(await callCode({ loaded: false, litRefused: false, error: new TypeError('404') }, assets, log)).toMatchObject({
      ok: false, fix: `serve the files of dist/assets/ at ${assets}, beside voice-agent.js`,
    });
    scope.dispatchEvent(violation('script-src-elem', `${assets}call-ui-abc.js`));
    expect(await callCode({ loaded: false, litRefused: false }, assets, log)).toMatchObject({ ok: false, fix: 'add https://cdn.example to script-src' });
  });

  it("the worker: runs in one; kept out by Trusted Types or by a policy without blob:; slow; failed (each tried again as the call does)", async () => {
    const scope = new EventTarget();
    const log = new ViolationLog(scope, noWait);
    const calls = (spawn: () => Worker | null) => () => ({ spawnCallWorker: spawn, workletUrl: () => '' });
    expect(worker(await tryWorker(subject('worker'), calls(() => null), log, noWait))).toMatchObject({ ok: true, fix: '' });
    expect(worker(await tryWorker(subject(null), () => null, log, noWait))).toMatchObject({ ok: null });

    // Refused now as it was then: the report names why.
    const refusedBy = (directive: string, blocked: string, sample = '') => () => {
      scope.dispatchEvent(violation(directive, blocked, { sample }));
      return null;
    };
    const byTrustedTypes = await tryWorker(subject('main-thread'), calls(refusedBy('require-trusted-types-for', 'trusted-types-sink')), log, noWait);
    expect(worker(byTrustedTypes)).toMatchObject({ ok: true, fix: 'add `lit-html voice-agent` to trusted-types' });
    const freshScope = new EventTarget();
    const freshLog = new ViolationLog(freshScope, noWait);
    const byBlob = await tryWorker(subject('main-thread'), calls(() => {
      freshScope.dispatchEvent(violation('worker-src', 'blob'));
      return null;
    }), freshLog, noWait);
    expect(worker(byBlob)).toMatchObject({ ok: true, fix: 'add `blob:` to worker-src', message: expect.stringContaining('(worker-src)') });

    // A worker that says hello now was only slow then; one that fails, failed.
    const fake = (answer: 'hello' | 'error') => () => {
      const w = { onmessage: null as ((e: MessageEvent) => void) | null, onerror: null as ((e: Event) => void) | null, terminate: vi.fn() };
      setTimeout(() => (answer === 'hello' ? w.onmessage?.({ data: { type: 'hello' } } as MessageEvent) : w.onerror?.(new Event('error'))));
      return w as unknown as Worker;
    };
    const quiet = new ViolationLog(new EventTarget(), noWait);
    const slow = await tryWorker(subject('main-thread'), calls(fake('hello')), quiet, (ms) => new Promise((r) => setTimeout(r, ms / 1000)));
    expect(slow.startsNow).toBe(true);
    expect(worker(slow)).toMatchObject({ ok: true, fix: '' });
    const failed = await tryWorker(subject('main-thread'), calls(fake('error')), quiet, (ms) => new Promise((r) => setTimeout(r, ms / 1000)));
    expect(worker(failed)).toMatchObject({ ok: true, fix: 'serve dist/assets/call-worker-*.js beside voice-agent.js' });
  });

  it('Trusted Types: none here; Lit refused (fails); names free; names listed with the widget\'s; voice-agent refused', () => {
    const factory = (allowed: (name: string) => boolean) => ({
      createPolicy: (name: string) => {
        if (!allowed(name)) throw new TypeError(`Policy "${name}" disallowed.`);
        return {};
      },
    });
    const inWorker = { transport: 'worker' as const };
    expect(trustedTypes(page(), loaded, inWorker)).toMatchObject({ ok: null });
    expect(trustedTypes(page({ trustedTypes: factory(() => true) }), { loaded: false, litRefused: true }, { transport: null })).toMatchObject({
      ok: false, fix: 'add `lit-html voice-agent` to trusted-types',
    });
    expect(trustedTypes(page({ trustedTypes: factory(() => true) }), loaded, inWorker)).toMatchObject({ ok: true, fix: '' });
    const listed = factory((name) => name === 'lit-html' || name === 'voice-agent');
    expect(trustedTypes(page({ trustedTypes: listed }), loaded, inWorker)).toMatchObject({ ok: true, fix: '' });
    const refused = { transport: 'main-thread' as const, refusal: { by: 'trusted-types' as const, directive: 'require-trusted-types-for' } };
    expect(trustedTypes(page({ trustedTypes: listed }), loaded, refused)).toMatchObject({ ok: true, fix: 'add `lit-html voice-agent` to trusted-types' });
  });

  it('the worklet: loads; refused by script-src (its origin); missing (worklet-base); no AudioWorklet', async () => {
    const scope = new EventTarget();
    const log = new ViolationLog(scope, noWait);
    const url = 'https://cdn.example/assets/audio.worklet.js';
    const Offline = (addModule: () => Promise<void>) => {
      const C = class {
        audioWorklet = { addModule };
      };
      Object.defineProperty(C.prototype, 'audioWorklet', { value: { addModule }, configurable: true });
      return C;
    };
    expect(await worklet(page({ OfflineAudioContext: Offline(async () => undefined) }), url, log)).toMatchObject({ ok: true });
    expect(await worklet(page(), null, log)).toMatchObject({ ok: null });
    expect(await worklet(page(), url, log)).toMatchObject({ ok: null, message: expect.stringContaining('polyfill') });
    const failing = Offline(async () => {
      throw new DOMException('AbortError');
    });
    expect(await worklet(page({ OfflineAudioContext: failing }), url, log)).toMatchObject({ ok: false, fix: expect.stringContaining('worklet-base') });
    scope.dispatchEvent(violation('script-src', url));
    expect(await worklet(page({ OfflineAudioContext: failing }), url, log)).toMatchObject({ ok: false, fix: 'add https://cdn.example to script-src' });
  });

  it('the SIMD probe is a valid WebAssembly SIMD module (Node compiles it)', () => {
    expect(WebAssembly.validate(SIMD_PROBE)).toBe(true);
    // Without SIMD its code section would not validate: it does use a SIMD instruction.
    expect([...SIMD_PROBE]).toContain(253);
  });

  it("WebAssembly: the fast kernel; refused without 'wasm-unsafe-eval' (a warning with the fix); no SIMD (a warning)", async () => {
    const scope = new EventTarget();
    const log = new ViolationLog(scope, noWait);
    const bytes = new Uint8Array(8);
    const Module = (ok: boolean) => ({ Module: class { constructor() { if (!ok) throw new Error('CompileError'); } } });
    expect(await webAssembly(page({ WebAssembly: Module(true) }), log, bytes)).toMatchObject({ ok: true, fix: '' });
    expect(await webAssembly(page({ WebAssembly: Module(false) }), log, bytes)).toMatchObject({ ok: true, fix: '', message: expect.stringContaining('SIMD') });
    scope.dispatchEvent(violation('script-src', 'wasm-eval'));
    expect(await webAssembly(page({ WebAssembly: Module(false) }), log, bytes)).toMatchObject({ ok: true, fix: "add 'wasm-unsafe-eval' to script-src" });
  });
});

describe('the service', () => {
  const target = { serverUrl: 'https://voice.example', publicId: 'shop-42' };

  /** A WebSocket constructor whose sockets do `behave` once created. */
  function sockets(behave: (socket: { onopen?: () => void; onclose?: () => void; onerror?: () => void }) => void) {
    const made: string[] = [];
    const Socket = class {
      readyState = 0;
      onopen: (() => void) | null = null;
      onclose: (() => void) | null = null;
      onerror: (() => void) | null = null;
      close = vi.fn(() => (this.readyState = 3));
      constructor(url: string) {
        made.push(url);
        setTimeout(() => behave(this as never));
      }
    };
    return { Socket, made };
  }
  const refusedHandshake = sockets((socket) => {
    socket.onerror?.();
    socket.onclose?.();
  });
  const answer = (status: number, body: unknown = {}, headers: Record<string, string> = {}) => async () =>
    new Response(JSON.stringify(body), { status, headers });
  const byId = (checks: DiagnoseCheck[]) => Object.fromEntries(checks.map((c) => [c.id, c]));

  it('a healthy service: one ticket asked for as the widget asks, the socket tried with a ticket that cannot be valid', async () => {
    const fetch = vi.fn(answer(200, { token: 'real-ticket', wsUrl: 'wss://rt.voice.example/call' }));
    const { Socket, made } = sockets((socket) => {
      socket.onerror?.();
      socket.onclose?.();
    });
    const checks = byId(await serviceChecks(page({ fetch, WebSocket: Socket }), target, new ViolationLog(new EventTarget(), noWait), shortWait));
    expect(fetch).toHaveBeenCalledWith('https://voice.example/api/agents/public/shop-42/call', { method: 'POST', credentials: 'omit' });
    expect(checks.service).toMatchObject({ ok: true });
    expect(checks.website).toMatchObject({ ok: true, message: expect.stringContaining('https://shop.example') });
    expect(checks.socket).toMatchObject({ ok: true, message: expect.stringContaining('wss://rt.voice.example') });
    // The ticket the service gave is never used.
    expect(made).toEqual([`wss://rt.voice.example/call?token=${INVALID_TICKET}`]);
  });

  it('a connect-src without the service: the ticket and the socket fail, the fixes name their origins', async () => {
    const scope = new EventTarget();
    const fetch = async (url: string) => {
      setTimeout(() => scope.dispatchEvent(violation('connect-src', url)));
      throw new TypeError('Failed to fetch');
    };
    const { Socket } = sockets(() => undefined);
    const Refused = class extends Socket {
      constructor(url: string) {
        super(url);
        scope.dispatchEvent(violation('connect-src', url));
        setTimeout(() => this.onerror?.()); // Chromium: an error, no close
      }
    };
    const checks = byId(await serviceChecks(page({ fetch, WebSocket: Refused }), target, new ViolationLog(scope), noWait));
    expect(checks.service).toMatchObject({ ok: false, fix: 'add `https://voice.example wss://voice.example` to connect-src' });
    expect(checks.website).toMatchObject({ ok: null });
    expect(checks.socket).toMatchObject({ ok: false, fix: 'add `wss://voice.example` to connect-src' });
  });

  it("the agent's answer: 403 ORIGIN (this website's fix), 404, 429 (not checked), 503; no public-id", async () => {
    const run = async (fetch: () => Promise<Response>, publicId = 'shop-42') =>
      byId(await serviceChecks(page({ fetch, WebSocket: refusedHandshake.Socket }), { ...target, publicId }, new ViolationLog(new EventTarget(), noWait), noWait));
    const refused = await run(answer(403, { error: 'ORIGIN' }));
    expect(refused.website).toMatchObject({ ok: false, fix: "add https://shop.example to the agent's allowed websites" });
    // No ticket, no socket address of the service's: the service's own origin, its policy checked only.
    expect(refused.socket).toMatchObject({ ok: true, message: expect.stringContaining('without a ticket') });
    expect((await run(answer(404))).website).toMatchObject({ ok: false, message: expect.stringContaining('shop-42') });
    expect((await run(answer(429, {}, { 'Retry-After': '120' }))).website).toMatchObject({ ok: null, message: expect.stringContaining('120 s') });
    expect((await run(answer(503))).website).toMatchObject({ ok: null });
    const none = await run(answer(200), '');
    expect(none.website).toMatchObject({ ok: false, fix: "set public-id to the agent's public id" });
    expect(none.service).toMatchObject({ ok: null });
  });

  it('a service that cannot be reached (no report: not the page\'s policy), and a server-url that is no URL', async () => {
    const down = async () => {
      throw new TypeError('Failed to fetch');
    };
    const checks = byId(await serviceChecks(page({ fetch: down, WebSocket: refusedHandshake.Socket }), target, new ViolationLog(new EventTarget(), noWait), noWait));
    expect(checks.service).toMatchObject({ ok: false, fix: 'point server-url at the service (now https://voice.example)' });
    const bad = await serviceChecks(page(), { serverUrl: 'voice', publicId: 'x' }, new ViolationLog(new EventTarget(), noWait), noWait);
    expect(bad.map((c) => c.ok)).toEqual([false, null, null]);
  });

  it(`a socket that never answers: not checked after ${SOCKET_WAIT_MS / 1000} s, and closed`, async () => {
    vi.useFakeTimers();
    const silent = sockets(() => undefined);
    const pending = serviceChecks(page({ fetch: answer(200, { token: 't', wsUrl: '/call' }), WebSocket: silent.Socket }), target, new ViolationLog(new EventTarget()));
    await vi.advanceTimersByTimeAsync(SOCKET_WAIT_MS + REPORT_WAIT_MS);
    expect(byId(await pending).socket).toMatchObject({ ok: null });
    // A relative wsUrl is the service's own, on wss:.
    expect(silent.made).toEqual([`wss://voice.example/call?token=${INVALID_TICKET}`]);
  });
});

describe('the report', () => {
  it('is not ok when any check failed; null (not applicable) and warnings do not fail it', () => {
    expect(reportOf([check('worker', true, 'm', 'fix'), check('trusted-types', null, 'm')]).ok).toBe(true);
    expect(reportOf([check('worker', true, 'm'), check('service', false, 'm', 'fix')]).ok).toBe(false);
  });

  it('prints one console group: the count of failures, a line per check with its mark and fix', () => {
    const lines: [string, string][] = [];
    const out = {
      group: (text: string) => lines.push(['group', text]),
      groupEnd: () => lines.push(['groupEnd', '']),
      log: (text: string) => lines.push(['log', text]),
      info: (text: string) => lines.push(['info', text]),
      warn: (text: string) => lines.push(['warn', text]),
      error: (text: string) => lines.push(['error', text]),
    };
    printReport(reportOf([
      check('secure-context', true, 'Secure.'),
      check('worker', true, 'Main thread.', 'add `blob:` to worker-src'),
      check('service', false, 'Refused.', 'add `https://voice.example wss://voice.example` to connect-src'),
      check('website', null, 'Not checked.'),
    ]), out as never);
    expect(lines).toEqual([
      ['group', '<voice-agent> diagnose(): 1 check failed'],
      ['log', '✓ secure-context: Secure.'],
      ['warn', '! worker: Main thread.\n   fix: add `blob:` to worker-src'],
      ['error', '✗ service: Refused.\n   fix: add `https://voice.example wss://voice.example` to connect-src'],
      ['info', '– website: Not checked.'],
      ['groupEnd', ''],
    ]);
  });
});
