// A call the page's Content-Security-Policy refuses (page-block.ts, connection.ts): the browser fails the
// request as the network would and reports the refusal a moment later, on the global scope of the thread that
// asked. Here that scope is an EventTarget of the test's, the reports are dispatched by hand, time is faked.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Connection } from '../../src/call/connection.ts';
import { blockedError, PageBlocks, REPORT_WAIT_MS } from '../../src/call/page-block.ts';
import { CallSession, DEFAULT_TIMEOUTS } from '../../src/call/session.ts';
import { VisitStore } from '../../src/call/visit-store.ts';
import type { ErrorDetail } from '../../src/call/types.ts';
import { FakeNetwork, FakeSink, FakeSocket, FakeSource, MemoryStorage, okTicket, scriptedFetch, settle } from '../fakes.ts';
import { target } from './session-harness.ts';

afterEach(() => vi.useRealTimers());

/** The report Chromium and Firefox send for a request `connect-src` refused. */
const report = (blockedURI: string, disposition = 'enforce') =>
  Object.assign(new Event('securitypolicyviolation'), { blockedURI, disposition, effectiveDirective: 'connect-src' });

const SOURCES = '`https://service.test wss://service.test`';

describe('blockedError', () => {
  const origins = new Set(['https://service.test', 'wss://service.test']);

  it('names the refused origin, the directive and the change (both of the service\'s origins)', () => {
    const error = blockedError(report('https://service.test/api/agents/public/shop-42/call'), origins);
    expect(error?.toDetail()).toEqual({
      code: 'BLOCKED_BY_PAGE',
      retryable: false,
      message: `The page's Content-Security-Policy (connect-src) blocks https://service.test: add ${SOURCES} to connect-src.`,
    });
    // The socket's URL carries its ticket: only the origin is said.
    expect(blockedError(report('wss://service.test/call?token=secret'), origins)?.message).not.toContain('secret');
  });

  it('is null for another URL, for what is no URL, and for a report-only policy (nothing was refused)', () => {
    expect(blockedError(report('https://analytics.test/collect'), origins)).toBeNull();
    expect(blockedError(report('inline'), origins)).toBeNull();
    expect(blockedError(report('https://service.test/call', 'report'), origins)).toBeNull();
  });
});

describe('PageBlocks', () => {
  it('answers a report heard already at once, and one still on its way when it comes', async () => {
    const scope = new EventTarget();
    const blocks = new PageBlocks(scope);
    blocks.expect('https://service.test/');
    const waiting = blocks.report();
    scope.dispatchEvent(report('https://service.test/api'));
    expect((await waiting)?.code).toBe('BLOCKED_BY_PAGE');
    expect((await blocks.report())?.code).toBe('BLOCKED_BY_PAGE');
  });

  it(`answers null after ${REPORT_WAIT_MS} ms without a report (the network failed), and ignores other reports`, async () => {
    vi.useFakeTimers();
    const scope = new EventTarget();
    const blocks = new PageBlocks(scope);
    blocks.expect('https://service.test/');
    let answer: unknown = 'pending';
    void blocks.report().then((value) => (answer = value));
    scope.dispatchEvent(report('https://elsewhere.test/'));
    await vi.advanceTimersByTimeAsync(REPORT_WAIT_MS - 1);
    expect(answer).toBe('pending');
    await vi.advanceTimersByTimeAsync(1);
    expect(answer).toBeNull();
  });

  it('listens only between the first request and stop(), and not at all without a scope', async () => {
    const scope = new EventTarget();
    const add = vi.spyOn(scope, 'addEventListener');
    const remove = vi.spyOn(scope, 'removeEventListener');
    const blocks = new PageBlocks(scope);
    expect(add).not.toHaveBeenCalled();
    blocks.expect('https://service.test/');
    blocks.expect('wss://sockets.service.test/call');
    expect(add).toHaveBeenCalledTimes(1);
    blocks.stop();
    expect(remove).toHaveBeenCalledWith('securitypolicyviolation', add.mock.calls[0]![1]);
    expect(await new PageBlocks(null).report()).toBeNull();
  });
});

