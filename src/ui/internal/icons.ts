import { nothing, svg } from 'lit/html.js';
import { closePath, iconElement, phonePath } from './icon-paths.ts';

// The panel's icons as templates (24×24, stroked; the launcher's two come from icon-paths.ts). All
// decorative: the buttons carry the names. No external images.
const icon = (path: string, transform?: string) =>
  svg`<svg class="icon" viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false"
    fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round"
    transform=${transform ?? nothing}><path d=${path}/></svg>`;

const micPath = 'M9 5a3 3 0 0 1 6 0v6a3 3 0 0 1-6 0zM5 10v1a7 7 0 0 0 14 0v-1M12 18v4M8 22h8';
/** The microphone drawn with DOM calls: the face of an agent not known yet (AvatarView). */
export const micElement = (): SVGSVGElement => iconElement(micPath);

const thumbPath = 'M7 10v11H3V10h4zM7 10l4-8a3 3 0 0 1 3 3v4h5.5a2 2 0 0 1 2 2.3l-1.4 8a2 2 0 0 1-2 1.7H7';

export const icons = {
  phone: icon(phonePath),
  hangUp: icon(
    'M3.3 14.6c5-4.8 12.4-4.8 17.4 0 .6.6.6 1.5 0 2l-1.6 1.6c-.5.5-1.3.6-1.9.2l-2-1.3c-.5-.3-.7-.9-.6-1.4l.3-1.6a12 12 0 0 0-5.8 0l.3 1.6c.1.5-.1 1.1-.6 1.4l-2 1.3c-.6.4-1.4.3-1.9-.2l-1.6-1.6c-.6-.5-.6-1.4 0-2z',
  ),
  mic: icon(micPath),
  micOff: icon('M2 2l20 20M9 9v2a3 3 0 0 0 5.1 2.1M15 9.3V5a3 3 0 0 0-5.9-.6M19 10v1a7 7 0 0 1-1.1 3.8M5 10v1a7 7 0 0 0 11.2 5.6M12 18v4M8 22h8'),
  send: icon('M4 12h13M12 5l7 7-7 7'),
  close: icon(closePath),
  down: icon('M12 5v14M5 12l7 7 7-7'),
  more: icon('M5 12h.01M12 12h.01M19 12h.01'),
  tool: icon('M15 12a3 3 0 1 1-6 0 3 3 0 0 1 6 0zM12 2v3M12 19v3M4.9 4.9l2.1 2.1M17 17l2.1 2.1M2 12h3M19 12h3M4.9 19.1L7 17M17 7l2.1-2.1'),
  warning: icon('M12 3l10 18H2L12 3zM12 10v5M12 18h.01'),
  thumbUp: icon(thumbPath),
  thumbDown: icon(thumbPath, 'rotate(180)'),
};
