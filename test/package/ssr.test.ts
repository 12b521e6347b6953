// Server-side rendering (Next.js, Nuxt, Astro, Lit SSR) imports the package in plain Node: that must throw
// nothing and do nothing harmful — no DOM globals invented, no timers or sockets left (Node exits at once).
import { spawnSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Packed, packForConsumer } from './packed.ts';

let packed: Packed;
beforeAll(async () => {
  packed = await packForConsumer();
}, 60_000);
afterAll(() => packed?.dispose());

/** Runs an ES module in a fresh `node` from the consumer's folder and returns what it printed as JSON. */
function runNode(source: string): { status: number | null; stderr: string; result: Record<string, unknown> } {
  const run = spawnSync(process.execPath, ['--input-type=module', '-e', source], {
    cwd: packed.dir,
    encoding: 'utf8',
    timeout: 15_000,
  });
  const lastLine = run.stdout.trim().split('\n').pop() ?? '';
  return { status: run.status, stderr: run.stderr, result: lastLine ? (JSON.parse(lastLine) as Record<string, unknown>) : {} };
}

const IMPORT_EVERY_ENTRY = `
  const before = new Set(Object.getOwnPropertyNames(globalThis));
  const main = await import('voice-agent-widget');
  const scriptTagEntry = await import('voice-agent-widget/voice-agent.js');
  const reactEntry = await import('voice-agent-widget/react');
  const added = Object.getOwnPropertyNames(globalThis).filter((name) => !before.has(name)).sort();
  console.log(JSON.stringify({
    exports: Object.keys(main).sort(),
    sameClass: main.VoiceAgentElement === scriptTagEntry.VoiceAgentElement,
    reactSameClass: main.VoiceAgentElement === reactEntry.VoiceAgentElement,
    defined: globalThis.customElements?.get('voice-agent') === main.VoiceAgentElement,
    added,
    dom: [typeof document, typeof window, typeof HTMLElement, typeof localStorage, typeof globalThis.navigator?.mediaDevices],
    isClass: typeof main.VoiceAgentElement === 'function',
  }));
`;

describe('the package in plain Node', () => {
  it('imports every entry without throwing, defines nothing, and exits', () => {
    const { status, stderr, result } = runNode(IMPORT_EVERY_ENTRY);
    expect(stderr).toBe('');
    expect(status).toBe(0);
    expect(result.exports).toEqual(['VoiceAgentElement']);
    // Node resolves `voice-agent.js` to the same module as the main entry (the script-tag file is for browsers).
    expect(result.sameClass).toBe(true);
    expect(result.reactSameClass).toBe(true);
    // Where there is no element registry nothing is defined, and no DOM stand-in of ours is invented: a
    // server renders the <voice-agent> tag as it is, and the browser upgrades it (the launcher needs no Lit,
    // so no Lit server build is involved either).
    expect(result.defined).toBe(false);
    expect(result.isClass).toBe(true);
    expect(result.dom).toEqual(['undefined', 'undefined', 'undefined', 'undefined', 'undefined']);
    expect(result.added).toEqual([]);
  });

  it('resolves the main entry under Node’s import, require and default conditions', () => {
    const { status, stderr, result } = runNode(`
      import { createRequire } from 'node:module';
      const require = createRequire(process.cwd() + '/');
      console.log(JSON.stringify({
        imported: import.meta.resolve('voice-agent-widget'),
        required: require.resolve('voice-agent-widget'),
        manifest: require.resolve('voice-agent-widget/custom-elements.json'),
      }));
    `);
    expect(stderr).toBe('');
    expect(status).toBe(0);
    expect(result.imported).toMatch(/\/node_modules\/voice-agent-widget\/dist\/index\.js$/);
    expect(result.required).toMatch(/\/node_modules\/voice-agent-widget\/dist\/index\.js$/);
    expect(result.manifest).toMatch(/\/node_modules\/voice-agent-widget\/dist\/custom-elements\.json$/);
  });
});
