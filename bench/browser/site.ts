// The page the browser benchmark loads: a site serving the built widget (dist/) and a page with the
// default floating <voice-agent>, calling the service through the recording proxy. It notes every file it
// serves, with its gzip -9 size, so the bench can say what a visitor downloads and when.
import { readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize } from 'node:path';
import { gzipSync } from 'node:zlib';

const root = join(import.meta.dirname, '..', '..');
const dist = join(root, 'dist');
const probe = join(import.meta.dirname, 'level-probe.worklet.js');
const TYPES: Record<string, string> = { '.js': 'text/javascript', '.map': 'application/json' };

export interface Served {
  path: string;
  bytes: number;
  gzipBytes: number;
}

export interface BenchSite {
  url: string;
  /** Widget files served so far (the bench's own probe excluded), in order. */
  readonly served: Served[];
  close(): Promise<void>;
}

export async function startBenchSite(serviceUrl: string, publicId: string): Promise<BenchSite> {
  const page = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>A shop</title>
<script type="module" src="/voice-agent.js"></script></head>
<body><h1>A shop</h1><voice-agent public-id="${publicId}" server-url="${serviceUrl}"></voice-agent></body></html>`;
  const served: Served[] = [];
  const server: Server = createServer(async (req, res) => {
    const path = new URL(req.url ?? '/', 'http://site').pathname;
    if (path === '/') {
      res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
      return res.end(page);
    }
    const file = path === '/level-probe.worklet.js' ? probe : normalize(join(dist, path));
    if (file !== probe && !file.startsWith(dist)) return res.writeHead(403).end();
    try {
      const body = await readFile(file);
      if (file !== probe) served.push({ path, bytes: body.length, gzipBytes: gzipSync(body, { level: 9 }).length });
      res.writeHead(200, { 'Content-Type': TYPES[extname(file)] ?? 'application/octet-stream' });
      res.end(body);
    } catch {
      res.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://localhost:${(server.address() as AddressInfo).port}`,
    served,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
