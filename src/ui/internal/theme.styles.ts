import { css } from './css-text.ts';

// Public custom properties (--voice-agent-*) feed private ones (--_*), with light and dark defaults.
// Every default pair meets WCAG 2.2 AA: text 4.5:1, borders and focus rings 3:1 against their surface.
export const themeStyles = css`
  :host {
    --_accent: var(--voice-agent-accent, #0f766e);
    --_on-accent: var(--voice-agent-on-accent, #ffffff);
    --_surface: var(--voice-agent-surface, #ffffff);
    --_surface-alt: var(--voice-agent-surface-alt, #f1f5f9);
    --_text: var(--voice-agent-text, #0f172a);
    --_text-muted: var(--voice-agent-text-muted, #475569);
    --_border: var(--voice-agent-border, #64748b);
    --_danger: var(--voice-agent-danger, #b91c1c);
    --_on-danger: #ffffff;
    --_warning: var(--voice-agent-warning, #92400e);
    --_focus: var(--voice-agent-focus, #1d4ed8);
    --_shadow: 0 10px 30px rgb(15 23 42 / 0.25);
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
    --_z: var(--voice-agent-z-index, 9000);
    display: block;
    color-scheme: light;
  }

  @media (prefers-color-scheme: dark) {
    :host {
      --_accent: var(--voice-agent-accent, #5eead4);
      --_on-accent: var(--voice-agent-on-accent, #042f2e);
      --_surface: var(--voice-agent-surface, #0f172a);
      --_surface-alt: var(--voice-agent-surface-alt, #1e293b);
      --_text: var(--voice-agent-text, #f1f5f9);
      --_text-muted: var(--voice-agent-text-muted, #cbd5e1);
      --_border: var(--voice-agent-border, #94a3b8);
      --_danger: var(--voice-agent-danger, #fca5a5);
      --_on-danger: #450a0a;
      --_warning: var(--voice-agent-warning, #fcd34d);
      --_focus: var(--voice-agent-focus, #93c5fd);
      --_shadow: 0 10px 30px rgb(0 0 0 / 0.6);
      color-scheme: dark;
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

  .visually-hidden {
    position: absolute !important;
    inline-size: 1px;
    block-size: 1px;
    margin: -1px;
    padding: 0;
    overflow: hidden;
    clip-path: inset(50%);
    white-space: nowrap;
    border: 0;
  }

  :focus-visible {
    outline: 3px solid var(--_focus);
    outline-offset: 2px;
  }

  .muted {
    color: var(--_text-muted);
  }

  .field-error {
    color: var(--_danger);
    margin: 0;
    font-size: 0.9em;
  }
`;
