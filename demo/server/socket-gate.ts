// The call socket's handshake: only a valid, unused, unexpired ticket from the right origin opens a call;
// anything else is refused with HTTP 401 before the upgrade (spec §4.10).
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer } from 'ws';
import { Call } from './call.ts';
import type { SimulatorContext } from './context.ts';
import { requestOrigin } from './http-util.ts';

export class SocketGate {
  readonly #ctx: SimulatorContext;
  readonly #wss: WebSocketServer;
  readonly #calls = new Set<Call>();

  constructor(ctx: SimulatorContext) {
    this.#ctx = ctx;
    // noServer: the HTTP server (ours or Vite's) hands over only upgrades for our path.
    this.#wss = new WebSocketServer({ noServer: true, maxPayload: ctx.limits.maxMessageBytes, perMessageDeflate: false });
  }

  get openCalls(): number {
    return this.#calls.size;
  }

  /** Takes the upgrade if it is for the call socket's path; returns false (touching nothing) otherwise. */
  handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): boolean {
    let url: URL;
    try {
      url = new URL(req.url ?? '/', 'http://simulator');
    } catch {
      return false;
    }
    if (url.pathname !== this.#ctx.socketPath) return false;
    socket.on('error', (error) => this.#ctx.log(`call socket: ${error.message}`));
    if (!this.#ctx.hostAllowed(req)) {
      refuse(socket, 403, 'Blocked request: this host is not allowed');
      return true;
    }
    if (!isWebSocketHandshake(req)) {
      // Refused before the ticket is looked at, so a malformed attempt does not use it up.
      refuse(socket, 400, 'Not a WebSocket handshake');
      return true;
    }

    const redemption = this.#ctx.tickets.redeem(url.searchParams.get('token'), requestOrigin(req), this.#ctx.clock.now());
    if (!redemption.ok) {
      refuse(socket, 401, `Ticket refused (${redemption.why})`);
      return true;
    }
    const publicOrigin = this.#ctx.serviceOrigin(req);
    this.#wss.handleUpgrade(req, socket, head, (ws) => {
      const call: Call = new Call(ws, socket, redemption.ticket, this.#ctx, publicOrigin, () => this.#calls.delete(call));
      this.#calls.add(call);
    });
    return true;
  }

  close(): void {
    for (const call of [...this.#calls]) call.shutdown();
    this.#wss.close();
  }
}

/** What `ws` itself checks before accepting an upgrade (RFC 6455 §4.2.1). */
function isWebSocketHandshake(req: IncomingMessage): boolean {
  const key = req.headers['sec-websocket-key'];
  return (
    req.method === 'GET' &&
    req.headers.upgrade?.toLowerCase() === 'websocket' &&
    (req.headers['sec-websocket-version'] === '13' || req.headers['sec-websocket-version'] === '8') &&
    typeof key === 'string' &&
    /^[+/0-9A-Za-z]{22}==$/.test(key)
  );
}

const STATUS_TEXT: Record<number, string> = { 400: 'Bad Request', 401: 'Unauthorized', 403: 'Forbidden' };

function refuse(socket: Duplex, status: number, message: string): void {
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_TEXT[status] ?? 'Error'}\r\n` +
      'Connection: close\r\n' +
      'Content-Type: text/plain; charset=utf-8\r\n' +
      `Content-Length: ${Buffer.byteLength(message)}\r\n` +
      '\r\n' +
      message,
  );
  socket.once('finish', () => socket.destroy());
}
