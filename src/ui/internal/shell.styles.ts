import { css } from './css-text.ts';

// What the element draws before the call's code is loaded: the inline panel's place, the spinner in the
// launcher while the code loads after a tap, and the message when it could not be loaded.
export const shellStyles = css`
  .call-ui {
    display: contents;
  }
  .placeholder {
    box-sizing: border-box;
    block-size: var(--_inline-height);
    border: 1px solid var(--_border);
    border-radius: var(--_radius);
    background: var(--_surface);
  }
  .placeholder[hidden],
  .load-error[hidden] {
    display: none;
  }

  .launcher .spinner {
    inline-size: 26px;
    block-size: 26px;
    box-sizing: border-box;
    border-radius: 50%;
    border: 3px solid currentColor;
    border-block-start-color: transparent;
    animation: spin 0.9s linear infinite;
  }
  /* The panel's spinner turns by it too (layout.styles.ts): these rules are in every widget's shadow root. */
  @keyframes spin {
    to {
      transform: rotate(360deg);
    }
  }

  .load-error {
    box-sizing: border-box;
    padding: 1rem;
    border: 1px solid var(--_border);
    border-radius: var(--_radius);
    background: var(--_surface);
    color: var(--_text);
  }
  .floating .load-error {
    position: fixed;
    z-index: var(--_z);
    inset-block-end: calc(var(--_offset) + var(--_launcher-size) + 12px + env(safe-area-inset-bottom, 0px));
    inset-inline-end: var(--_offset);
    inline-size: min(var(--_panel-width), calc(100vw - 2 * var(--_offset)));
    box-shadow: var(--_shadow);
  }
  .floating.placement-start .load-error {
    inset-inline-end: auto;
    inset-inline-start: var(--_offset);
  }
  .load-error p {
    margin: 0 0 0.75rem;
  }
  .load-error .retry {
    min-block-size: 44px;
    padding: 0 1rem;
    border: 0;
    border-radius: calc(var(--_radius) / 2);
    background: var(--_accent);
    color: var(--_on-accent);
    font: inherit;
    font-weight: 600;
    cursor: pointer;
  }

  @media (prefers-reduced-motion: reduce) {
    .launcher .spinner {
      animation: none;
      border-color: currentColor;
    }
  }
`;
