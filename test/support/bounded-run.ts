import { type ChildProcess, spawn } from 'node:child_process';
import { delimiter, sep } from 'node:path';

/** Output kept from a step for its failure message: the last lines are the ones that explain it. */
const TAIL_LINES = 40;

export interface StepResult {
  code: number | null;
  output: string;
  ms: number;
}

/**
 * Process groups this module started and has not yet seen end; `killAllGroups` ends them, so a
 * failed or timed-out test leaves nothing running.
 */
const liveGroups = new Set<number>();

/** Ends a child and everything it started (its process group: the child is spawned detached). */
export function killGroup(child: ChildProcess, signal: NodeJS.Signals = 'SIGKILL'): void {
  if (child.pid === undefined) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    // Already gone.
  }
}

export function killAllGroups(): void {
  for (const pgid of liveGroups) {
    try {
      process.kill(-pgid, 'SIGKILL');
    } catch {
      // Already gone.
    }
  }
  liveGroups.clear();
}

/** Spawns a command as the leader of its own process group, remembered until it exits. */
export function spawnGroup(
  command: string,
  args: string[],
  options: { cwd: string; env: NodeJS.ProcessEnv },
): ChildProcess {
  const child = spawn(command, args, { ...options, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  const pid = child.pid;
  if (pid !== undefined) {
    liveGroups.add(pid);
    child.once('exit', () => {
      // The leader's exit does not end its group: kill what it may have left, then forget it.
      try {
        process.kill(-pid, 'SIGKILL');
      } catch {
        // Nothing left.
      }
      liveGroups.delete(pid);
    });
  }
  return child;
}

/**
 * Runs one step to completion before `deadline` (a Date.now() value); past it, the step's whole
 * process group is killed and the promise rejects naming the step, with the end of its output.
 * A non-zero exit rejects the same way.
 */
export function runStep(
  name: string,
  command: string,
  args: string[],
  options: { cwd: string; env: NodeJS.ProcessEnv; deadline: number },
): Promise<StepResult> {
  const started = Date.now();
  const child = spawnGroup(command, args, options);
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  const tail = () => output.trimEnd().split('\n').slice(-TAIL_LINES).join('\n');
  return new Promise<StepResult>((resolve, reject) => {
    const timer = setTimeout(
      () => {
        killGroup(child);
        reject(new Error(`${name} did not finish within its time limit (${Date.now() - started} ms):\n${tail()}`));
      },
      Math.max(0, options.deadline - Date.now()),
    );
    child.once('error', (err) => {
      clearTimeout(timer);
      reject(new Error(`${name} could not start: ${err.message}`));
    });
    child.once('close', (code) => {
      clearTimeout(timer);
      const ms = Date.now() - started;
      if (code === 0) resolve({ code, output, ms });
      else reject(new Error(`${name} exited with ${code} after ${ms} ms:\n${tail()}`));
    });
  });
}

/**
 * The environment for a child that must behave as on a new user's machine: `binDir` first on PATH,
 * no `node_modules/.bin` from the repository running the test, and none of the variables npm or
 * Jest set for their own children, nor the ones that would point the server elsewhere.
 */
export function cleanEnv(binDir: string): NodeJS.ProcessEnv {
  const dropped = new Set(['INIT_CWD', 'NODE', 'NODE_ENV', 'NODE_OPTIONS', 'DATABASE_URL', 'REDIS_URL', 'DATA_DIR']);
  const env: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (value === undefined || dropped.has(key) || /^(npm_|jest_)/i.test(key)) continue;
    env[key] = value;
  }
  const path = (process.env.PATH ?? '')
    .split(delimiter)
    .filter((dir) => dir !== '' && !dir.includes(`node_modules${sep}.bin`));
  env.PATH = [binDir, ...path].join(delimiter);
  return env;
}
