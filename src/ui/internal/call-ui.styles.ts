import { choiceStyles } from './panel/choices.styles.ts';
import { controlStyles } from './panel/controls.styles.ts';
import { layoutStyles } from './panel/layout.styles.ts';
import { paletteStyles } from './panel/palette.styles.ts';
import { transcriptStyles } from './panel/transcript.styles.ts';
import { css } from './css-text.ts';

/** Classes the panel's views share (before the panel's own rules, as when they were in the theme). */
export const panelTextStyles = css`
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

  .muted {
    color: var(--_text-muted);
  }

  .field-error {
    color: var(--_danger);
    margin: 0;
    font-size: 0.9em;
  }
`;

/** What the launcher shows only during a call: a ring, and a mark while the call's audio waits for a tap
 *  inside the panel; and the panel header's avatar. */
export const launcherInCallStyles = css`
  .launcher.active::after {
    content: '';
    position: absolute;
    inset: -5px;
    border-radius: 50%;
    border: 3px solid var(--_accent);
    opacity: 0.6;
    /* A few pulses when the call starts, then a still ring: an endless animation costs a frame every 16 ms. */
    animation: ring 1.6s ease-out 3;
  }
  @keyframes ring {
    from {
      transform: scale(0.95);
      opacity: 1;
    }
    to {
      transform: scale(1.25);
      opacity: 0;
    }
  }
  /* The call's audio waits for a tap inside the panel: a mark on the closed launcher says so. */
  .launcher.attention::before {
    content: '';
    position: absolute;
    inset-block-start: 0;
    inset-inline-end: 0;
    inline-size: 14px;
    block-size: 14px;
    border-radius: 50%;
    background: var(--_warning);
    border: 2px solid var(--_surface);
  }
  .avatar.small {
    inline-size: 40px;
    block-size: 40px;
  }
  @media (prefers-reduced-motion: reduce) {
    .launcher.active::after {
      animation: none;
    }
  }
  @media (forced-colors: active) {
    .avatar.small {
      border: 1px solid CanvasText;
    }
  }
`;

/** The call panel's styles, adopted into the element's shadow root when the call UI is attached. */
export const callUiStyles =
  paletteStyles + panelTextStyles + layoutStyles + controlStyles + transcriptStyles + choiceStyles + launcherInCallStyles;
