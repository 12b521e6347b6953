import { launcherStyles } from './internal/launcher.styles.ts';
import { shellStyles } from './internal/shell.styles.ts';
import { themeStyles } from './internal/theme.styles.ts';

/** The element's own styles: the theme, the launcher and what shows while the call's code loads. The
 *  panel's come with the call UI (internal/call-ui.ts). */
export const styles = themeStyles + launcherStyles + shellStyles;