/** A link whose requests are answered by `fetch` and `createSocket`, under reports dispatched on `scope`. */
function link(fetch: typeof globalThis.fetch, createSocket: (url: string) => FakeSocket, scope = new EventTarget()) {
  const connection = new Connection({
    target, fetch, createSocket, violations: scope, timeouts: DEFAULT_TIMEOUTS, now: Date.now,
    visits: { get: () => undefined, put: () => {} }, stats: { framesDropped: 0, rttMs: null },
    onMessage: () => {}, onClose: () => {}, onSilent: () => {},
  });
  return { connection, scope };
}

const codeOf = (promise: Promise<unknown>) => promise.then(() => 'opened', (error: { code?: string }) => error.code);

describe('the link under a policy that refuses the service', () => {
  it('a ticket refused as the network would, then reported: BLOCKED_BY_PAGE', async () => {
    const scope = new EventTarget();
    const refused: typeof fetch = async (url) => {
      setTimeout(() => scope.dispatchEvent(report(String(url))), 2);
      throw new TypeError('Failed to fetch');
    };
    const { connection } = link(refused, (url) => new FakeSocket(url), scope);
    expect(await codeOf(connection.open())).toBe('BLOCKED_BY_PAGE');
  });

  it('a ticket the network failed (no report): CONNECTION_LOST, once the wait is over', async () => {
    vi.useFakeTimers();
    const { connection } = link(scriptedFetch('network-error'), (url) => new FakeSocket(url));
    const opening = codeOf(connection.open());
    await vi.advanceTimersByTimeAsync(REPORT_WAIT_MS);
    expect(await opening).toBe('CONNECTION_LOST');
  });

  it('a socket refused with an error and no close (Chromium), then reported: BLOCKED_BY_PAGE, no second ticket', async () => {
    const sockets: FakeSocket[] = [];
    const fetch = scriptedFetch(okTicket(1), okTicket(2));
    const { connection, scope } = link(fetch, (url) => sockets[sockets.push(new FakeSocket(url)) - 1]!);
    const opening = codeOf(connection.open());
    await vi.waitFor(() => expect(sockets).toHaveLength(1));
    sockets[0]!.readyState = 3;
    scope.dispatchEvent(report(sockets[0]!.url));
    sockets[0]!.onerror?.(new Event('error'));
    expect(await opening).toBe('BLOCKED_BY_PAGE');
    expect(fetch.calls).toHaveLength(1);
  });

  it('a socket that throws (Firefox), then reported: BLOCKED_BY_PAGE', async () => {
    const { connection, scope } = link(scriptedFetch(okTicket()), (url) => {
      setTimeout(() => scope.dispatchEvent(report(url)), 2);
      throw new DOMException('The load for this content was blocked.', 'SecurityError');
    });
    expect(await codeOf(connection.open())).toBe('BLOCKED_BY_PAGE');
  });

  it('a handshake the service refuses (error, then close): the fresh ticket as before, nothing blamed on the page', async () => {
    const sockets: FakeSocket[] = [];
    const fetch = scriptedFetch(okTicket(1), okTicket(2));
    const { connection } = link(fetch, (url) => sockets[sockets.push(new FakeSocket(url)) - 1]!);
    const opening = codeOf(connection.open());
    await vi.waitFor(() => expect(sockets).toHaveLength(1));
    sockets[0]!.onerror?.(new Event('error'));
    sockets[0]!.serverClose(1006);
    await vi.waitFor(() => expect(sockets).toHaveLength(2));
    sockets[1]!.open();
    expect(await opening).toBe('opened');
    expect(fetch.calls).toHaveLength(2);
    connection.close(false);
  });
});

it('a session whose ticket the page refuses ends in BLOCKED_BY_PAGE, not CONNECTION_LOST', async () => {
  const scope = new EventTarget();
  const errors: ErrorDetail[] = [];
  const session = new CallSession({
    createAudio: () => ({ source: new FakeSource(), sink: new FakeSink() }),
    visits: new VisitStore(new MemoryStorage()),
    network: new FakeNetwork(),
    violations: scope,
    fetch: async (url) => {
      setTimeout(() => scope.dispatchEvent(report(String(url))), 1);
      throw new TypeError('Failed to fetch');
    },
  });
  session.on('error', (detail) => errors.push(detail));
  await session.start(target);
  await settle();
  expect(session.state).toBe('error');
  expect(errors.map((error) => error.code)).toEqual(['BLOCKED_BY_PAGE']);
});
