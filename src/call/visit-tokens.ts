// Which visit token a ticket carries, and where the service's answer is kept (spec §4.9, issue 10 §6).
// Three places: the call's own token (in memory, for its reconnections), this page's memory (for the next call
// on the page, also with `remember="none"`), and the VisitStore (localStorage, only with `remember="visit"`).
import type { CallTarget, VisitKeeper } from './connection.ts';
import type { VisitStore } from './visit-store.ts';

/** `visit`: the spec's one-day visit token is stored; `none`: nothing is stored, each page load starts a new visit. */
export type RememberMode = 'visit' | 'none';

export class VisitTokens {
  /** The latest token per agent, for this page only. */
  readonly #inMemory = new Map<string, string>();
  /** Counts forget() calls: a call that began before the last one keeps its token to itself. */
  #forgotten = 0;

  readonly #store: VisitStore;
  /** Read at each ticket answer, so a change applies to the call under way too. */
  readonly #remember: () => RememberMode;

  constructor(store: VisitStore, remember: () => RememberMode) {
    this.#store = store;
    this.#remember = remember;
  }

  /**
   * The token of one call: within the call (reconnection), the latest answer's exactly; for its first ticket,
   * the stored one (only when the visitor may be remembered), else this page's.
   */
  forCall(target: CallTarget): VisitKeeper {
    const { serverUrl, publicId } = target;
    const key = `${serverUrl}|${publicId}`;
    const era = this.#forgotten;
    let own: string | undefined;
    return {
      get: () =>
        own ?? (this.#remember() === 'visit' ? this.#store.get(serverUrl, publicId) : undefined) ?? this.#inMemory.get(key),
      put: (visit) => {
        own = visit;
        // forget() was called during this call: its reconnections still carry on the conversation under
        // way, but nothing of it is written again (the next call starts a new visit).
        if (era !== this.#forgotten) return;
        this.#inMemory.set(key, visit);
        if (this.#remember() === 'visit') this.#store.put(serverUrl, publicId, visit);
        else this.#store.forget(serverUrl, publicId);
      },
    };
  }

  /** Removes every visit token the widget stored on this origin (and `target`'s, where storage cannot list its
   *  keys) and the ones this page holds; calls under way write nothing from now on. */
  forget(target?: CallTarget): void {
    this.#forgotten++;
    this.#inMemory.clear();
    if (target) this.#store.forget(target.serverUrl, target.publicId);
    this.#store.forgetAll();
  }
}
