// A website of its own origin serving one page at `/` and the built widget (dist/) beside it: what the
// customer-site tests and the browser benchmark load.
import { readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize } from 'node:path';

const dist = join(import.meta.dirname, '..', '..', 'dist');
const TYPES: Record<string, string> = { '.js': 'text/javascript', '.map': 'application/json' };

export interface DistSiteOptions {
  /** The HTML served at `/`. */
  page: string;
  /** Response headers of the page (a Content-Security-Policy, say). */
  pageHeaders?: Record<string, string>;
  /** Files served from outside dist/, by URL path. */
  extraFiles?: Record<string, string>;
  /** Called with each dist/ file served. */
  onServe?: (path: string, body: Buffer) => void;
  /** Answers 503 instead of this dist/ file when it returns true (a failed download, a deploy under way). */
  refuse?: (path: string) => boolean;
  /** Serves dist/ with `Access-Control-Allow-Origin: *`, as a CDN does (another origin's page may load it). */
  cors?: boolean;
  /** The name the site is reached by: `localhost` (default) or `127.0.0.1`, another origin on the same port's
   *  machine (both are secure contexts, so the microphone opens on either). */
  hostName?: 'localhost' | '127.0.0.1';
}

export interface DistSite {
  url: string;
  close(): Promise<void>;
}

export async function startDistSite(
  { page, pageHeaders = {}, extraFiles = {}, onServe, refuse, cors = false, hostName = 'localhost' }: DistSiteOptions,
): Promise<DistSite> {
  const server: Server = createServer(async (req, res) => {
    const path = new URL(req.url ?? '/', 'http://site').pathname;
    if (path === '/') {
      res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8', ...pageHeaders });
      return res.end(page);
    }
    const extra = Object.hasOwn(extraFiles, path) ? extraFiles[path] : undefined;
    const file = extra ?? normalize(join(dist, path));
    if (!extra && !file.startsWith(dist)) return res.writeHead(403).end();
    if (!extra && refuse?.(path)) return res.writeHead(503, { 'Cache-Control': 'no-store' }).end();
    try {
      const body = await readFile(file);
      if (!extra) onServe?.(path, body);
      res.writeHead(200, {
        'Content-Type': TYPES[extname(file)] ?? 'application/octet-stream',
        ...(cors && { 'Access-Control-Allow-Origin': '*' }),
      });
      res.end(body);
    } catch {
      res.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://${hostName}:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
