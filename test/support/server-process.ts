import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';

/** The repository root: found by walking up, since this file runs both from source and from test/dist. */
export const REPO_ROOT = (() => {
  let dir = __dirname;
  while (!existsSync(join(dir, 'apps/server/package.json'))) {
    const parent = dirname(dir);
    if (parent === dir) throw new Error(`no repository root above ${__dirname}`);
    dir = parent;
  }
  return dir;
})();

export const SERVER_MAIN = join(REPO_ROOT, 'apps/server/dist/main.js');

/**
 * Extra Node flags from an environment variable (SERVER_NODE_ARGS, VIEWER_NODE_ARGS), e.g.
 * "--cpu-prof --cpu-prof-dir=/tmp/prof"; unset or blank gives none.
 */
export function nodeArgsFromEnv(name: string): string[] {
  return (process.env[name] ?? '').split(/\s+/).filter((arg) => arg !== '');
}

export interface ServerProcess {
  child: ChildProcess;
  baseUrl: string;
  /** Every log line the process has written so far. */
  lines: string[];
  stop(): Promise<number | null>;
}

/**
 * Runs the built server (`npm run build` first) as a child process on a free loopback port and
 * resolves once it logs that it is up; rejects with its output if it exits or takes too long.
 * `onLine` hears each log line as it comes (e.g. to reach the server while it starts).
 */
export function startServerProcess(
  env: Record<string, string>,
  timeoutMs = 120_000,
  onLine?: (line: string) => void,
): Promise<ServerProcess> {
  const child = spawn(process.execPath, [...nodeArgsFromEnv('SERVER_NODE_ARGS'), SERVER_MAIN], {
    // No simulated scratches unless a test asks for them (RACING_SCRATCH_RATE in `env`).
    env: {
      PATH: process.env.PATH ?? '',
      HOST: '127.0.0.1',
      PORT: '0',
      LOG_LEVEL: 'info',
      RACING_SCRATCH_RATE: '0',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: string[] = [];
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    return exited;
  };
  return new Promise<ServerProcess>((resolve, reject) => {
    const timer = setTimeout(() => {
      void stop();
      reject(new Error(`server did not start in ${timeoutMs} ms:\n${lines.join('\n')}`));
    }, timeoutMs);
    for (const stream of [child.stdout, child.stderr]) {
      createInterface({ input: stream as NodeJS.ReadableStream }).on('line', (line) => {
        lines.push(line);
        onLine?.(line);
        const match = /Furlong is up at (http:\/\/\S+?)[ )"]/.exec(line);
        if (match?.[1]) {
          clearTimeout(timer);
          resolve({ child, baseUrl: match[1].replace('localhost', '127.0.0.1'), lines, stop });
        }
      });
    }
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code} before it was up:\n${lines.join('\n')}`));
    });
  });
}
