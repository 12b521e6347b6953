// Closes connections whose request (headers, body, or an upgrade's headers) has not fully arrived within
// a deadline. Node's own `headersTimeout`/`requestTimeout` are only enforced by a sweep every 30 s, and
// Vite's server is not ours to configure: one timer per socket, which a complete request or an upgrade
// clears, works for both.
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';

export function closeIncompleteRequests(server: Server, deadlineMs: number): void {
  const timers = new WeakMap<Socket, ReturnType<typeof setTimeout>>();
  const disarm = (socket: Socket) => {
    clearTimeout(timers.get(socket));
    timers.delete(socket);
  };
  const keep = (socket: Socket, timer: ReturnType<typeof setTimeout>) => {
    timer.unref();
    timers.set(socket, timer);
  };
  /** From now, the socket has `deadlineMs` to deliver a whole request (`received` says when it has). */
  const arm = (socket: Socket, received: () => boolean = () => false) => {
    disarm(socket);
    const timer = setTimeout(() => {
      // Timers run before pending reads: on a busy event loop a request may have arrived but not been
      // parsed yet. Decide after the reads (which re-arm or disarm the socket) have had their turn.
      setImmediate(() => {
        if (timers.get(socket) === timer && !received()) socket.destroy();
      });
    }, deadlineMs);
    keep(socket, timer);
  };
  /** A kept-alive connection between requests: idle is fine (Node's keepAliveTimeout closes it), the
   *  deadline starts with the next request's first byte. */
  const awaitNextRequest = (socket: Socket) => {
    disarm(socket);
    const idleBytes = socket.bytesRead;
    const poll = setInterval(() => {
      if (socket.bytesRead !== idleBytes) arm(socket);
    }, Math.max(10, deadlineMs / 20));
    keep(socket, poll);
  };

  server.on('connection', (socket: Socket) => {
    arm(socket);
    socket.once('close', () => disarm(socket));
  });
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    const socket = req.socket;
    // The headers are in; the body (if any) has a deadline of its own. A request fully received is being
    // answered, however long that takes.
    arm(socket, () => req.complete);
    res.once('close', () => {
      if (!socket.destroyed) awaitNextRequest(socket);
    });
  });
  // Only for servers that take upgrades (ours and Vite's do): a listener here makes Node hand them over.
  server.on('upgrade', (req: IncomingMessage) => disarm(req.socket));
}
