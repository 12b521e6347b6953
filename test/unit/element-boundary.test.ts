// The public element's own import graph stays small: everything a call needs is reached only through
// src/ui/internal/call-ui.ts (the boundary a lazy loader will turn into `await import()`).
import { readFileSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../..');
const ELEMENT = resolve(ROOT, 'src/ui/voice-agent-element.ts');
const BOUNDARY = resolve(ROOT, 'src/ui/internal/call-ui.ts');

/** Relative modules a file imports for their values (`import type` and type-only specifiers are skipped). */
function valueImports(file: string): string[] {
  const source = readFileSync(file, 'utf8');
  const found: string[] = [];
  for (const match of source.matchAll(/^import\s+(?!type\s)([^;]*?)\s+from\s+'(\.[^'?]+)[^']*';/gms)) {
    const clause = match[1]!.trim();
    const onlyTypes =
      clause.startsWith('{') && clause.slice(1, -1).split(',').every((name) => !name.trim() || /^type\s/.test(name.trim()));
    if (!onlyTypes) found.push(resolve(dirname(file), match[2]!));
  }
  for (const match of source.matchAll(/^import\s+'(\.[^'?]+)[^']*';/gm)) found.push(resolve(dirname(file), match[1]!));
  return found;
}

/** Every module the element loads eagerly, stopping at the boundary. */
function eagerGraph(): Set<string> {
  const seen = new Set<string>();
  const queue = [ELEMENT];
  while (queue.length) {
    const file = queue.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    if (file === BOUNDARY) continue;
    queue.push(...valueImports(file));
  }
  return seen;
}

describe('the element over internal/', () => {
  it('reaches the call session, the audio engine, the panel and the full catalogues only through call-ui.ts', () => {
    const eager = [...eagerGraph()].map((file) => relative(ROOT, file)).sort();
    expect(eager).toContain('src/ui/internal/call-ui.ts');
    const heavy = eager.filter(
      (file) =>
        file.startsWith('src/audio/') ||
        file === 'src/call/session.ts' ||
        file === 'src/call/connection.ts' ||
        file.startsWith('src/ui/internal/panel/') ||
        /^src\/ui\/i18n\/(ar|fr|en|index|format)\.ts$/.test(file),
    );
    expect(heavy).toEqual([]);
  });

  it('finds the heavy modules behind the boundary (the check above can fail)', () => {
    const behind = new Set<string>();
    const queue = [BOUNDARY];
    while (queue.length) {
      const file = queue.pop()!;
      if (behind.has(file)) continue;
      behind.add(file);
      queue.push(...valueImports(file));
    }
    const names = [...behind].map((file) => relative(ROOT, file));
    expect(names).toContain('src/call/session.ts');
    expect(names).toContain('src/audio/audio-engine.ts');
    expect(names).toContain('src/ui/i18n/ar.ts');
  });
});
