// Which visit token a ticket carries, and where the service's answer is kept (spec §4.9). Three places: the
// call's own token (for its reconnections), this page's memory (for the next call on the page, also with
// `remember="none"`) and storage (only with `remember="visit"`); the last two are the VisitStore's.
import type { CallTarget, VisitKeeper } from './connection.ts';
import { agentKey, type VisitValues } from './visit-store.ts';

/** `visit`: the spec's one-day visit token is stored; `none`: nothing is stored, each page load starts a new visit. */
export type RememberMode = 'visit' | 'none';

export class VisitTokens {
  /** Counts forget() calls: a call that began before the last one keeps its token to itself. */
  #forgotten = 0;

  readonly #store: VisitValues;
  /** Read at each ticket answer, so a change applies to the call under way too. */
  readonly #remember: () => RememberMode;

  constructor(store: VisitValues, remember: () => RememberMode) {
    this.#store = store;
    this.#remember = remember;
  }

  /** The token of one call: within the call (reconnection), the latest answer's exactly; for its first ticket,
   *  this page's, else the stored one (only when the visitor may be remembered). */
  forCall(target: CallTarget): VisitKeeper {
    const key = agentKey('visit', target.serverUrl, target.publicId);
    const era = this.#forgotten;
    let own: string | undefined;
    return {
      get: () => {
        const kept = this.#store.get(key, this.#remember() === 'visit');
        return own ?? (typeof kept === 'string' ? kept : undefined);
      },
      put: (visit) => {
        own = visit;
        // forget() was called during this call: its reconnections still carry on the conversation under
        // way, but nothing of it is written again (the next call starts a new visit).
        if (era === this.#forgotten) this.#store.put(key, visit, this.#remember() === 'visit');
      },
    };
  }

  /** Removes every visit token the widget kept on this page and stored on this origin (and `target`'s, where
   *  storage cannot list its keys); calls under way write nothing from now on. */
  forget(target?: CallTarget): void {
    this.#forgotten++;
    if (target) this.#store.forget(agentKey('visit', target.serverUrl, target.publicId));
    this.#store.forgetAll();
  }
}
