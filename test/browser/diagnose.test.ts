// diagnose()'s probes in Chromium, each run inside a frame with a policy of its own (a `<meta>`
// Content-Security-Policy, an `allow` attribute) so that the browser itself refuses and reports, against the
// simulator this test server mounts (demo/server/vite-plugin.ts: the service at this page's origin). The whole
// element on real pages, the built bundle, cross-origin frames and the visitor's side: test/e2e/diagnose.spec.ts.
import { afterEach, describe, expect, it } from 'vitest';
import type { DiagnoseCheck } from '../../src/call/types.ts';
import { callCode, loadCode, trustedTypes } from '../../src/ui/internal/diagnose/code-checks.ts';
import { microphone, secureContext } from '../../src/ui/internal/diagnose/page-checks.ts';
import { serviceChecks } from '../../src/ui/internal/diagnose/service-checks.ts';
import type { DiagnoseScope, DiagnoseSubject } from '../../src/ui/internal/diagnose/subject.ts';
import { ViolationLog } from '../../src/ui/internal/diagnose/violations.ts';

const frames: HTMLIFrameElement[] = [];
afterEach(() => frames.splice(0).forEach((frame) => frame.remove()));

/** A frame of this origin under `csp` (its meta policy) and `allow`; its window is the scope probes run in. */
async function frame({ csp = '', allow }: { csp?: string; allow?: string } = {}): Promise<DiagnoseScope> {
  const element = document.createElement('iframe');
  if (allow !== undefined) element.allow = allow;
  element.srcdoc = `<!doctype html>${csp ? `<meta http-equiv="Content-Security-Policy" content="${csp}">` : ''}<p>A shop</p>`;
  const loaded = new Promise((resolve) => element.addEventListener('load', resolve, { once: true }));
  document.body.append(element);
  frames.push(element);
  await loaded;
  return element.contentWindow as unknown as DiagnoseScope;
}

const service = () => ({ serverUrl: location.origin, publicId: 'demo' });
const byId = (checks: DiagnoseCheck[]) => Object.fromEntries(checks.map((c) => [c.id, c]));
const sources = () => `\`${location.origin} ${location.origin.replace('http:', 'ws:')}\``;

describe('the service through the page', () => {
  it('a page that lets the widget reach it: the ticket answers, the agent takes the website, the socket is refused its made-up ticket', async () => {
    const scope = await frame({ csp: `connect-src 'self'` });
    const checks = byId(await serviceChecks(scope, service(), new ViolationLog(scope)));
    expect(checks.service).toMatchObject({ ok: true, fix: '' });
    expect(checks.website).toMatchObject({ ok: true, fix: '' });
    expect(checks.socket).toMatchObject({ ok: true, fix: '' });
  });

  it("a connect-src without the service: the browser refuses both, and the fixes name the service's origins", async () => {
    const scope = await frame({ csp: "connect-src 'none'" });
    const checks = byId(await serviceChecks(scope, service(), new ViolationLog(scope)));
    expect(checks.service).toMatchObject({ ok: false, fix: `add ${sources()} to connect-src` });
    expect(checks.service!.message).toContain('(connect-src)');
    expect(checks.website!.ok).toBeNull();
    expect(checks.socket).toMatchObject({ ok: false, fix: `add \`${location.origin.replace('http:', 'ws:')}\` to connect-src` });
  });

  it("an agent that does not take this website: 403 ORIGIN, and the fix names this page's origin", async () => {
    const scope = await frame();
    const checks = byId(await serviceChecks(scope, { ...service(), publicId: 'allow-list' }, new ViolationLog(scope)));
    expect(checks.service!.ok).toBe(true);
    expect(checks.website).toMatchObject({ ok: false, fix: `add ${location.origin} to the agent's allowed websites` });
  });
});

describe('Trusted Types', () => {
  /** The call's code as far as Trusted Types see it: Lit creates its policy as it loads. */
  const lit = (scope: DiagnoseScope): DiagnoseSubject => ({
    workletBase: '',
    stats: { transport: 'worker' } as DiagnoseSubject['stats'],
    loadUi: async () => scope.trustedTypes!.createPolicy('lit-html', { createScriptURL: (url) => url }),
  });

  it("trusted-types 'none': Lit's policy refused as it loads, the call's code and Trusted Types fail with the fix", async () => {
    const scope = await frame({ csp: "require-trusted-types-for 'script'; trusted-types 'none'" });
    const log = new ViolationLog(scope);
    const load = await loadCode(lit(scope), log);
    expect(load).toMatchObject({ loaded: false, litRefused: true });
    const fix = 'add `lit-html voice-agent` to trusted-types';
    expect(await callCode(load, `${location.origin}/assets/`, log)).toMatchObject({ ok: false, fix });
    expect(trustedTypes(scope, load, { transport: null })).toMatchObject({ ok: false, fix });
  });

  it("the documented line (lit-html voice-agent): Lit loads, the page's names are seen as restricted, and it passes", async () => {
    const scope = await frame({ csp: "require-trusted-types-for 'script'; trusted-types lit-html voice-agent" });
    const log = new ViolationLog(scope);
    const load = await loadCode(lit(scope), log);
    expect(load).toMatchObject({ loaded: true, litRefused: false });
    expect(trustedTypes(scope, load, { transport: 'worker' })).toMatchObject({ ok: true, fix: '', message: expect.stringContaining('names') });
  });
});

describe('the page', () => {
  it('a frame that does not allow the microphone: fails with the iframe fix; one that does: passes', async () => {
    expect(microphone(await frame({ allow: "microphone 'none'" }))).toMatchObject({
      ok: false, fix: 'add allow="microphone; autoplay" to the <iframe> that holds this page',
    });
    expect(microphone(await frame({ allow: 'microphone' }))).toMatchObject({ ok: true });
  });

  it('this test page is a secure context (localhost)', () => {
    expect(secureContext(window as unknown as DiagnoseScope).ok).toBe(true);
  });
});
