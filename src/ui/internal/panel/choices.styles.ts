import { css } from '../css-text.ts';

// The owner's optional pieces: the consent notice, the device pickers, the rating after a call; and the
// conversation's Copy and Download (in a small menu in the header during a call). Under 480 px of height (a phone in
// landscape, 200% zoom) the pickers sit side by side, each label beside its list.
export const choiceStyles = css`
  .consent {
    border-inline-start: 4px solid var(--_accent);
    /* The owner's words may hold a long address (a privacy policy's URL): it breaks instead of overflowing. */
    overflow-wrap: anywhere;
  }
  .consent ::slotted(*) {
    margin: 0;
  }
  .feedback {
    display: flex;
    flex-direction: column;
    gap: 0.5rem;
  }
  .feedback p {
    margin: 0;
  }
  .feedback-buttons {
    display: flex;
    flex-wrap: wrap;
    gap: 0.5rem;
  }
  .feedback-buttons button {
    flex: 1 1 auto;
  }
  .feedback-thanks:empty {
    display: none;
  }
  .devices {
    border: 1px solid var(--_border);
    border-radius: calc(var(--_radius) / 2);
    padding: 0 0.75rem;
  }
  .devices summary {
    min-block-size: 44px;
    display: flex;
    align-items: center;
    cursor: pointer;
  }
  @media (hover: hover) {
    .devices summary:hover {
      text-decoration: underline;
    }
  }
  .devices[open] {
    padding-block-end: 0.75rem;
  }
  .device-field {
    display: flex;
    flex-direction: column;
    gap: 0.25rem;
    margin-block-start: 0.5rem;
  }
  @media (max-height: 480px) {
    .device-field {
      display: inline-flex;
      flex-direction: row;
      align-items: center;
      gap: 0.5rem;
      inline-size: calc(50% - 0.5rem);
    }
    .device-field + .device-field {
      margin-inline-start: 0.5rem;
    }
    .device-field select {
      flex: 1;
      min-inline-size: 0;
    }
  }
  .device-field select {
    font: inherit;
    min-block-size: 44px;
    max-inline-size: 100%;
    box-sizing: border-box;
    border-radius: calc(var(--_radius) / 2);
    border: 1px solid var(--_border);
    background: var(--_surface);
    color: var(--_text);
    padding: 0 0.5rem;
  }
  .transcript-actions {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: 0.5rem;
  }
  /* The conversation's menu in the header during a call: a 44 px button, its Copy and Download in a card below it. */
  .menu {
    position: relative;
  }
  /* Next to the close button without the header's gap: the agent's name keeps the room (a phone at 150% zoom). */
  .menu:not(:last-child) {
    margin-inline-end: -0.75rem;
  }
  .menu summary {
    list-style: none;
    display: grid;
    place-items: center;
    inline-size: 44px;
    block-size: 44px;
    border-radius: calc(var(--_radius) / 2);
    cursor: pointer;
  }
  .menu summary::-webkit-details-marker {
    display: none;
  }
  .menu .transcript-actions {
    position: absolute;
    z-index: 1;
    inset-block-start: 100%;
    inset-inline-end: 0;
    flex-wrap: nowrap;
    padding: 0.5rem;
    background: var(--_surface);
    border: 1px solid var(--_border);
    border-radius: calc(var(--_radius) / 2);
    box-shadow: var(--_shadow);
  }
`;
