import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';

/** The built server (`npm run build`): the medium tests that kill a real process start this. */
export const BUILT_SERVER = join(__dirname, '../../dist/main.js');

export interface ServerChild {
  child: ChildProcess;
  baseUrl: string;
  lines: string[];
  /** SIGKILL (kill -9): no shutdown hooks run. Resolves once the process is gone. */
  kill(): Promise<void>;
  /** SIGTERM (a stop, as an orchestrator sends it). Resolves with how the process ended. */
  terminate(): Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/**
 * Runs the built server as a child process on a free loopback port and resolves once it logs that
 * it is up (bounded); the environment is only what is given here plus PATH.
 */
export function startServerChild(env: Record<string, string>, timeoutMs = 60_000): Promise<ServerChild> {
  if (!existsSync(BUILT_SERVER)) throw new Error(`${BUILT_SERVER} is missing: run npm run build first`);
  const child = spawn(process.execPath, [BUILT_SERVER], {
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
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  const kill = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    await exited;
  };
  const terminate = () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    return exited;
  };
  return new Promise<ServerChild>((resolve, reject) => {
    const timer = setTimeout(() => {
      void kill();
      reject(new Error(`server did not start in ${timeoutMs} ms:\n${lines.slice(-30).join('\n')}`));
    }, timeoutMs);
    for (const stream of [child.stdout, child.stderr]) {
      createInterface({ input: stream as NodeJS.ReadableStream }).on('line', (line) => {
        lines.push(line);
        const match = /Furlong is up at (http:\/\/\S+?)[ )"]/.exec(line);
        if (match?.[1]) {
          clearTimeout(timer);
          resolve({ child, baseUrl: match[1].replace('localhost', '127.0.0.1'), lines, kill, terminate });
        }
      });
    }
    void exited.then(() => {
      clearTimeout(timer);
      reject(new Error(`server exited (${child.exitCode ?? child.signalCode}) before it was up:\n${lines.join('\n')}`));
    });
  });
}
