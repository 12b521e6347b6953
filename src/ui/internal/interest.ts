// The visitor's signs of interest once the call's code is here (its worker started with it), which make the call's
// way ready before the press: the connection to the service is opened, or opened again once it may have gone idle
// (connection-warmer.ts), and the microphone's permission is read, so that a call where it is granted asks for its
// ticket at once (src/call/audio-opening.ts). The signs: the pointer or the focus on the widget (the launcher, the
// panel's Call button), the code arriving while it is there (the launcher's hover is what loaded it), and an inline
// panel scrolled into view.
import { microphonePermission } from '../../audio/microphone-permission.ts';
import { connectionWarmer } from '../../call/connection-warmer.ts';
import type { CallTarget } from '../../call/connection.ts';
import type { CallUiHost } from './call-ui-contract.ts';

/** Watches `host` for the visitor's interest for as long as it lives; `service()` says where calls go and whether
 *  none is under way (a call's own line needs no warming). */
export function watchInterest(host: CallUiHost, service: () => { target: CallTarget; idle: boolean }): void {
  const warm = connectionWarmer((input, init) => fetch(input, init), () => performance.now());
  const interest = () => {
    microphonePermission.watch();
    const { target, idle } = service();
    if (idle) warm(target);
  };
  host.addEventListener('pointerover', interest);
  host.addEventListener('focusin', interest);
  if (typeof IntersectionObserver === 'function') {
    new IntersectionObserver((entries) => {
      if (host.layout === 'inline' && entries.some((entry) => entry.isIntersecting)) interest();
    }).observe(host);
  }
  if (host.matches(':hover, :focus-within')) interest();
}
