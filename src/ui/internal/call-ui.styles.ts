import { choiceStyles } from './panel/choices.styles.ts';
import { controlStyles } from './panel/controls.styles.ts';
import { layoutStyles } from './panel/layout.styles.ts';
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

/** The call panel's styles, adopted into the element's shadow root when the call UI is attached. */
export const callUiStyles = panelTextStyles + layoutStyles + controlStyles + transcriptStyles + choiceStyles;
