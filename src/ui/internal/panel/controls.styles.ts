import { css } from '../css-text.ts';

// Buttons, the message box and the level meters. Every control is at least 44 × 44 px. Each kind of button
// sets its fill in --_fill, which hover and press then tint.
export const controlStyles = css`
  button {
    background: var(--_fill, transparent);
    font: inherit;
    min-block-size: 44px;
    min-inline-size: 44px;
    box-sizing: border-box;
    display: inline-flex;
    align-items: center;
    justify-content: center;
    gap: 0.5rem;
    padding: 0 0.75rem;
    border-radius: calc(var(--_radius) / 2);
    border: 1px solid transparent;
    cursor: pointer;
    white-space: nowrap;
  }
  button .icon {
    inline-size: 20px;
    block-size: 20px;
    flex: none;
  }
  .primary {
    --_fill: var(--_accent);
    color: var(--_on-accent);
  }
  .secondary {
    --_fill: var(--_surface-alt);
    color: var(--_text);
    border-color: var(--_border);
  }
  .danger {
    --_fill: var(--_danger);
    color: var(--_on-danger);
  }
  .ghost {
    --_fill: transparent;
    color: var(--_text);
  }
  .wide {
    inline-size: 100%;
  }
  .icon-button {
    padding: 0;
    inline-size: 44px;
    block-size: 44px;
  }
  button[aria-disabled='true'] {
    cursor: not-allowed;
    --_fill: var(--_surface);
    color: var(--_text);
    border: 1px dashed var(--_border);
  }
  button[aria-pressed='true'] {
    --_fill: var(--_text);
    color: var(--_surface);
  }
  /* Hover and press mix 8% of the text colour into the fill (Material's state layer, as a colour rather than
     a layer over the text, so axe-core can still check the contrast; at least 4.5:1 with the default palette). */
  @media (hover: hover) {
    .panel button:hover:enabled:not([aria-disabled='true']) {
      background-color: color-mix(in srgb, currentColor 8%, var(--_fill, transparent));
    }
  }
  .panel button:active:enabled:not([aria-disabled='true']) {
    background-color: color-mix(in srgb, currentColor 8%, var(--_fill, transparent));
  }
  /* A press also sinks the button a little. Only transform moves (no layout, no repaint of the page). */
  @media (prefers-reduced-motion: no-preference) {
    .panel button {
      transition: transform 120ms ease-out;
    }
    .panel button:active:enabled:not([aria-disabled='true']) {
      transform: scale(0.96);
    }
  }
  [dir='rtl'] .send .icon {
    transform: scaleX(-1);
  }

  /* Mute and End call side by side, as wide as each other where they can be; never narrower than their
     longest word (a label cut to "Raccroche" is no label), so on a narrow screen or with enlarged text
     (a phone at 110-130% zoom is under 300 CSS px wide) End call goes below Mute. */
  .controls {
    display: flex;
    flex-wrap: wrap;
    gap: 0.5rem;
  }
  .controls button {
    flex: 1 1 0;
    min-inline-size: min-content;
    white-space: normal;
    line-height: 1.2;
  }

  .message-form {
    display: flex;
    flex-wrap: wrap;
    gap: 0.5rem;
  }
  .message-form input {
    flex: 1;
    min-inline-size: 0;
    min-block-size: 44px;
    box-sizing: border-box;
    padding: 0 0.75rem;
    font: inherit;
    color: var(--_text);
    background: var(--_surface);
    border: 1px solid var(--_border);
    border-radius: calc(var(--_radius) / 2);
  }
  .message-form input::placeholder {
    color: var(--_text-muted);
  }
  .message-form .field-error {
    flex-basis: 100%;
  }

  .meter {
    --_bar: 18px;
    display: inline-flex;
    align-items: center;
    gap: 2px;
    block-size: var(--_bar);
    color: var(--_accent);
  }
  .meter i {
    display: block;
    inline-size: 3px;
    block-size: var(--_bar);
    border-radius: 2px;
    background: currentColor;
    /* Scaled, not resized: a new level repaints without a layout. No transition: levels arrive up to 30 times
       a second, and an always-running transition would cost the page a frame every 16 ms. */
    transform: scaleY(calc(0.2 + 0.8 * var(--level, 0) * var(--_k, 1)));
    will-change: transform;
  }
  .meter i:nth-child(1),
  .meter i:nth-child(5) {
    --_k: 0.55;
  }
  .meter i:nth-child(2),
  .meter i:nth-child(4) {
    --_k: 0.8;
  }
  button .meter {
    color: currentColor;
  }
  /* A meter the call's worker draws on its canvas (meter-painter.ts), in the bars' place and look. */
  .meter[data-drawn] i {
    display: none;
  }
  .meter canvas {
    display: block;
    inline-size: 23px;
    block-size: var(--_bar);
  }

  .meter.off i {
    transform: scaleY(0.15);
    opacity: 0.45;
  }

  @media (prefers-reduced-motion: reduce) {
    .meter i {
      transform: scaleY(0.5);
      opacity: 0.4;
    }
    .meter.active i {
      opacity: 1;
    }
  }

  /* Forced colours (Windows high contrast) drop fills: the bars and a pressed or inert button need system
     colours to stay visible; a hovered button shows it with its border. */
  @media (forced-colors: active) {
    .meter i {
      background: CanvasText;
    }
    button .meter i {
      background: ButtonText;
    }
    button[aria-disabled='true'] {
      color: GrayText;
      border-color: GrayText;
    }
    /* Not adjusted: a forced fill would put a Canvas backplate behind the HighlightText label. */
    button[aria-pressed='true'] {
      forced-color-adjust: none;
      background: Highlight;
      color: HighlightText;
      border-color: Highlight;
    }
    button[aria-pressed='true'] .meter i {
      background: HighlightText;
    }
    .panel button:hover:enabled:not([aria-disabled='true']) {
      border-color: Highlight;
    }
  }
`;
