import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { Redis } from 'ioredis';

/** A free TCP port on the loopback interface (asked of the kernel, then released). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

/**
 * A redis-server of the test's own (never the machine's), without persistence: a restart starts
 * empty, as a Redis that lost its data does. Listens on 127.0.0.1 only; stopped by its pid.
 */
export class OwnRedis {
  private child?: ChildProcess;

  private constructor(readonly port: number) {}

  static async start(port?: number): Promise<OwnRedis> {
    const redis = new OwnRedis(port ?? (await freePort()));
    await redis.start();
    return redis;
  }

  get url(): string {
    return `redis://127.0.0.1:${this.port}`;
  }

  /** Starts (again) on the same port, empty. */
  async start(timeoutMs = 10_000): Promise<void> {
    const child = spawn(
      'redis-server',
      ['--port', String(this.port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--daemonize', 'no'],
      { stdio: 'ignore' },
    );
    this.child = child;
    const until = Date.now() + timeoutMs;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`redis-server on port ${this.port} exited with ${child.exitCode}`);
      if (await this.answers()) return;
      if (Date.now() > until) throw new Error(`redis-server on port ${this.port} did not start in ${timeoutMs} ms`);
      await new Promise((r) => setTimeout(r, 50));
    }
  }

  /** `SHUTDOWN NOSAVE`: the server exits and its data is gone. Resolves once the process has exited. */
  async shutdownNoSave(): Promise<void> {
    const child = this.child;
    if (!child || child.exitCode !== null) return;
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    const client = probe(this.url);
    await client.connect();
    // The connection closes as the server exits: the command has no reply.
    await client.call('SHUTDOWN', 'NOSAVE').catch(() => undefined);
    client.disconnect();
    await exited;
  }

  /** Kills the process by its pid (cleanup). */
  async stop(): Promise<void> {
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    child.kill('SIGKILL');
    await exited;
  }

  private async answers(): Promise<boolean> {
    const client = probe(this.url);
    try {
      await client.connect();
      return (await client.ping()) === 'PONG';
    } catch {
      return false;
    } finally {
      client.disconnect();
    }
  }
}

/** A one-shot client that neither retries nor reports its errors as unhandled. */
function probe(url: string): Redis {
  const client = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
  client.on('error', () => undefined);
  return client;
}
