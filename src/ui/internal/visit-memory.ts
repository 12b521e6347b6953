// What the widget keeps of the visit for one agent, in the page's one VisitStore (src/call/visit-store.ts):
// the consent notice's acceptance and the agent of the last call, per agent, and the language the visitor
// picked. `remember="none"` keeps them in the page's memory only. The visit tokens are the session's.
import { agentKey, LANG_KEY, pageVisitStore, type VisitStore } from '../../call/visit-store.ts';
import type { AgentInfo } from '../../call/types.ts';
import { LANGS, type Lang } from '../i18n/catalogue.ts';
import { readAgent } from './agent-memory.ts';

export interface Agent {
  serverUrl: string;
  publicId: string;
}

export class VisitMemory {
  readonly #agent: () => Agent;
  readonly #remembers: () => boolean;
  readonly #store: VisitStore;

  constructor(
    /** The agent (service and public id) what is kept belongs to: it follows the element's attributes. */
    agent: () => Agent,
    /** `remember="visit"` (true) or `"none"` (false). */
    remembers: () => boolean,
    store: VisitStore = pageVisitStore(),
  ) {
    this.#agent = agent;
    this.#remembers = remembers;
    this.#store = store;
  }

  get consentAccepted(): boolean {
    return this.#get(this.#key('consent')) === true;
  }

  acceptConsent(): void {
    this.#put(this.#key('consent'), true);
  }

  /** The agent of the last call with this widget's agent (its name, face and language), or null. */
  get lastAgent(): AgentInfo | null {
    return readAgent(this.#get(this.#key('agent')));
  }

  set lastAgent(agent: AgentInfo) {
    this.#put(this.#key('agent'), agent);
  }

  /** The language the visitor picked in the panel (for every agent), or null. */
  get chosenLang(): Lang | null {
    const value = this.#get(LANG_KEY);
    return LANGS.find((lang) => lang === value) ?? null;
  }

  set chosenLang(lang: Lang) {
    this.#put(LANG_KEY, lang);
  }

  /** The previous page of this tab left a call with this agent to continue (continuation.ts reads it; whether
   *  this widget may offer it is the owner's: Widget). */
  get continuationOffered(): boolean {
    return this.#store.hasForTab(this.#key('continue'));
  }

  /** Forgets the visit: everything kept on this page and stored on this origin, for every agent. */
  forget(): void {
    this.#store.forgetAll();
  }

  #key(kind: string): string {
    const { serverUrl, publicId } = this.#agent();
    return agentKey(kind, serverUrl, publicId);
  }

  #get(key: string): unknown {
    return this.#store.get(key, this.#remembers());
  }

  #put(key: string, value: unknown): void {
    this.#store.put(key, value, this.#remembers());
  }
}
