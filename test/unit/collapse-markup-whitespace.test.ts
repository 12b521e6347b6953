// The build's whitespace pass over lit-html templates (scripts/collapse-markup-whitespace.ts): line breaks and
// indentation in the static text of `html` and `svg` templates become one space; interpolations, other
// templates, strings and code stay as written. (Browser tests render the templates as written, from source; the
// end-to-end tests that load dist/ render them collapsed.)
import { parseAst } from 'vite';
import { describe, expect, it } from 'vitest';
import { collapseMarkupWhitespace } from '../../scripts/collapse-markup-whitespace.ts';

const collapse = (code: string) => collapseMarkupWhitespace(code, parseAst(code) as never).toString();

describe('collapseMarkupWhitespace', () => {
  it('makes each line break in markup, with the indentation around it, one space', () => {
    const code = 'const v = html`<div>\n    <p class="a">${x}</p>\n    <span>b</span> <i>c</i>\n  </div>`;';
    expect(collapse(code)).toBe('const v = html`<div> <p class="a">${x}</p> <span>b</span> <i>c</i> </div>`;');
  });

  it('keeps interpolations, nested templates of other tags, plain templates and strings as written', () => {
    const code = [
      'const a = `plain\n  text`;',
      "const b = 'html`\\n  not markup`';",
      'const c = svg`<g>\n  ${html`<p>\n  ${css`a {\n  b: c }`}</p>`}\n</g>`;',
      'const d = html`${"line\\nbreak"}  two  spaces`;',
    ].join('\n');
    expect(collapse(code)).toBe([
      'const a = `plain\n  text`;',
      "const b = 'html`\\n  not markup`';",
      'const c = svg`<g> ${html`<p> ${css`a {\n  b: c }`}</p>`} </g>`;',
      'const d = html`${"line\\nbreak"}  two  spaces`;',
    ].join('\n'));
  });

  it('leaves a member call such as lit.html`…` alone (only the bare names html and svg are the widget’s tags)', () => {
    const code = 'const v = lit.html`<p>\n  a</p>`;';
    expect(collapse(code)).toBe(code);
  });
});
