import { launcherStyles } from './internal/launcher.styles.ts';
import { themeStyles } from './internal/theme.styles.ts';

/** The element's own styles: the theme and the launcher. The panel's come with the call UI (internal/call-ui.ts). */
export const styles = [themeStyles, launcherStyles];
