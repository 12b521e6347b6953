import { css } from '../css-text.ts';

// The conversation: agent turns at the inline start, the visitor's at the inline end (mirrored in RTL).
export const transcriptStyles = css`
  .transcript-wrap {
    position: relative;
    flex: 1 1 auto;
    min-block-size: 6rem;
    display: flex;
    flex-direction: column;
  }
  .transcript {
    flex: 1 1 auto;
    min-block-size: 0;
    overflow-y: auto;
    margin: 0;
    padding: 0.25rem;
    list-style: none;
    display: flex;
    flex-direction: column;
    gap: 0.5rem;
    border-radius: calc(var(--_radius) / 2);
  }
  .turn {
    max-inline-size: 85%;
    padding: 0.5rem 0.75rem;
    border-radius: calc(var(--_radius) / 1.5);
    border: 1px solid transparent;
  }
  .turn.agent {
    align-self: flex-start;
    background: var(--_surface-alt);
    color: var(--_text);
  }
  .turn.user {
    align-self: flex-end;
    background: var(--_accent);
    color: var(--_on-accent);
  }
  .turn.provisional {
    border: 1px dashed currentColor;
  }
  .turn.provisional .text::after {
    content: ' …';
  }
  .line-dropped {
    display: flex;
    align-items: center;
    gap: 0.5rem;
    color: var(--_text-muted);
    font-size: 0.8em;
  }
  .line-dropped::before,
  .line-dropped::after {
    content: '';
    flex: 1 1 0;
    border-block-start: 1px dashed currentColor;
    opacity: 0.5;
  }
  .speaker {
    display: block;
    font-size: 0.8em;
    font-weight: 600;
  }
  .turn .text {
    margin: 0;
    white-space: pre-wrap;
    overflow-wrap: anywhere;
  }
  /* Centred with translate, so a press's transform (controls.styles.ts) adds to it. */
  .jump {
    position: absolute;
    inset-block-end: 0.5rem;
    inset-inline-start: 50%;
    translate: -50%;
    --_fill: var(--_text);
    color: var(--_surface);
    border-radius: 999px;
    box-shadow: var(--_shadow);
  }
  [dir='rtl'] .jump {
    translate: 50%;
  }
`;
