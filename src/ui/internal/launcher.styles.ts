import { css } from './css-text.ts';

// What shows before the call UI is loaded: the floating launcher and the agent's avatar (also used in the
// panel's header). Logical properties only: with dir="rtl" on .base the corner mirrors by itself. What the
// launcher shows only during a call (its ring, the mark of a paused call) comes with the call's code
// (call-ui.styles.ts), as does the header's small avatar.
export const launcherStyles = css`
  .launcher {
    --_safe-inline: max(env(safe-area-inset-left, 0px), env(safe-area-inset-right, 0px));
    position: fixed;
    inset-block-end: calc(var(--_offset) + env(safe-area-inset-bottom, 0px));
    inset-inline-end: calc(var(--_offset) + var(--_safe-inline));
    z-index: var(--_z);
    /* Never below a 44 px touch target, whatever --voice-agent-launcher-size says. */
    inline-size: max(44px, var(--_launcher-size));
    block-size: max(44px, var(--_launcher-size));
    box-sizing: border-box;
    padding: 0;
    border: 0;
    border-radius: 50%;
    background: var(--_accent);
    color: var(--_on-accent);
    box-shadow: var(--_shadow);
    font: inherit;
    cursor: pointer;
    display: grid;
    place-items: center;
  }
  /* Hover lifts the launcher a little, a press sinks it: transform only, and not with reduced motion. */
  @media (prefers-reduced-motion: no-preference) {
    .launcher {
      transition: transform 150ms ease-out;
    }
    @media (hover: hover) {
      .launcher:hover {
        transform: scale(1.06);
      }
    }
    .launcher:active {
      transform: scale(0.94);
    }
  }
  .placement-start .launcher {
    inset-inline-end: auto;
    inset-inline-start: calc(var(--_offset) + var(--_safe-inline));
  }
  .launcher .icon {
    inline-size: 28px;
    block-size: 28px;
  }

  .avatar {
    position: relative;
    flex: none;
    display: inline-grid;
    place-items: center;
    border-radius: 50%;
    overflow: hidden;
    background-color: var(--_accent);
    background-image: linear-gradient(135deg, var(--_accent), var(--_focus));
    color: #ffffff;
    font-weight: 700;
    text-shadow: 0 1px 2px rgb(0 0 0 / 0.6);
  }
  /* Fills the launcher's circle (a grid item sized in % collapsed to a sliver once the agent was known). */
  .avatar.large {
    position: absolute;
    inset: 0;
    font-size: 1.4em;
  }
  .avatar img {
    position: absolute;
    inset: 0;
    inline-size: 100%;
    block-size: 100%;
    object-fit: cover;
  }

  /* Forced colours (Windows high contrast) drop the fill and the shadow: a border in the system's button text
     colour keeps the circle visible (the icon follows that colour); the header's avatar gets a ring too. */
  @media (forced-colors: active) {
    .launcher {
      border: 2px solid ButtonText;
    }
    .launcher:hover {
      border-color: Highlight;
    }
  }
`;
