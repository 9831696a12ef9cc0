import { existsSync, mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';

/**
 * PostgreSQL compiled to WebAssembly, running in this process with its files under dataDir and
 * reachable through the ordinary `pg` driver on a loopback port. It is one session: use a pool of 1.
 */
export class EmbeddedPostgres {
  private constructor(
    private readonly db: PGlite,
    private readonly server: PGLiteSocketServer,
    readonly url: string,
  ) {}

  /** Where under DATA_DIR the database's files are. */
  private static dirIn(dataDir: string): string {
    return resolve(dataDir, 'pglite');
  }

  /** Whether dataDir already holds a database (PostgreSQL writes PG_VERSION when it creates one). */
  static existsIn(dataDir: string): boolean {
    return existsSync(join(EmbeddedPostgres.dirIn(dataDir), 'PG_VERSION'));
  }

  /**
   * For a long-running server, before the database starts: PGlite's hot functions would otherwise be
   * recompiled by V8's optimizing compiler on background threads, whose compile zones leave 25–115 MB
   * in those threads' malloc arenas, resident for good and different on every start; the baseline
   * compiler alone keeps them near 20 MB (bench:idle: RSS 223–256 MB where it read 243–338), for no
   * measurable CPU on an idle racing day. Not for a process that seeds and exits: there the optimized
   * code makes the seed's bulk writes ~25 % faster and the memory goes back at its exit. The flag is
   * read when code is compiled; PGlite is the process's only WebAssembly.
   */
  static useBaselineCompilerOnly(): void {
    setFlagsFromString('--liftoff-only');
  }

  static async start(dataDir: string, options: { sharedBuffersMb: number }): Promise<EmbeddedPostgres> {
    const dir = EmbeddedPostgres.dirIn(dataDir);
    mkdirSync(dir, { recursive: true });
    const db = await PGlite.create({
      dataDir: dir,
      extensions: { pg_trgm },
      // Its memory is WebAssembly memory, which never shrinks: PostgreSQL's defaults (128 MB of
      // shared buffers, 64 MB for index builds) kept ~190 MB resident for good; the files stay in
      // the OS page cache either way (issue 16 §3).
      postgresqlconf: [
        `shared_buffers=${options.sharedBuffersMb}MB`,
        'work_mem=2MB',
        'maintenance_work_mem=16MB',
        'temp_buffers=2MB',
      ],
    });
    const server = new PGLiteSocketServer({ db, host: '127.0.0.1', port: 0 });
    await server.start();
    const [host, port] = server.getServerConn().split(':');
    return new EmbeddedPostgres(db, server, `postgres://postgres@${host}:${port}/postgres`);
  }

  async stop(): Promise<void> {
    await this.server.stop();
    await this.db.close();
  }
}
