// Which call an element shows: its own, or one it adopted because the element that showed it left the page a
// moment ago (call-registry.ts: a single-page app re-rendering its layout). The element's panel listens to the
// call it shows, and to that one only.
import type { ReactiveController } from 'lit';
import { isActive } from '../../call/state-machine.ts';
import type { SessionFactory } from '../../worker/transport.ts';
import { adoptable, left, show } from './call-registry.ts';
import type { CallUiHost } from './call-ui-contract.ts';
import { type AudioFactory, CallController } from './panel/call-controller.ts';

export interface ShownCallOptions {
  sessions: SessionFactory;
  createAudio: AudioFactory;
  /** The agent the element is for (service and public id): it adopts only a call with the same. */
  agent: () => string;
  /** Subscribes the panel to a call; returns what unsubscribes it. */
  bind: (call: CallController) => () => void;
  /** The element took over a call under way; `open`: the panel of the element that left was open. */
  adopted: (open: boolean) => void;
}

export class ShownCall implements ReactiveController {
  #call: CallController;
  #unbind: () => void = () => {};
  readonly #host: CallUiHost;
  readonly #options: ShownCallOptions;

  constructor(host: CallUiHost, options: ShownCallOptions) {
    this.#host = host;
    this.#options = options;
    this.#call = new CallController(options.sessions);
    this.#bind(this.#call);
    host.addController(this);
  }

  get call(): CallController {
    return this.#call;
  }

  hostConnected(): void {
    const call = this.#call;
    if (isActive(call.state)) return this.#show(); // moved: its call stays with it
    const found = adoptable(this.#options.agent());
    if (!found) return;
    this.#bind(found.call);
    this.#show();
    this.#options.adopted(found.open);
  }

  hostDisconnected(): void {
    left(this.#call, this.#host.open);
  }

  /** The call starts: the page knows which element shows it. */
  #show(): void {
    // Another element adopted it: this one starts afresh with a call of its own.
    show(this.#call, this.#options.agent(), this.#host, () => this.#bind(new CallController(this.#options.sessions)));
  }

  #bind(call: CallController): void {
    this.#unbind();
    this.#call = call;
    call.attach(this.#host, this.#options.createAudio);
    call.muted = this.#host.muted;
    const unbind = this.#options.bind(call);
    const unshow = call.on('state', ({ state }) => state === 'connecting' && this.#show());
    this.#unbind = () => {
      unbind();
      unshow();
    };
  }
}
