// A Vite build plugin: the widget's styles are CSS text in template literals tagged `css` (in the
// `*.styles.ts` modules); the bundler keeps their whitespace and comments, which every page would download.
// This minifies each one with Lightning CSS (the CSS engine Vite itself uses) at build time. A literal that
// interpolates values, or that Lightning CSS cannot parse, fails the build rather than ship unminified.
import { transform } from 'lightningcss';
import type { Plugin } from 'vite';

const TAGGED_CSS = /\bcss`([^`]*)`/g;

export function minifyCssLiterals(): Plugin {
  return {
    name: 'minify-css-literals',
    apply: 'build',
    transform(code, id) {
      if (!/\.styles\.ts$/.test(id.split('?')[0]!)) return null;
      const minified = code.replace(TAGGED_CSS, (_literal, text: string) => {
        if (text.includes('${')) this.error(`${id}: a css\`\` literal with interpolations cannot be minified`);
        const css = transform({ filename: id, code: Buffer.from(text), minify: true }).code.toString();
        // Lightning CSS keeps numbers to float precision (2147483000 became 2147480000): no long number may change.
        for (const figure of text.match(/\d{8,}/g) ?? []) {
          if (!css.includes(figure)) this.error(`${id}: minifying would change ${figure}; write it with fewer digits`);
        }
        return `css\`${css}\``;
      });
      return { code: minified, map: null };
    },
  };
}
