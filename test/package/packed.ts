// The package as a consumer gets it: `npm pack` of the built repository, unpacked into a fresh folder outside
// the repository as node_modules/voice-agent-widget, with the runtime dependencies npm would install beside it
// (its `dependencies`, linked from this repository's node_modules, and nothing else). Needs `npm run build` first.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { cp, mkdir, mkdtemp, readFile, rm, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO = fileURLToPath(new URL('../..', import.meta.url));

export interface PackedFile {
  path: string;
  size: number;
}

export interface Packed {
  /** The folder holding node_modules/ (put the consumer's files here). */
  dir: string;
  /** The unpacked package. */
  packageDir: string;
  /** The tarball's size in bytes (what `npm pack` reports as "package size"). */
  tarballBytes: number;
  files: PackedFile[];
  dispose(): Promise<void>;
}

export async function packForConsumer(): Promise<Packed> {
  if (!existsSync(join(REPO, 'dist/index.js')) || !existsSync(join(REPO, 'dist/types'))) {
    throw new Error('dist/ is not built: run `npm run build` first');
  }
  const dir = await mkdtemp(join(tmpdir(), 'voice-agent-consumer-'));
  const [report] = JSON.parse(
    execFileSync('npm', ['pack', '--json', '--pack-destination', dir], { cwd: REPO, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }),
  ) as { filename: string; size: number; files: PackedFile[] }[];
  if (!report) throw new Error('npm pack reported nothing');
  const packageDir = join(dir, 'node_modules/voice-agent-widget');
  await mkdir(packageDir, { recursive: true });
  execFileSync('tar', ['-xzf', join(dir, report.filename), '-C', packageDir, '--strip-components=1']);
  const { dependencies = {} } = JSON.parse(await readFile(join(packageDir, 'package.json'), 'utf8')) as {
    dependencies?: Record<string, string>;
  };
  for (const name of Object.keys(dependencies)) {
    await mkdir(join(dir, 'node_modules', name, '..'), { recursive: true });
    await symlink(join(REPO, 'node_modules', name), join(dir, 'node_modules', name), 'dir');
  }
  return {
    dir,
    packageDir,
    tarballBytes: report.size,
    files: report.files,
    dispose: () => rm(dir, { recursive: true, force: true }),
  };
}

/** Copies a folder of consumer files (test/package/<name>/) into the packed consumer's folder. */
export async function addConsumerFiles(packed: Packed, name: string): Promise<void> {
  await cp(join(REPO, 'test/package', name), packed.dir, { recursive: true });
}
