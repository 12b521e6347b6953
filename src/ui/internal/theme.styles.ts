import { css } from './css-text.ts';

// Public custom properties (--voice-agent-*) feed private ones (--_*), with light and dark defaults.
// Every default pair meets WCAG 2.2 AA: text 4.5:1, borders and focus rings 3:1 against their surface.
// The colours only the panel paints (secondary surface and text, danger, warning) come with it
// (panel/palette.styles.ts): every page downloads this file, and the launcher paints none of them.
// `--_surface-r/g/b` are the palette's own opaque surface: a host's translucent --voice-agent-surface is
// painted over it (below), so the panel never lets the page show through its text.
const light = css`
  --_accent: var(--voice-agent-accent, #0f766e);
  --_on-accent: var(--voice-agent-on-accent, #ffffff);
  --_surface-r: 255;
  --_surface-g: 255;
  --_surface-b: 255;
  --_text: var(--voice-agent-text, #0f172a);
  --_border: var(--voice-agent-border, #64748b);
  --_focus: var(--voice-agent-focus, #1d4ed8);
  --_shadow: 0 10px 30px rgb(15 23 42 / 0.25);
  color-scheme: light;
`;

const dark = css`
  --_accent: var(--voice-agent-accent, #5eead4);
  --_on-accent: var(--voice-agent-on-accent, #042f2e);
  --_surface-r: 15;
  --_surface-g: 23;
  --_surface-b: 42;
  --_text: var(--voice-agent-text, #f1f5f9);
  --_border: var(--voice-agent-border, #94a3b8);
  --_focus: var(--voice-agent-focus, #93c5fd);
  --_shadow: 0 10px 30px rgb(0 0 0 / 0.6);
  color-scheme: dark;
`;

/** `channel` of the host's surface painted over the palette's own (`alpha` is the host colour's). */
const over = (channel: 'r' | 'g' | 'b') => `calc(${channel} * alpha + var(--_surface-${channel}) * (1 - alpha))`;

/** `light` on the host, and `dark` where the theme asks for it: the `theme` attribute `dark`, or anything but
 *  `light` (`auto`, the default) on a system that prefers dark. */
export const themed = (light: string, dark: string): string =>
  css`:host{${light}}:host([theme='dark' i]){${dark}}@media (prefers-color-scheme:dark){:host(:not([theme='light' i])){${dark}}}`;

export const themeStyles =
  themed(light, dark) +
  css`
  :host {
    --_surface-base: rgb(var(--_surface-r) var(--_surface-g) var(--_surface-b));
    --_surface: var(--voice-agent-surface, var(--_surface-base));
    --_radius: var(--voice-agent-radius, 16px);
    --_font: var(
      --voice-agent-font,
      system-ui, -apple-system, 'Segoe UI', Roboto, 'Noto Sans', 'Noto Sans Arabic', Tahoma, sans-serif
    );
    --_font-size: var(--voice-agent-font-size, 16px);
    --_panel-width: var(--voice-agent-panel-width, 380px);
    --_panel-height: var(--voice-agent-panel-height, 600px);
    /* Inline, the panel keeps one height from before the call to after it (it never jumps in the page). */
    --_inline-height: var(--voice-agent-panel-height, 32rem);
    --_launcher-size: var(--voice-agent-launcher-size, 60px);
    --_offset: var(--voice-agent-offset, 20px);
    /* Above the page's own layers (frameworks keep theirs under 2000: Bootstrap's top out at 1090, Material
       UI's at 1500, Tailwind's scale at 50), below consent banners (9999 and up) so the visitor can answer them. */
    --_z: var(--voice-agent-z-index, 9000);
    display: block;
  }

  /* A transparent or translucent --voice-agent-surface is composited over the palette's opaque surface: one
     opaque colour that axe-core can still check text against. (Without relative colours the panel layers the
     two instead: see layout.styles.ts.) */
  @supports (color: rgb(from red calc(r * alpha) g b / 1)) {
    :host {
      --_surface: rgb(from var(--voice-agent-surface, var(--_surface-base)) ${over('r')} ${over('g')} ${over('b')} / 1);
    }
  }

  :host([hidden]) {
    display: none;
  }

  /* Text properties the host page's styles would pass down (letter-spacing breaks Arabic joining; uppercase,
     italics and indents change the widget's copy) are reset at the shadow boundary. */
  .base {
    font-family: var(--_font);
    font-size: var(--_font-size);
    font-style: normal;
    font-weight: normal;
    line-height: 1.45;
    letter-spacing: normal;
    word-spacing: normal;
    text-transform: none;
    text-indent: 0;
    text-align: start;
    text-shadow: none;
    white-space: normal;
    color: var(--_text);
  }

  :focus-visible {
    outline: 3px solid var(--_focus);
    outline-offset: 2px;
  }

  /* Windows high contrast and other forced palettes: the system's own colour for focus. */
  @media (forced-colors: active) {
    :focus-visible {
      outline-color: Highlight;
    }
  }
`;
