// The build's text replacement that keeps a chunk's source map in step (scripts/replace-keeping-map.ts, used by
// scripts/chunk-names.ts): generated columns after a replacement move by its change in length. (The real
// build's maps are checked in test/package/source-maps.test.ts.)
import { decode, encode, type SourceMapSegment } from '@jridgewell/sourcemap-codec';
import { describe, expect, it } from 'vitest';
import { replaceKeepingMap } from '../../scripts/replace-keeping-map.ts';

/** One segment per generated column given, all mapped to source 0, line 0, column = the segment's index. */
const mapAt = (...lines: number[][]) => encode(lines.map((columns) => columns.map((column, i): SourceMapSegment => [column, 0, 0, i])));
const columnsOf = (mappings: string) => decode(mappings).map((line) => line.map((segment) => segment[0]));

describe('replaceKeepingMap', () => {
  it('moves the columns after each replacement on its line by the change in length, and no others', () => {
    const code = 'a("PH:x");b("PH:yy");c\nd("PH:x")';
    const { code: out, mappings } = replaceKeepingMap(
      { code, mappings: mapAt([0, 2, 9, 11, 21], [0, 2, 8]) },
      /PH:(\w+)/g,
      (_match, name) => `./assets/${name}-HASH.js`,
    );
    expect(out).toBe('a("./assets/x-HASH.js");b("./assets/yy-HASH.js");c\nd("./assets/x-HASH.js")');
    // "PH:x" (4 characters) became 18 (+14), "PH:yy" (5) became 19 (+14).
    expect(columnsOf(mappings!)).toEqual([[0, 2, 23, 25, 49], [0, 2, 22]]);
    expect([0, 2, 23, 25, 49].map((column) => out[column]).join('')).toBe('a";(c');
    expect(out.split('\n')[1]![22]).toBe(')');
  });

  it('moves a column inside the replaced text to its start, and keeps what each segment points at', () => {
    const { mappings } = replaceKeepingMap({ code: 'x="PH:abc";y', mappings: mapAt([0, 3, 5, 11]) }, /PH:\w+/g, () => 'Z');
    expect(decode(mappings!)).toEqual([[[0, 0, 0, 0], [3, 0, 0, 1], [3, 0, 0, 2], [6, 0, 0, 3]]]);
  });

  it('leaves a chunk without a match, or without a map, as it was', () => {
    const mappings = mapAt([0, 4]);
    expect(replaceKeepingMap({ code: 'let a=1', mappings }, /PH/g, () => 'x')).toEqual({ code: 'let a=1', mappings });
    expect(replaceKeepingMap({ code: 'PH', mappings: null }, /PH/g, () => 'xyz')).toEqual({ code: 'xyz', mappings: null });
  });
});
