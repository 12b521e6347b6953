// The styles of Lit's `css` tagged templates ship as written: comments, indentation and all, in both bundles
// (the JS minifier leaves template text alone). This build-only Vite plugin drops the comments and the spaces
// CSS does not need from the text of each `css` template in src/**/*.styles.ts (where the project keeps its
// styles); interpolations (`${…}`) are left as they are. Those files hold no regular expression literals,
// which this scanner would not recognise.
import type { Plugin } from 'vite';

/** CSS text without comments and with only the whitespace that can change its meaning. */
export function minifyCss(text: string): string {
  return squeeze(text).trim();
}

function squeeze(text: string): string {
  return text
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/\s+/g, ' ')
    .replace(/ ?([{};,]) ?/g, '$1')
    .replace(/([:(]) | (\))/g, '$1$2') // never a space before "(" (`and (` is no `and(`) or ":" (descendant pseudo)
    .replace(/;}/g, '}');
}

/** Each `css` template's text in `code` minified; code outside them and inside `${…}` is unchanged. */
export function minifyCssTemplates(code: string): string {
  let out = '';
  let i = 0;
  while (i < code.length) {
    const char = code[i]!;
    if (code.startsWith('css`', i) && !/[\w$.]/.test(code[i - 1] ?? '')) {
      const end = templateEnd(code, i + 3);
      out += 'css`' + minifyTemplate(code.slice(i + 4, end)) + '`';
      i = end + 1;
    } else if (code.startsWith('//', i) || code.startsWith('/*', i)) {
      const end = code.startsWith('//', i) ? code.indexOf('\n', i) : code.indexOf('*/', i) + 2;
      const stop = end <= i ? code.length : end;
      out += code.slice(i, stop);
      i = stop;
    } else if (char === '`' || char === "'" || char === '"') {
      const end = char === '`' ? templateEnd(code, i) : stringEnd(code, i);
      out += code.slice(i, end + 1);
      i = end + 1;
    } else {
      out += char;
      i++;
    }
  }
  return out;
}

/** A template's inside: its text pieces squeezed (the first trimmed at its start, the last at its end). */
function minifyTemplate(inside: string): string {
  const pieces: string[] = [];
  const interpolations: string[] = [];
  let text = '';
  for (let i = 0; i < inside.length; ) {
    if (inside[i] === '\\') {
      text += inside.slice(i, i + 2);
      i += 2;
    } else if (inside.startsWith('${', i)) {
      const end = interpolationEnd(inside, i + 2);
      pieces.push(text);
      interpolations.push(inside.slice(i, end));
      text = '';
      i = end;
    } else {
      text += inside[i++];
    }
  }
  pieces.push(text);
  const squeezed = pieces.map(squeeze);
  squeezed[0] = squeezed[0]!.trimStart();
  squeezed[squeezed.length - 1] = squeezed.at(-1)!.trimEnd();
  return squeezed.map((piece, n) => piece + (interpolations[n] ?? '')).join('');
}

/** The index of the backtick closing the template opened at `from`. */
function templateEnd(code: string, from: number): number {
  for (let i = from + 1; i < code.length; i++) {
    if (code[i] === '\\') i++;
    else if (code[i] === '`') return i;
    else if (code.startsWith('${', i)) i = interpolationEnd(code, i + 2) - 1;
  }
  throw new Error('minify-css-literals: unterminated template');
}

/** The index of the quote closing the string opened at `from`. */
function stringEnd(code: string, from: number): number {
  for (let i = from + 1; i < code.length; i++) {
    if (code[i] === '\\') i++;
    else if (code[i] === code[from]) return i;
  }
  throw new Error('minify-css-literals: unterminated string');
}

/** The index just past the `}` closing an interpolation whose expression starts at `from`. */
function interpolationEnd(code: string, from: number): number {
  let depth = 1;
  for (let i = from; i < code.length; i++) {
    const char = code[i];
    if (char === '`') i = templateEnd(code, i);
    else if (char === "'" || char === '"') i = stringEnd(code, i);
    else if (char === '{') depth++;
    else if (char === '}' && --depth === 0) return i + 1;
  }
  throw new Error('minify-css-literals: unterminated interpolation');
}

export function minifyCssLiterals(): Plugin {
  return {
    name: 'minify-css-literals',
    apply: 'build',
    transform(code, id) {
      if (!/\/src\/.*\.styles\.ts$/.test(id)) return null;
      return { code: minifyCssTemplates(code), map: null };
    },
  };
}
