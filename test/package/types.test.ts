// The declarations as a strict TypeScript 5 consumer sees them: test/package/consumer/consumer.ts compiled
// against the packed package, with Node's resolution (`exports`) and a bundler's, checking lit's and our
// declarations too (skipLibCheck off). Its `@ts-expect-error` lines prove a misspelt property is an error.
import { execFileSync } from 'node:child_process';
import { cp, mkdir, readFile, readdir, symlink } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Packed, REPO, addConsumerFiles, packForConsumer } from './packed.ts';

// The project's own TypeScript is 7 (native); consumers mostly run 5. The manifest analyzer brings a
// TypeScript 5 of its own: that one compiles the consumer.
const requireFromAnalyzer = createRequire(join(REPO, 'node_modules/@custom-elements-manifest/analyzer/package.json'));
const TS5_TSC = requireFromAnalyzer.resolve('typescript/bin/tsc');

let packed: Packed;
beforeAll(async () => {
  packed = await packForConsumer();
  await addConsumerFiles(packed, 'consumer');
  await cp(join(REPO, 'test/package/react-consumer'), join(packed.dir, 'react-consumer'), { recursive: true });
  // A React app has React's types; the package does not depend on them.
  await mkdir(join(packed.dir, 'node_modules/@types'), { recursive: true });
  await symlink(join(REPO, 'node_modules/@types/react'), join(packed.dir, 'node_modules/@types/react'), 'dir');
}, 60_000);
afterAll(() => packed?.dispose());

function tsc(project: string): string {
  try {
    execFileSync(process.execPath, [TS5_TSC, '-p', project, '--noEmit', '--strict'], { cwd: packed.dir, encoding: 'utf8' });
    return '';
  } catch (error) {
    return String((error as { stdout?: string }).stdout ?? error);
  }
}

describe('the type declarations', () => {
  it('are compiled by a TypeScript 5', () => {
    const version = execFileSync(process.execPath, [TS5_TSC, '--version'], { encoding: 'utf8' });
    expect(version).toMatch(/^Version 5\./);
  });

  it('type a strict consumer with Node’s resolution', () => {
    expect(tsc('tsconfig.json')).toBe('');
  });

  it('type a strict consumer with a bundler’s resolution', () => {
    expect(tsc('tsconfig.bundler.json')).toBe('');
  });

  it('type <voice-agent> in a strict React 19 TSX component through `voice-agent-widget/react`', () => {
    expect(tsc('react-consumer/tsconfig.json')).toBe('');
  });

  it('type it with a bundler’s resolution too (a Vite React app’s)', () => {
    expect(tsc('react-consumer/tsconfig.bundler.json')).toBe('');
  });

  it('name no `any`, and reach other packages only through `lit` (and React’s types from the React entry)', async () => {
    const root = join(packed.packageDir, 'dist/types');
    const files = (await readdir(root, { recursive: true })).filter((name) => name.endsWith('.d.ts'));
    expect(files).toContain('src/voice-agent.d.ts');
    for (const file of files) {
      const text = await readFile(join(root, file), 'utf8');
      const code = text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/\/\/.*$/gm, '');
      expect(code, file).not.toMatch(/\bany\b/);
      for (const [, specifier] of code.matchAll(/(?:from\s*|import\s*\(\s*)['"]([^'"]+)['"]/g)) {
        if (file === 'src/react.d.ts' && specifier === 'react') continue;
        expect(specifier, file).toMatch(/^(\.\.?\/.*\.js|lit|lit\/.+\.js)$/);
      }
    }
  });
});
