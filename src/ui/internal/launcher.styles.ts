import { css } from './css-text.ts';

// What shows before the call UI is loaded: the floating launcher and the agent's avatar (also used in the
// panel's header). Logical properties only: with dir="rtl" on .base the corner mirrors by itself.
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
  .placement-start .launcher {
    inset-inline-end: auto;
    inset-inline-start: calc(var(--_offset) + var(--_safe-inline));
  }
  .launcher .icon {
    inline-size: 28px;
    block-size: 28px;
  }
  .launcher.active::after {
    content: '';
    position: absolute;
    inset: -5px;
    border-radius: 50%;
    border: 3px solid var(--_accent);
    opacity: 0.6;
    /* A few pulses when the call starts, then a still ring: an endless animation costs a frame every 16 ms. */
    animation: ring 1.6s ease-out 3;
  }
  @keyframes ring {
    from {
      transform: scale(0.95);
      opacity: 1;
    }
    to {
      transform: scale(1.25);
      opacity: 0;
    }
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
  .avatar.small {
    inline-size: 40px;
    block-size: 40px;
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


  @media (prefers-reduced-motion: reduce) {
    .launcher.active::after {
      animation: none;
    }
  }
`;
