// The panel's lit-html templates ship as written: each line break between tags brings the line's indentation
// with it, in both bundles (the JS minifier leaves template text alone). This build-only Vite plugin turns every
// run of whitespace that holds a line break, in the static text of an `html` or `svg` template under src/,
// into one space: what the browser renders is the same (the widget has no `white-space: pre` around static
// text; the transcript's pre-wrap text is an interpolation alone in its element). The templates are found in
// the parsed module (after TypeScript is stripped), never by scanning text, and the edit carries its source map.
import MagicString from 'magic-string';
import type { Plugin } from 'vite';

interface Node {
  type: string;
  start: number;
  end: number;
  [key: string]: unknown;
}

const isNode = (value: unknown): value is Node =>
  typeof value === 'object' && value !== null && typeof (value as Node).type === 'string';

/** The static pieces (start, end) of every `html`/`svg` tagged template in `program`. */
function markupPieces(program: Node): Array<[number, number]> {
  const pieces: Array<[number, number]> = [];
  const visit = (node: Node): void => {
    if (node.type === 'TaggedTemplateExpression') {
      const tag = node.tag as Node & { name?: string };
      if (tag.type === 'Identifier' && (tag.name === 'html' || tag.name === 'svg')) {
        for (const quasi of (node.quasi as { quasis: Node[] }).quasis) pieces.push([quasi.start, quasi.end]);
      }
    }
    for (const value of Object.values(node)) {
      if (Array.isArray(value)) for (const item of value) isNode(item) && visit(item);
      else if (isNode(value)) visit(value);
    }
  };
  visit(program);
  return pieces;
}

/** `code` with the line breaks (and the indentation around them) in its markup templates made single spaces. */
export function collapseMarkupWhitespace(code: string, program: Node): MagicString {
  const edited = new MagicString(code);
  for (const [start, end] of markupPieces(program)) {
    for (const run of code.slice(start, end).matchAll(/[ \t]*(?:\r?\n[ \t]*)+/g)) {
      edited.overwrite(start + run.index, start + run.index + run[0].length, ' ');
    }
  }
  return edited;
}

export function collapseMarkupLiterals(): Plugin {
  return {
    name: 'voice-agent:collapse-markup-whitespace',
    apply: 'build',
    transform(code, id) {
      if (!/\/src\/.*\.ts$/.test(id) || !/\b(html|svg)`/.test(code)) return null;
      const edited = collapseMarkupWhitespace(code, this.parse(code) as unknown as Node);
      return { code: edited.toString(), map: edited.generateMap({ source: id, includeContent: true, hires: 'boundary' }) };
    },
  };
}
