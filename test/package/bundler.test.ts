// An app built by a bundler (Vite) from the packed package: it shares the app's Lit (one copy in the bundle)
// and the bundler copies the worklet module that `new URL('./assets/…', import.meta.url)` names.
import { readFile, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { build } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Packed, addConsumerFiles, packForConsumer } from './packed.ts';

let packed: Packed;
let js: string;
let assets: string[];

beforeAll(async () => {
  packed = await packForConsumer();
  await addConsumerFiles(packed, 'bundler-app');
  await build({
    root: packed.dir, configFile: false, mode: 'production', logLevel: 'silent', build: { outDir: 'out', minify: false },
  });
  assets = await readdir(join(packed.dir, 'out/assets'));
  const scripts = assets.filter((name) => name.endsWith('.js'));
  js = (await Promise.all(scripts.map((name) => readFile(join(packed.dir, 'out/assets', name), 'utf8')))).join('\n');
}, 120_000);
afterAll(() => packed?.dispose());

describe('an app bundling the package', () => {
  it('ships one copy of Lit, shared by the app and the widget', () => {
    // Each copy of Lit's parts registers its version once when it is evaluated.
    expect(js.match(/litHtmlVersions\s*\?\?=\s*\[\]\)\.push\(/g)).toHaveLength(1);
    expect(js.match(/reactiveElementVersions\s*\?\?=\s*\[\]\)\.push\(/g)).toHaveLength(1);
    expect(js).toContain('voice-agent');
  });

  it('emits the worklet module and loads it from the app’s own assets', () => {
    const worklets = assets.filter((name) => /^audio\.worklet.*\.js$/.test(name));
    expect(worklets).toHaveLength(1);
    expect(js).toContain(worklets[0]);
  });
});
