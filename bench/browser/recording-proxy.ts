// A recording proxy in front of the simulated service: the page's ticket requests and its call socket go
// through it, and it notes the arrival time of every binary message (a microphone frame) the page sends,
// on the server's side of the socket. Host headers pass through, so the ticket's wsUrl points back here.
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { WebSocket, WebSocketServer, type RawData } from 'ws';

export interface RecordingProxy {
  url: string;
  /** Epoch milliseconds (performance.timeOrigin + now) of every binary message from the page, per socket. */
  readonly frames: number[][];
  /** Epoch milliseconds at which the service's `interrupted` messages passed towards the page. */
  readonly interruptions: number[];
  close(): Promise<void>;
}

export const epochNow = (): number => performance.timeOrigin + performance.now();

export async function startRecordingProxy(target: string): Promise<RecordingProxy> {
  const targetUrl = new URL(target);
  const frames: number[][] = [];
  const interruptions: number[] = [];
  const wss = new WebSocketServer({ noServer: true, perMessageDeflate: false });
  const server: Server = createServer((req, res) => {
    const upstream = request(
      { host: targetUrl.hostname, port: targetUrl.port, method: req.method, path: req.url, headers: req.headers },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => res.writeHead(502).end());
    req.pipe(upstream);
  });
  server.on('upgrade', (req, socket, head) => {
    socket.on('error', () => socket.destroy());
    wss.handleUpgrade(req, socket, head, (client) => {
      const times: number[] = [];
      frames.push(times);
      const pending: Array<[RawData, boolean]> = [];
      const protocols = req.headers['sec-websocket-protocol']?.split(',').map((p) => p.trim());
      const headers: Record<string, string> = { host: req.headers.host ?? targetUrl.host };
      if (req.headers.origin) headers.origin = req.headers.origin;
      const upstream = new WebSocket(`ws://${targetUrl.host}${req.url ?? '/'}`, protocols, { headers, perMessageDeflate: false });
      client.on('message', (data, isBinary) => {
        if (isBinary) times.push(epochNow());
        if (upstream.readyState === WebSocket.OPEN) upstream.send(data, { binary: isBinary });
        else pending.push([data, isBinary]);
      });
      upstream.on('open', () => {
        for (const [data, isBinary] of pending.splice(0)) upstream.send(data, { binary: isBinary });
      });
      upstream.on('message', (data, isBinary) => {
        if (!isBinary && data.toString().includes('"interrupted"')) interruptions.push(epochNow());
        if (client.readyState === WebSocket.OPEN) client.send(data, { binary: isBinary });
      });
      const closeBoth = (code: number, reason: Buffer) => {
        const valid = code >= 1000 && code !== 1005 && code !== 1006;
        for (const side of [client, upstream]) {
          if (side.readyState === WebSocket.OPEN) valid ? side.close(code, reason) : side.terminate();
        }
      };
      client.on('close', closeBoth);
      upstream.on('close', closeBoth);
      client.on('error', () => upstream.terminate());
      upstream.on('error', () => client.terminate());
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    frames,
    interruptions,
    close: () =>
      new Promise<void>((resolve) => {
        for (const client of wss.clients) client.terminate();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
