// The build minifies the text of the styles (scripts/minify-css-literals.ts): Chromium must parse the minified
// styles into the same rules, selectors, conditions and declarations as the styles as written.
import { describe, expect, it } from 'vitest';
import { minifyCss } from '../../scripts/minify-css-literals.ts';
import { callUiStyles } from '../../src/ui/internal/call-ui.styles.ts';
import { launcherStyles } from '../../src/ui/internal/launcher.styles.ts';
import { choiceStyles } from '../../src/ui/internal/panel/choices.styles.ts';
import { controlStyles } from '../../src/ui/internal/panel/controls.styles.ts';
import { layoutStyles } from '../../src/ui/internal/panel/layout.styles.ts';
import { transcriptStyles } from '../../src/ui/internal/panel/transcript.styles.ts';
import { shellStyles } from '../../src/ui/internal/shell.styles.ts';
import { themeStyles } from '../../src/ui/internal/theme.styles.ts';

// callUiStyles: the panel's whole sheet, with the rules its views share (call-ui.styles.ts).
const SHEETS = { themeStyles, launcherStyles, shellStyles, callUiStyles, layoutStyles, controlStyles, transcriptStyles, choiceStyles };

/** Every rule of `css` as Chromium parsed it, one line each; whitespace inside values (which the CSSOM keeps
 *  as written in custom properties) is normalised the way the minifier writes it. */
function parsed(css: string): string[] {
  const sheet = new CSSStyleSheet();
  sheet.replaceSync(css);
  const lines: string[] = [];
  const walk = (rules: CSSRuleList, depth: number) => {
    for (const rule of rules) {
      if (rule instanceof CSSStyleRule) {
        const declarations = [...rule.style].map((name) => `${name}:${rule.style.getPropertyValue(name)}`);
        lines.push(`${depth} ${rule.selectorText} { ${minifyCss(declarations.join(';'))} }`);
        if (rule.cssRules.length) walk(rule.cssRules, depth + 1);
      } else if (rule instanceof CSSGroupingRule) {
        lines.push(`${depth} ${minifyCss(rule.cssText.slice(0, rule.cssText.indexOf('{')))}`);
        walk(rule.cssRules, depth + 1);
      } else {
        lines.push(`${depth} ${minifyCss(rule.cssText)}`);
      }
    }
  };
  walk(sheet.cssRules, 0);
  return lines;
}

describe('the minified styles', () => {
  it.each(Object.entries(SHEETS))('%s parses into the same rules', (_, cssText) => {
    const written = parsed(cssText);
    expect(written.length).toBeGreaterThan(3);
    expect(parsed(minifyCss(cssText))).toEqual(written);
    expect(minifyCss(cssText).length).toBeLessThan(cssText.length);
  });
});
