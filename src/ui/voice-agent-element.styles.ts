import { controlStyles } from './styles/controls.styles.ts';
import { layoutStyles } from './styles/layout.styles.ts';
import { themeStyles } from './styles/theme.styles.ts';
import { transcriptStyles } from './styles/transcript.styles.ts';

export const styles = [themeStyles, layoutStyles, controlStyles, transcriptStyles];
