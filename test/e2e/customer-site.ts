// A customer's website for end-to-end tests: serves dist/ (the built widget) from its own origin, and a
// page embedding <voice-agent> that calls a service on another origin, under a strict CSP.
import { readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize } from 'node:path';

const dist = join(import.meta.dirname, '..', '..', 'dist');
const TYPES: Record<string, string> = { '.js': 'text/javascript', '.map': 'application/json' };

export interface CustomerSite {
  url: string;
  close(): Promise<void>;
}

export async function startCustomerSite(serviceUrl: string, publicId: string): Promise<CustomerSite> {
  const csp = [
    "default-src 'none'",
    "script-src 'self'",
    `connect-src ${serviceUrl} ${serviceUrl.replace('http:', 'ws:')}`,
    // The agent's avatar image is served by the service: a site lists the service in img-src.
    `img-src 'self' ${serviceUrl}`,
    "style-src 'self'",
  ].join('; ');
  const page = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>A shop</title>
<script type="module" src="/voice-agent.js"></script></head>
<body><h1>A shop</h1><voice-agent public-id="${publicId}" layout="inline" server-url="${serviceUrl}"></voice-agent></body></html>`;

  const server: Server = createServer(async (req, res) => {
    const path = new URL(req.url ?? '/', 'http://site').pathname;
    if (path === '/') {
      res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8', 'Content-Security-Policy': csp });
      return res.end(page);
    }
    const file = normalize(join(dist, path));
    if (!file.startsWith(dist)) return res.writeHead(403).end();
    try {
      const body = await readFile(file);
      res.writeHead(200, { 'Content-Type': TYPES[extname(file)] ?? 'application/octet-stream' });
      res.end(body);
    } catch {
      res.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://localhost:${(server.address() as AddressInfo).port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
