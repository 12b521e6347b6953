// The UI tests' call runs behind its host on the page (Worker is stubbed out: src/worker/page-worker.ts), so what
// the test's fake service says reaches the element a message later, as it would from a worker. This tracks the
// page's MessageChannels: `delivered()` resolves once every message posted on one has been handled at its other
// end (or that end was closed or handed elsewhere), so a test's `await el.updateComplete` sees what it said.
import { vi } from 'vitest';

/** Messages on their way to each receiving port. */
const pending = new Map<MessagePort, number>();
/** Ports handed to another side in a transfer: their messages are no longer seen here. */
const gone = new WeakSet<MessagePort>();
const handler = Object.getOwnPropertyDescriptor(MessagePort.prototype, 'onmessage')!;
const NativeChannel = globalThis.MessageChannel;

function received(port: MessagePort): void {
  const left = (pending.get(port) ?? 1) - 1;
  if (left > 0) pending.set(port, left);
  else pending.delete(port);
}

function letGo(port: MessagePort): void {
  gone.add(port);
  pending.delete(port);
}

function track(port: MessagePort, partner: MessagePort): void {
  const post = port.postMessage.bind(port) as (message: unknown, transfer?: Transferable[]) => void;
  port.postMessage = (message: unknown, transfer?: Transferable[] | StructuredSerializeOptions) => {
    const list = Array.isArray(transfer) ? transfer : (transfer?.transfer ?? []);
    for (const item of list) if (item instanceof MessagePort) letGo(item);
    if (!gone.has(partner)) pending.set(partner, (pending.get(partner) ?? 0) + 1);
    post(message, list);
  };
  Object.defineProperty(port, 'onmessage', {
    configurable: true,
    get: () => handler.get!.call(port) as unknown,
    set: (listener: ((event: MessageEvent) => void) | null) => {
      handler.set!.call(
        port,
        listener &&
          ((event: MessageEvent) => {
            try {
              listener.call(port, event);
            } finally {
              received(port);
            }
          }),
      );
    },
  });
  const close = port.close.bind(port);
  port.close = () => {
    letGo(port);
    close();
  };
}

/** From now on (until `vi.unstubAllGlobals()`), the page's new MessageChannels are tracked. */
export function trackMessageChannels(): void {
  vi.stubGlobal(
    'MessageChannel',
    class extends NativeChannel {
      constructor() {
        super();
        track(this.port1, this.port2);
        track(this.port2, this.port1);
      }
    },
  );
}

/** Resolves once no message on a tracked channel is on its way (each one handled, and any it caused). */
export async function delivered(timeoutMs = 2000): Promise<void> {
  const until = performance.now() + timeoutMs;
  while (pending.size > 0) {
    if (performance.now() > until) throw new Error(`${pending.size} port(s) never handled their messages`);
    await new Promise((resolve) => setTimeout(resolve, 0));
  }
}

/** Forgets what was on its way (between tests). */
export function forgetMessages(): void {
  pending.clear();
}
