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
  sourcesContent: string[];
}

/**
 * Of the mappings that start at a name of six characters or more (long enough to survive minification: a
 * property, a method, an attribute), how many point at source text that starts with the same name.
 */
function namesInStep(code: string, map: SourceMap): { inStep: number; checked: number } {
  const lines = code.split('\n');
  const sources = map.sourcesContent.map((text) => text.split('\n'));
  let inStep = 0;
  let checked = 0;
  decode(map.mappings).forEach((segments, line) => {
    for (const [column, source, sourceLine, sourceColumn] of segments) {
      if (source === undefined) continue;
      const name = /^[A-Za-z_$][\w$]{5,}/.exec(lines[line]!.slice(column))?.[0];
      if (!name) continue;
      checked++;
      if (sources[source]![sourceLine!]?.slice(sourceColumn).startsWith(name)) inStep++;
    }
  });
  return { inStep, checked };
}

/** Of the mappings that start at a markup template (a backtick and a tag), how many point at a template in the
 *  source (its backtick, or its `html`/`svg` tag). */
function templatesInStep(code: string, map: SourceMap & { sources: string[] }): { inStep: number; checked: number } {
  const lines = code.split('\n');
  const sources = map.sourcesContent.map((text) => text.split('\n'));
  let inStep = 0;
  let checked = 0;
  decode(map.mappings).forEach((segments, line) => {
    for (const [column, source, sourceLine, sourceColumn] of segments) {
      if (source === undefined || !/\/src\//.test(map.sources[source]!)) continue;
      if (!/^`\s?</.test(lines[line]!.slice(column))) continue;
      checked++;
      if (/^(html|svg)?`/.test(sources[source]![sourceLine!]?.slice(sourceColumn) ?? '')) inStep++;
    }
  });
  return { inStep, checked };
}

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
      const { inStep, checked } = namesInStep(code, map);
      // About 80–90 % in a sound map (a mapping may start at a name the minifier moved); 14 % in the launcher's
      // when the chunk names shifted it.
      expect.soft(checked, file).toBeGreaterThanOrEqual(10);
      expect.soft(inStep / checked, file).toBeGreaterThanOrEqual(0.7);
    }
  });

  it('map each of the panel\'s markup templates to its place in the source', async () => {
    const chunks = (await builtFiles()).filter((file) => /^assets\/call-ui-/.test(file));
    expect(chunks).toHaveLength(2); // the script-tag build's and the bundler entry's
    for (const file of chunks) {
      const code = await readFile(join(DIST, file), 'utf8');
      const map = JSON.parse(await readFile(join(DIST, `${file}.map`), 'utf8')) as SourceMap & { sources: string[] };
      const { inStep, checked } = templatesInStep(code, map);
      expect(checked, file).toBeGreaterThanOrEqual(20);
      expect(inStep, file).toBe(checked);
    }
  });
});
