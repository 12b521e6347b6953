// What the element and the call UI (loaded on demand) give each other: the element is the host, the call UI
// renders the panel into it.
import type { ReactiveControllerHost } from 'lit';
import type { CallTarget } from '../../call/connection.ts';
import type { AgentInfo } from '../../call/types.ts';
import type { Catalogue, Lang } from '../i18n/catalogue.ts';
import type { ConsentGate } from './consent.ts';
import type { SessionFactory } from '../../worker/transport.ts';
import type { AudioFactory } from './panel/call-controller.ts';

/** What the call UI needs from the element that holds it. */
export interface CallUiHost extends ReactiveControllerHost, HTMLElement {
  /** Starts a call the way the page's `start()` does (the panel's Call buttons use it). */
  start(options?: { microphone?: boolean }): Promise<void>;
  end(): Promise<void>;
  sendText(text: string): void;
  muted: boolean;
  inputDeviceId: string;
  outputDeviceId: string;
  /** Whether the floating panel is open (the sheet follows the visual viewport only then). */
  open: boolean;
  readonly layout: string;
}

/** What the element gives the call UI when it loads it. */
export interface CallUiOptions {
  createAudio: AudioFactory;
  /** Where the calls run (a worker, or the main thread), and the sessions made there. */
  sessions: SessionFactory;
  /** The owner's consent notice: the panel shows it, and its button accepts and calls. */
  consent: ConsentGate;
  /** The agent remembered from an earlier visit, shown until this page's first call says who answers. */
  knownAgent: () => AgentInfo | null;
  /** The agent the element is for (its service and public id): what is kept of its calls is keyed by it. */
  target: () => CallTarget;
  /** The owner lets the next page continue a call (remember="visit", continue not "off"). */
  continues: () => boolean;
  /** The element's wrapper (the sheet sets the visual viewport's size on it). */
  shell: () => HTMLElement | null;
  /** The visitor picked a language in the panel. */
  chooseLang: (lang: Lang) => void;
  /** The call's state changed (the element reflects it). */
  stateChanged: () => void;
  /** A call went live with this agent (kept for the visit). */
  ready: (agent: AgentInfo) => void;
  /** Resolves once the element's DOM is up to date; unlike `updateComplete`, it does not wait for a language
   *  still downloading (the panel speaks its own until then), so focus moves are not held by the network. */
  rendered: () => Promise<unknown>;
}

/** How the panel renders this time (decided by the element). */
export interface PanelProps {
  /** The strings of the language the panel speaks. */
  t: Catalogue;
  /** The language the switcher shows: the one the visitor wants, while its strings download. */
  wantedLang: Lang;
  floating: boolean;
  /** Ignored inline; a floating panel is hidden while closed. */
  open: boolean;
  /** The open floating panel is a full-screen sheet (a phone): a modal dialog. */
  modal: boolean;
  onClose: () => void;
}
