import { choiceStyles } from './panel/choices.styles.ts';
import { controlStyles } from './panel/controls.styles.ts';
import { layoutStyles } from './panel/layout.styles.ts';
import { transcriptStyles } from './panel/transcript.styles.ts';

/** The call panel's styles, adopted into the element's shadow root when the call UI is attached. */
export const callUiStyles = layoutStyles + controlStyles + transcriptStyles + choiceStyles;
