// The page the browser benchmark loads: a site serving the built widget (dist/) and a page with the
// default floating <voice-agent>, calling the service through the recording proxy. It notes every file it
// serves, with its gzip -9 size, so the bench can say what a visitor downloads and when.
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { startDistSite } from '../../test/e2e/dist-site.ts';

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
  const site = await startDistSite({
    page,
    extraFiles: { '/level-probe.worklet.js': join(import.meta.dirname, 'level-probe.worklet.js') },
    onServe: (path, body) => served.push({ path, bytes: body.length, gzipBytes: gzipSync(body, { level: 9 }).length }),
  });
  return { ...site, served };
}
