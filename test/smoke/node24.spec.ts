import { execFileSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, realpathSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import type { HealthResponse, ListResponse } from '@furlong/contracts';
import { cleanEnv, killAllGroups, killGroup, runStep, spawnGroup } from '../support/bounded-run';
import { ensureNodeDist } from '../support/node-dist';
import { REPO_ROOT } from '../support/server-process';

/** The whole check, download to shutdown; each step gets what is left of it. */
const BUDGET_MS = 6 * 60_000;
const NODE_MAJOR = 24;

/**
 * A new user's path on a maintained Node line: the repository as committed plus the working tree's
 * edits, `npm ci` (engine-strict, so our `engines` and every dependency's must admit this Node),
 * `npm run build`, then the server on its embedded defaults, all under Node 24 from the registry.
 */
describe(`the product on Node ${NODE_MAJOR}`, () => {
  const work = mkdtempSync(join(tmpdir(), `furlong-node${NODE_MAJOR}-`));
  const repo = join(work, 'repo');
  const dataDir = join(work, 'data');

  // Removing a full node_modules takes a minute or more on a busy disk.
  afterAll(async () => {
    killAllGroups();
    await rm(work, { recursive: true, force: true });
  }, 300_000);

  it(
    `should install, build, start and answer queries under Node ${NODE_MAJOR}`,
    async () => {
      const started = Date.now();
      const deadline = started + BUDGET_MS;
      const timings: string[] = [];
      const timed = async <T>(label: string, step: () => Promise<T>): Promise<T> => {
        const stepStarted = Date.now();
        const result = await step();
        timings.push(`${label} ${((Date.now() - stepStarted) / 1000).toFixed(1)} s`);
        return result;
      };

      const dist = await timed('fetch node', () => ensureNodeDist(NODE_MAJOR, deadline - Date.now()));
      const env = cleanEnv(dist.binDir);
      const opts = () => ({ cwd: repo, env, deadline });

      // The working tree as git sees it: tracked files as edited plus new files not yet committed
      // (an edit may need both), without ignored files and files deleted there.
      await timed('copy', async () => {
        const files = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
          cwd: REPO_ROOT,
          encoding: 'utf8',
        }).split('\0');
        for (const file of files.filter((f) => f !== '' && existsSync(join(REPO_ROOT, f)))) {
          mkdirSync(dirname(join(repo, file)), { recursive: true });
          copyFileSync(join(REPO_ROOT, file), join(repo, file));
        }
      });

      // The machine's npm, started through `#!/usr/bin/env node`, runs under the Node first on PATH.
      const nodeV = await runStep('node -v', 'node', ['-v'], opts());
      expect(nodeV.output.trim()).toBe(`v${dist.version}`);
      const npmVersions = JSON.parse((await runStep('npm version', 'npm', ['version', '--json'], opts())).output) as {
        node: string;
      };
      expect(npmVersions.node).toBe(dist.version);

      const ci = await timed('npm ci', () =>
        runStep('npm ci', 'npm', ['ci', '--prefer-offline', '--no-audit', '--no-fund', '--engine-strict'], opts()),
      );
      // A quiet install: every install script is decided in package.json's allowScripts.
      expect(ci.output).not.toMatch(/install-scripts|EBADENGINE/);
      await timed('build', () => runStep('npm run build', 'npm', ['run', 'build'], opts()));

      const server = spawnGroup('node', ['apps/server/dist/main.js'], {
        cwd: repo,
        // A few hundred fair-odds runs per opened race (as every test server): this checks Node 24,
        // on a machine the other suites share.
        env: { ...env, HOST: '127.0.0.1', PORT: '0', DATA_DIR: dataDir, LOG_LEVEL: 'info', FAIR_ODDS_RUNS: '200' },
      });
      const lines: string[] = [];
      const exited = new Promise<number | null>((resolve) => server.once('exit', (code) => resolve(code)));
      const baseUrl = await timed(
        'boot',
        () =>
          new Promise<string>((resolve, reject) => {
            const timer = setTimeout(
              () => reject(new Error(`server not up within the time limit:\n${lines.slice(-40).join('\n')}`)),
              Math.max(0, deadline - Date.now()),
            );
            for (const stream of [server.stdout, server.stderr]) {
              createInterface({ input: stream as NodeJS.ReadableStream }).on('line', (line) => {
                lines.push(line);
                const match = /Furlong is up at (http:\/\/\S+?)[ )"]/.exec(line);
                if (match?.[1]) {
                  clearTimeout(timer);
                  resolve(match[1].replace('localhost', '127.0.0.1'));
                }
              });
            }
            void exited.then((code) => {
              clearTimeout(timer);
              reject(new Error(`server exited with ${code} before it was up:\n${lines.slice(-40).join('\n')}`));
            });
          }),
      );
      // The server's own process is the Node 24 binary (Linux names a process's executable in /proc).
      if (process.platform === 'linux') expect(realpathSync(`/proc/${server.pid}/exe`)).toBe(realpathSync(dist.node));

      const get = async <T>(path: string): Promise<T> => {
        const res = await fetch(`${baseUrl}${path}`, { signal: AbortSignal.timeout(30_000) });
        expect(res.status).toBe(200);
        return (await res.json()) as T;
      };
      // Healthy once its first passes have run (see the embedded smoke test): polled for a minute.
      let health = await get<HealthResponse>('/api/health');
      for (const until = Date.now() + 60_000; health.status !== 'ok' && Date.now() < until; ) {
        await new Promise((r) => setTimeout(r, 1000));
        health = await get<HealthResponse>('/api/health');
      }
      expect(health).toEqual({ status: 'ok', database: 'up', redis: 'disabled' });
      const tracks = await get<ListResponse<{ track_name: string }>>('/api/tracks');
      expect(tracks.total).toBeGreaterThan(0);
      expect(tracks.items[0]?.track_name).toEqual(expect.any(String));
      const storms = await get<ListResponse<{ horse_name: string }>>('/api/horses?q=storm');
      expect(storms.total).toBeGreaterThan(0);
      // The free text may match any of the name columns (sire, dam…): each hit mentions it somewhere.
      for (const horse of storms.items) expect(JSON.stringify(horse).toLowerCase()).toContain('storm');
      expect(storms.total).toBeLessThan((await get<ListResponse<unknown>>('/api/horses?limit=1')).total);

      // A clean stop: SIGTERM, exit 0, within a bounded wait.
      killGroup(server, 'SIGTERM');
      // The wait's timer is unref'd, as the cluster fault test's guards (left holding the event loop,
      // it kept the Jest worker alive for 20 s after the test, and Jest force-exited the worker).
      const code = await Promise.race([
        exited,
        new Promise<'hung'>((r) => setTimeout(() => r('hung'), 20_000).unref()),
      ]);
      expect(code).toBe(0);

      const pkg = JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8')) as { engines: { node: string } };
      console.log(
        `Node ${dist.version} (engines ${pkg.engines.node}): ${timings.join(', ')}; total ${((Date.now() - started) / 1000).toFixed(1)} s`,
      );
    },
    BUDGET_MS + 30_000,
  );
});
