import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';

export function sendJson(res: ServerResponse, status: number, body: unknown, headers: OutgoingHttpHeaders = {}): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    ...headers,
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': Buffer.byteLength(text),
    'Cache-Control': 'no-store',
  });
  res.end(text);
}

export function sendText(res: ServerResponse, status: number, text: string): void {
  res.writeHead(status, {
    'Content-Type': 'text/plain; charset=utf-8',
    'Content-Length': Buffer.byteLength(text),
    'Cache-Control': 'no-store',
  });
  res.end(text);
}

export class BodyTooLargeError extends Error {}

/** The request body, refusing more than `maxBytes`. */
export function readBody(req: IncomingMessage, maxBytes: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > maxBytes) {
        req.off('data', onData);
        req.resume(); // drain the rest so the answer can be written
        reject(new BodyTooLargeError());
        return;
      }
      chunks.push(chunk);
    };
    req.on('data', onData);
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

export function isJsonContentType(req: IncomingMessage): boolean {
  const type = req.headers['content-type'];
  return typeof type === 'string' && type.split(';')[0]!.trim().toLowerCase() === 'application/json';
}

/** The origin this server is reached at, from the request's Host header (a malformed one is ignored).
 *  Only for requests that passed the host check (host-check.ts). */
export function ownOrigin(req: IncomingMessage): string {
  const encrypted = (req.socket as { encrypted?: boolean }).encrypted === true;
  const scheme = encrypted ? 'https' : 'http';
  const host = req.headers.host;
  if (typeof host === 'string' && /^[A-Za-z0-9.\-]+(:\d{1,5})?$|^\[[0-9A-Fa-f:.]+\](:\d{1,5})?$/.test(host)) {
    try {
      return new URL(`${scheme}://${host}`).origin;
    } catch {
      // fall through to the socket's own address
    }
  }
  const address = req.socket.localAddress ?? '127.0.0.1';
  const hostPart = address.includes(':') ? `[${address}]` : address;
  return `${scheme}://${hostPart}:${req.socket.localPort ?? 80}`;
}

/** The request's Origin header, or null when there is none. */
export function requestOrigin(req: IncomingMessage): string | null {
  const origin = req.headers.origin;
  return typeof origin === 'string' && origin !== '' ? origin : null;
}

/** A %-encoded path segment decoded; a malformed escape is kept as written (it then matches nothing). */
export function decodeSegment(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
