// The public element's own import graph stays small (every page that embeds the widget downloads it):
// everything a call needs — session, audio engine, panel, Lit — is reached only through the dynamic import
// in src/ui/internal/call-ui-loader.ts, and each language's catalogue only through its own dynamic import in
// src/ui/internal/catalogue-loader.ts (a visitor downloads one language, not three). The byte budget itself is held by
// test/package/download-budget.test.ts; this test names the module that broke it.
import { readFileSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../..');
const ENTRY = resolve(ROOT, 'src/voice-agent.ts');
const LOADER = resolve(ROOT, 'src/ui/internal/call-ui-loader.ts');
const BOUNDARY = resolve(ROOT, 'src/ui/internal/call-ui.ts');

/** Modules a file imports for their values (`import type` and type-only specifiers are skipped): relative
 *  paths resolved, bare specifiers as written. */
function valueImports(file: string): string[] {
  const source = readFileSync(file, 'utf8');
  const found: string[] = [];
  const target = (specifier: string) => (specifier.startsWith('.') ? resolve(dirname(file), specifier) : specifier);
  for (const match of source.matchAll(/^(?:import|export)\s+(?!type\s)([^;]*?)\s+from\s+'([^'?]+)[^']*';/gms)) {
    const clause = match[1]!.trim();
    const onlyTypes =
      clause.startsWith('{') && clause.slice(1, -1).split(',').every((name) => !name.trim() || /^type\s/.test(name.trim()));
    if (!onlyTypes) found.push(target(match[2]!));
  }
  for (const match of source.matchAll(/^import\s+'([^'?]+)[^']*';/gm)) found.push(target(match[1]!));
  return found;
}

/** Every module the entry loads eagerly (static imports only). */
function eagerGraph(): string[] {
  const seen = new Set<string>();
  const queue = [ENTRY];
  while (queue.length) {
    const file = queue.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    if (file.startsWith('/')) queue.push(...valueImports(file));
  }
  return [...seen].map((file) => (file.startsWith('/') ? relative(ROOT, file) : file)).sort();
}

describe('the launcher and the call', () => {
  // The one store of what is kept for the visit (src/call/visit-store.ts) is the launcher's on purpose: the
  // consent gate and the remembered agent read it before any call; the session's use of it is visit-tokens.ts.
  it('loads nothing of the call eagerly: no session, audio engine, panel, catalogues or Lit', () => {
    const eager = eagerGraph();
    expect(eager).toContain('src/ui/internal/call-ui-loader.ts');
    const heavy = eager.filter(
      (file) =>
        !file.startsWith('src/') ||
        (file.startsWith('src/audio/') && !/^src\/audio\/(gesture-audio|audio-session|microphone-request)\.ts$/.test(file)) ||
        /^src\/call\/(session|connection|visit-tokens|ticket|errors)\.ts$/.test(file) ||
        file.startsWith('src/ui/internal/panel/') ||
        file === 'src/ui/internal/call-ui.ts' ||
        /^src\/ui\/i18n\/(ar|fr|en|format)\.ts$/.test(file),
    );
    expect(heavy).toEqual([]);
  });

  it('reaches the call UI through one dynamic import, behind which the heavy modules are (the check above can fail)', () => {
    expect(readFileSync(LOADER, 'utf8')).toContain("import('./call-ui.ts')");
    const behind = new Set<string>();
    const queue = [BOUNDARY];
    while (queue.length) {
      const file = queue.pop()!;
      if (behind.has(file) || !file.startsWith('/')) continue;
      behind.add(file);
      queue.push(...valueImports(file));
    }
    const names = [...behind].map((file) => relative(ROOT, file));
    expect(names).toContain('src/call/session.ts');
    expect(names).toContain('src/audio/audio-engine.ts');
    expect(names.filter((file) => /^src\/ui\/i18n\/(ar|fr|en)\.ts$/.test(file))).toEqual([]);
  });

  it('reaches each language’s catalogue through a dynamic import of its own', () => {
    const loader = readFileSync(resolve(ROOT, 'src/ui/internal/catalogue-loader.ts'), 'utf8');
    for (const lang of ['ar', 'fr', 'en']) expect(loader).toContain(`import('../i18n/${lang}.ts')`);
    expect(valueImports(resolve(ROOT, 'src/ui/internal/catalogue-loader.ts')).filter((file) => /i18n\/(ar|fr|en)\.ts$/.test(file))).toEqual([]);
  });
});
