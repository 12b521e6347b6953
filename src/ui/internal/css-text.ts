/** Marks a template literal as CSS (editors highlight it; the build minifies it) and returns its text. The
 *  launcher's styles use it instead of Lit's `css`: the launcher ships without Lit. */
export const css = (strings: TemplateStringsArray, ...values: string[]): string => String.raw({ raw: strings }, ...values);

/** Adopts `cssText` into `root` as a constructed style sheet (CSP `style-src` does not apply to those), or as
 *  a `<style>` element where the browser cannot adopt sheets (Safari before 16.4). */
export function adoptStyles(root: ShadowRoot, cssText: string): void {
  if ('adoptedStyleSheets' in root && 'replaceSync' in CSSStyleSheet.prototype) {
    const sheet = new CSSStyleSheet();
    sheet.replaceSync(cssText);
    root.adoptedStyleSheets = [...root.adoptedStyleSheets, sheet];
    return;
  }
  const style = document.createElement('style');
  style.textContent = cssText;
  (root as ShadowRoot).append(style);
}
