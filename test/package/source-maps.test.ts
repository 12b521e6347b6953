// The build's hidden source maps (dist/**/*.js.map, for debugging the build; not in the npm package) point at
// the right source, including after scripts/chunk-names.ts wrote the chunks' names into the code (a map left
// behind by that rewrite points every later column at the wrong place) and after
// scripts/collapse-markup-whitespace.ts took the line breaks out of the templates (every later line).
import { readFile, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { decode } from '@jridgewell/sourcemap-codec';
import { describe, expect, it } from 'vitest';

const DIST = join(import.meta.dirname, '../../dist');

interface SourceMap {
  mappings: string;
  sources: string[];
  sourcesContent: string[];
}

/**
 * Of the mappings whose built text `picks` (it returns what the source should start with there, or null to
 * skip), how many point at source text that does. `fromSource` limits them to the widget's own files.
 */
function inStep(
  code: string,
  map: SourceMap,
  picks: (built: string) => RegExp | string | null,
  fromSource = /./,
): { inStep: number; checked: number } {
  const lines = code.split('\n');
  const sources = map.sourcesContent.map((text) => text.split('\n'));
  let matched = 0;
  let checked = 0;
  decode(map.mappings).forEach((segments, line) => {
    for (const [column, source, sourceLine, sourceColumn] of segments) {
      if (source === undefined || !fromSource.test(map.sources[source]!)) continue;
      const expected = picks(lines[line]!.slice(column));
      if (expected === null) continue;
      checked++;
      const original = sources[source]![sourceLine!]?.slice(sourceColumn) ?? '';
      if (typeof expected === 'string' ? original.startsWith(expected) : expected.test(original)) matched++;
    }
  });
  return { inStep: matched, checked };
}

/** A name of six characters or more (long enough to survive minification: a property, a method, an attribute)
 *  is where the source has the same name. */
const sameName = (built: string) => /^[A-Za-z_$][\w$]{5,}/.exec(built)?.[0] ?? null;

/** A markup template (a backtick and a tag) is where the source has a template (its backtick, or its `html` or
 *  `svg` tag). */
const markupTemplate = (built: string) => (/^`\s?</.test(built) ? /^(html|svg)?`/ : null);

const builtFiles = async () => [
  ...(await readdir(DIST)).filter((file) => file.endsWith('.js')),
  ...(await readdir(join(DIST, 'assets'))).filter((file) => file.endsWith('.js')).map((file) => `assets/${file}`),
];

describe('hidden source maps', () => {
  it('map the names of every built file to the source that has them', async () => {
    const files = await builtFiles();
    expect(files).toEqual(expect.arrayContaining(['voice-agent.js', 'index.js', 'assets/audio.worklet.js']));
    for (const file of files) {
      const code = await readFile(join(DIST, file), 'utf8');
      const map = JSON.parse(await readFile(join(DIST, `${file}.map`), 'utf8')) as SourceMap;
      const names = inStep(code, map, sameName);
      // About 80–90 % in a sound map (a mapping may start at a name the minifier moved); 14 % in the launcher's
      // when the chunk names shifted it.
      expect.soft(names.checked, file).toBeGreaterThanOrEqual(10);
      expect.soft(names.inStep / names.checked, file).toBeGreaterThanOrEqual(0.7);
    }
  });

  it('map each of the panel\'s markup templates to its place in the source', async () => {
    const chunks = (await builtFiles()).filter((file) => /^assets\/call-ui-/.test(file));
    expect(chunks).toHaveLength(2); // the script-tag build's and the bundler entry's
    for (const file of chunks) {
      const code = await readFile(join(DIST, file), 'utf8');
      const map = JSON.parse(await readFile(join(DIST, `${file}.map`), 'utf8')) as SourceMap;
      const templates = inStep(code, map, markupTemplate, /\/src\//);
      expect(templates.checked, file).toBeGreaterThanOrEqual(20);
      expect(templates.inStep, file).toBe(templates.checked);
    }
  });
});
