// Replaces text in a chunk that has a source map, and moves the map's generated columns past each
// replacement, so the lines after it still map to their source (a build plugin that edits code after the
// bundler has written the map would otherwise leave every later column off by the length difference).
import { decode, encode } from '@jridgewell/sourcemap-codec';
import type { OutputBundle, OutputChunk } from 'rolldown';

export interface CodeWithMap {
  code: string;
  /** The `mappings` field of the chunk's source map (v3), or null when it has none. */
  mappings: string | null;
}

interface Edit {
  line: number;
  column: number;
  removed: number;
  added: number;
}

export function replaceKeepingMap(
  { code, mappings }: CodeWithMap,
  pattern: RegExp,
  replacer: (match: string, ...groups: string[]) => string,
): CodeWithMap {
  if (!pattern.global) throw new Error('replaceKeepingMap needs a global pattern');
  const edits: Edit[] = [];
  let line = 0;
  let lineStart = 0;
  let scanned = 0;
  const replaced = code.replace(pattern, (match: string, ...rest: unknown[]) => {
    const at = rest.findIndex((value) => typeof value === 'number');
    const offset = rest[at] as number;
    for (let i = code.indexOf('\n', scanned); i !== -1 && i < offset; i = code.indexOf('\n', i + 1)) {
      line++;
      lineStart = i + 1;
    }
    scanned = offset;
    const replacement = replacer(match, ...(rest.slice(0, at) as string[]));
    edits.push({ line, column: offset - lineStart, removed: match.length, added: replacement.length });
    return replacement;
  });
  return { code: replaced, mappings: mappings === null || !edits.length ? mappings : shiftColumns(mappings, edits) };
}

/** Generated columns after an edit on its line move by the edit's change in length; a column inside the
 *  replaced text moves to its start. */
function shiftColumns(mappings: string, edits: Edit[]): string {
  const lines = decode(mappings);
  for (const edit of [...edits].reverse()) {
    const end = edit.column + edit.removed;
    for (const segment of lines[edit.line] ?? []) {
      if (segment[0] >= end) segment[0] += edit.added - edit.removed;
      else if (segment[0] > edit.column) segment[0] = edit.column;
    }
  }
  return encode(lines);
}

/** Replaces text in a chunk of a bundle being written, in its code and in its source map (the map's own file
 *  in the bundle too: the bundler has already made the hidden map an asset of its own). */
export function replaceInChunk(
  bundle: OutputBundle,
  file: OutputChunk,
  pattern: RegExp,
  replacer: (match: string, ...groups: string[]) => string,
): void {
  const { code, mappings } = replaceKeepingMap({ code: file.code, mappings: file.map?.mappings ?? null }, pattern, replacer);
  file.code = code;
  if (mappings === null || mappings === file.map?.mappings) return;
  file.map!.mappings = mappings;
  const mapFile = bundle[file.sourcemapFileName ?? `${file.fileName}.map`];
  if (mapFile?.type === 'asset') {
    const map = JSON.parse(String(mapFile.source)) as { mappings: string };
    mapFile.source = JSON.stringify({ ...map, mappings });
  }
}
