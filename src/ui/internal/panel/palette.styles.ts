import { css } from '../css-text.ts';
import { themed } from '../theme.styles.ts';

// The colours only the panel paints, light and dark as the rest of the theme (theme.styles.ts, which the
// launcher carries): its secondary surface and text, danger (End call, errors) and warning (time left). Every
// default pair meets WCAG 2.2 AA against the surface.
export const paletteStyles = themed(
  css`
    --_surface-alt: var(--voice-agent-surface-alt, #f1f5f9);
    --_text-muted: var(--voice-agent-text-muted, #475569);
    --_danger: var(--voice-agent-danger, #b91c1c);
    --_on-danger: #ffffff;
    --_warning: var(--voice-agent-warning, #92400e);
  `,
  css`
    --_surface-alt: var(--voice-agent-surface-alt, #1e293b);
    --_text-muted: var(--voice-agent-text-muted, #cbd5e1);
    --_danger: var(--voice-agent-danger, #fca5a5);
    --_on-danger: #450a0a;
    --_warning: var(--voice-agent-warning, #fcd34d);
  `,
);
