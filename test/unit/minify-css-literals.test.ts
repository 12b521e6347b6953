// The build's minifier for Lit `css` templates (scripts/minify-css-literals.ts): comments and spare whitespace
// go; interpolations, strings of other code and the whitespace CSS needs stay. (Equivalence of the real styles,
// parsed by a browser, is checked in test/browser/styles-minified.test.ts.)
import { readFile, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { minifyCss, minifyCssTemplates } from '../../scripts/minify-css-literals.ts';

describe('minifyCss', () => {
  it('drops comments and the whitespace around braces, semicolons, commas, after colons and inside parentheses', () => {
    expect(minifyCss(`
      /* a comment */
      .a > .b,
      .c :focus-visible {
        color: var( --x, red );   /* another */
        margin: 0 auto;
      }
    `)).toBe('.a > .b,.c :focus-visible{color:var(--x,red);margin:0 auto}');
  });

  it('keeps the spaces that carry meaning: descendant combinators, calc operators, media "and (", value lists', () => {
    const css = '@media (prefers-reduced-motion: reduce) and (min-width: 1px) { .a .b { inline-size: calc(100% - 2px); box-shadow: 0 1px 2px rgb(0 0 0 / 0.5); } }';
    expect(minifyCss(css)).toBe(
      '@media (prefers-reduced-motion:reduce) and (min-width:1px){.a .b{inline-size:calc(100% - 2px);box-shadow:0 1px 2px rgb(0 0 0 / 0.5)}}',
    );
  });
});

describe('minifyCssTemplates', () => {
  it('minifies the text of each css template and nothing else', () => {
    const code = [
      "const note = 'css`  not a template`';",
      '// a css`  comment` /* css`  */',
      'const x = css`',
      '  /* gone */',
      '  :host {',
      '    ${light}',
      '    --y: ${over(`r ${1 + 1}`)} ${over("g")};',
      '  }',
      '`;',
      'const y = unsafeCSS(`  /* kept */  `);',
      'const z = mycss`  kept  `;',
    ].join('\n');
    expect(minifyCssTemplates(code)).toBe(
      [
        "const note = 'css`  not a template`';",
        '// a css`  comment` /* css`  */',
        'const x = css`:host{${light} --y:${over(`r ${1 + 1}`)} ${over("g")}}`;',
        'const y = unsafeCSS(`  /* kept */  `);',
        'const z = mycss`  kept  `;',
      ].join('\n'),
    );
  });

  it('leaves every interpolation of the real styles in place', async () => {
    const dir = join(import.meta.dirname, '../../src/ui');
    const files = (await readdir(dir, { recursive: true })).filter((name) => name.endsWith('.styles.ts'));
    expect(files.length).toBeGreaterThan(5);
    for (const file of files) {
      const code = await readFile(join(dir, file), 'utf8');
      const minified = minifyCssTemplates(code);
      expect(minified.match(/\$\{[^}]*\}/g), file).toEqual(code.match(/\$\{[^}]*\}/g));
      expect(minified.length, file).toBeLessThanOrEqual(code.length);
      expect(minified, file).not.toMatch(/css`[^`]*\/\*/);
    }
  });
});
