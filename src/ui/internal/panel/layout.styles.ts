import { css } from '../css-text.ts';

// The call panel: floating (pinned to a corner above the launcher) or inline (in the page flow). Only logical
// properties: with dir="rtl" on .base, "end" is the left edge, so the whole layout mirrors by itself.
// Short viewports put "Tap to continue" on one line with its explanation, so the call's controls keep their room.
export const layoutStyles = css`
  .panel {
    display: flex;
    flex-direction: column;
    box-sizing: border-box;
    background: var(--_surface);
    color: var(--_text);
    border: 1px solid var(--_border);
    border-radius: var(--_radius);
    overflow: hidden;
  }
  /* Browsers without relative colours cannot make the host's surface opaque in the theme (theme.styles.ts):
     there it is layered over the palette's own opaque surface. */
  @supports not (color: rgb(from red calc(r * alpha) g b / 1)) {
    .panel {
      background: linear-gradient(var(--_surface), var(--_surface)) var(--_surface-base);
    }
  }
  .panel[hidden] {
    display: none;
  }
  .floating .panel {
    position: fixed;
    z-index: var(--_z);
    inset-block-end: calc(var(--_offset) + var(--_launcher-size) + 12px + env(safe-area-inset-bottom, 0px));
    inset-inline-end: var(--_offset);
    inline-size: min(var(--_panel-width), calc(100vw - 2 * var(--_offset)));
    max-block-size: min(var(--_panel-height), calc(100dvh - var(--_launcher-size) - 2 * var(--_offset) - 12px));
    box-shadow: var(--_shadow);
  }
  /* A call or its transcript: full height, so the panel does not jump as turns arrive. */
  .floating .panel.tall {
    block-size: min(var(--_panel-height), calc(100dvh - var(--_launcher-size) - 2 * var(--_offset) - 12px));
  }
  .floating.placement-start .panel {
    inset-inline-end: auto;
    inset-inline-start: var(--_offset);
  }
  /* A phone (or a desktop zoomed to 200%): the open panel is a full-screen sheet over the visual viewport
     (the on-screen keyboard shrinks it, see SheetController), inside the device's safe areas. */
  .base.floating.sheet .panel {
    inset-block: var(--_vv-top, 0px) auto;
    inset-inline: 0;
    inline-size: auto;
    block-size: var(--_vv-height, 100dvh);
    max-block-size: none;
    border: 0;
    border-radius: 0;
    box-shadow: none;
    padding: env(safe-area-inset-top, 0px) env(safe-area-inset-right, 0px) env(safe-area-inset-bottom, 0px)
      env(safe-area-inset-left, 0px);
    overscroll-behavior: contain;
  }
  .inline .panel {
    inline-size: 100%;
    block-size: var(--_inline-height);
  }

  .header {
    display: flex;
    align-items: center;
    gap: 0.75rem;
    padding-block: 0.75rem;
    padding-inline: 1rem 0.5rem;
    border-block-end: 1px solid var(--_surface-alt);
  }
  .heading {
    flex: 1;
    min-inline-size: 0;
  }
  .heading h2 {
    margin: 0;
    font-size: 1.05em;
    font-weight: 650;
    overflow: hidden;
    text-overflow: ellipsis;
    white-space: nowrap;
  }
  .status {
    margin: 0;
    display: flex;
    align-items: center;
    gap: 0.4rem;
    color: var(--_text-muted);
    font-size: 0.9em;
  }

  .body {
    flex: 1;
    min-block-size: 0;
    display: flex;
    flex-direction: column;
    gap: 0.75rem;
    padding: 1rem;
    overflow-y: auto;
    overscroll-behavior: contain;
  }
  /* During a call in the floating panel only the transcript scrolls: the message box, Mute and End call
     stay on screen (after it, Call again, the rating and the transcript's Jump to latest likewise). Where
     even they do not fit (a phone in landscape, large text), the body scrolls rather than cut them off. */
  .floating .body:is(.state-live, .state-reconnecting, .state-ended, .state-error) {
    overflow-x: hidden;
    overflow-y: auto;
  }
  .floating .body:is(.state-live, .state-reconnecting, .state-ended, .state-error) > * {
    flex: none;
  }
  .floating .body:is(.state-live, .state-reconnecting, .state-ended, .state-error) > .transcript-wrap {
    flex: 1 1 0;
    min-block-size: 0;
  }
  /* After a call the conversation is what is left to read: never squeezed to a sliver under the card, the
     rating and the language picker (a phone in landscape); the body scrolls instead. */
  .floating .body:is(.state-ended, .state-error) > .transcript-wrap {
    min-block-size: min(6rem, 100%);
  }
  /* Short viewports (a phone in landscape, 200% zoom): tighter spacing. */
  @media (max-height: 480px) {
    .header {
      padding-block: 0.25rem;
    }
    .body {
      padding: 0.5rem 0.75rem;
      gap: 0.5rem;
    }
    .notice.resume-notice {
      flex-direction: row;
      align-items: center;
      padding-block: 0.25rem;
    }
    .resume-notice p {
      flex: 1;
    }
    .resume-notice .wide {
      inline-size: auto;
    }
  }
  .intro p {
    margin: 0 0 0.5rem;
  }
  .connecting {
    display: flex;
    align-items: center;
    gap: 0.75rem;
  }
  .connecting p {
    margin: 0;
  }
  .spinner {
    flex: none;
    inline-size: 24px;
    block-size: 24px;
    border-radius: 50%;
    border: 3px solid var(--_surface-alt);
    border-block-start-color: var(--_accent);
    /* spin: the launcher's (shell.styles.ts), in the same shadow root. */
    animation: spin 0.9s linear infinite;
  }

  .line-notice {
    margin: 0;
    padding: 0.25rem 0.5rem;
    border-radius: calc(var(--_radius) / 2);
    background: var(--_surface-alt);
    font-size: 0.85em;
  }
  .notice {
    padding: 0.75rem 1rem;
    border-radius: calc(var(--_radius) / 2);
    background: var(--_surface-alt);
    display: flex;
    flex-direction: column;
    gap: 0.5rem;
  }
  .notice p,
  .notice h3 {
    margin: 0;
  }
  .notice-title {
    font-weight: 650;
    font-size: 1em;
  }
  .notice.error {
    border-inline-start: 4px solid var(--_danger);
  }

  .live-info {
    display: flex;
    flex-direction: column;
    gap: 0.35rem;
    font-size: 0.9em;
    color: var(--_text-muted);
  }
  .live-info p {
    margin: 0;
    display: flex;
    align-items: center;
    gap: 0.35rem;
  }
  .timer {
    justify-content: space-between;
    font-variant-numeric: tabular-nums;
  }
  .timer .elapsed {
    direction: ltr;
    unicode-bidi: isolate;
  }
  .timer.warning .left {
    color: var(--_warning);
    font-weight: 700;
  }
  .live-info .icon,
  .quality .icon {
    flex: none;
    inline-size: 18px;
    block-size: 18px;
  }
  .quality {
    display: flex;
    align-items: center;
    gap: 0.35rem;
  }

  @media (prefers-reduced-motion: reduce) {
    .spinner {
      animation: none;
      border-color: var(--_accent);
    }
  }
  @media (forced-colors: active) {
    .spinner {
      border-block-start-color: Highlight;
    }
  }
`;
