import { svg } from 'lit';

// Inline icons (no external images). All decorative: the buttons carry the names.
const icon = (body: ReturnType<typeof svg>) =>
  svg`<svg class="icon" viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false"
    fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round">${body}</svg>`;

export const icons = {
  phone: icon(svg`<path d="M22 16.9v3a2 2 0 0 1-2.2 2 19.8 19.8 0 0 1-8.6-3.1 19.5 19.5 0 0 1-6-6A19.8 19.8 0 0 1 2.1 4.2 2 2 0 0 1 4.1 2h3a2 2 0 0 1 2 1.7c.1.9.4 1.8.7 2.7a2 2 0 0 1-.5 2.1L8 9.8a16 16 0 0 0 6 6l1.3-1.3a2 2 0 0 1 2.1-.4c.9.3 1.8.6 2.7.7a2 2 0 0 1 1.7 2z"/>`),
  hangUp: icon(svg`<path d="M3.3 14.6c5-4.8 12.4-4.8 17.4 0 .6.6.6 1.5 0 2l-1.6 1.6c-.5.5-1.3.6-1.9.2l-2-1.3c-.5-.3-.7-.9-.6-1.4l.3-1.6a12 12 0 0 0-5.8 0l.3 1.6c.1.5-.1 1.1-.6 1.4l-2 1.3c-.6.4-1.4.3-1.9-.2l-1.6-1.6c-.6-.5-.6-1.4 0-2z"/>`),
  mic: icon(svg`<rect x="9" y="2" width="6" height="12" rx="3"/><path d="M5 10v1a7 7 0 0 0 14 0v-1M12 18v4M8 22h8"/>`),
  micOff: icon(svg`<path d="M2 2l20 20M9 9v2a3 3 0 0 0 5.1 2.1M15 9.3V5a3 3 0 0 0-5.9-.6M19 10v1a7 7 0 0 1-1.1 3.8M5 10v1a7 7 0 0 0 11.2 5.6M12 18v4M8 22h8"/>`),
  send: icon(svg`<path d="M4 12h13M12 5l7 7-7 7"/>`),
  close: icon(svg`<path d="M6 6l12 12M18 6L6 18"/>`),
  down: icon(svg`<path d="M12 5v14M5 12l7 7 7-7"/>`),
  tool: icon(svg`<circle cx="12" cy="12" r="3"/><path d="M12 2v3M12 19v3M4.9 4.9l2.1 2.1M17 17l2.1 2.1M2 12h3M19 12h3M4.9 19.1L7 17M17 7l2.1-2.1"/>`),
  warning: icon(svg`<path d="M12 3l10 18H2L12 3zM12 10v5M12 18h.01"/>`),
};
