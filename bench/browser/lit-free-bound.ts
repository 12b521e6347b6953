// The least a whole call could weigh with a panel that does not use Lit: the same build with every `lit`
// import replaced by a stub of a few bytes (lit-runtime-stub.js), so Lit's runtime costs nothing and no
// replacement code is counted either. Measured, never run. It answers "would dropping Lit reach the
// download budget?" with a figure instead of an estimate.
import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { build } from 'vite';
import type { Served } from './site.ts';

/** A built file's name without its content hash: `assets/call-ui-Ck7-zlRk.js` → `call-ui`. */
const stem = (path: string) => basename(path).replace(/-[\w-]{8}\.js$/, '').replace(/\.js$/, '');

/** The gzip -9 sizes, in the stubbed build, of the files a call downloaded (`served`). */
export async function litFreeBound(served: Served[]): Promise<Served[]> {
  const outDir = await mkdtemp(join(tmpdir(), 'lit-free-'));
  try {
    await build({
      logLevel: 'warn',
      resolve: { alias: [{ find: /^lit(\/.*)?$/, replacement: join(import.meta.dirname, 'lit-runtime-stub.js') }] },
      build: { outDir, emptyOutDir: true },
    });
    const built = new Map<string, string>();
    for (const name of await readdir(join(outDir, 'assets'))) built.set(stem(name), join('assets', name));
    built.set('voice-agent', 'voice-agent.js');
    return Promise.all(
      served.map(async ({ path }) => {
        const file = built.get(stem(path));
        if (!file) throw new Error(`the stubbed build has no counterpart of ${path}`);
        const body = await readFile(join(outDir, file));
        return { path: `/${file}`, bytes: body.length, gzipBytes: gzipSync(body, { level: 9 }).length };
      }),
    );
  } finally {
    await rm(outDir, { recursive: true, force: true });
  }
}
