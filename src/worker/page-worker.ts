// Where the page allows no worker, the call's host runs on the page's own thread behind the same messages: a
// MessageChannel stands in for the worker. The page's side (WorkerSession) and the call's side (CallHost, the
// session, its audio on ports) are then one code on both transports; only the thread differs.
import type { CallHost } from './call-host.ts';
import type { FromWorker, ToWorker } from './protocol.ts';

/** What WorkerSession needs of the call's worker: a Worker, or a host on the page. */
export interface CallWorker {
  postMessage(message: ToWorker, transfer?: Transferable[]): void;
  onmessage: ((event: MessageEvent<FromWorker>) => void) | null;
  onerror: ((event: ErrorEvent) => void) | null;
  terminate(): void;
  /** The host runs on the page's own thread: the page paints its meters itself (nothing is spared by handing
   *  them over). */
  readonly onPage?: boolean;
}

/** A call host of class `Host` on this thread, reached as a worker is. */
export function pageWorker(Host: typeof CallHost): CallWorker {
  const { port1, port2 } = new MessageChannel();
  const host = new Host(port1);
  return {
    postMessage: (message, transfer = []) => port2.postMessage(message, transfer),
    get onmessage() {
      return port2.onmessage;
    },
    set onmessage(listener) {
      port2.onmessage = listener;
    },
    onerror: null, // nothing to fail to load, no realm to crash
    onPage: true,
    terminate: () => {
      host.close();
      port1.close();
      port2.close();
    },
  };
}
