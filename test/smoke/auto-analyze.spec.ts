import { execFileSync } from 'node:child_process';
import { join } from 'node:path';

// Autovacuum's ANALYZE for the embedded database (apps/server/src/database/auto-analyze.ts), on
// PGlite itself through the built server's code: single-user PostgreSQL never runs autovacuum, so
// foreign-key checks against a parent analyzed while empty keep scanning the whole parent.
describe('AutoAnalyze on PGlite', () => {
  it('should analyze the tables that changed enough, as autovacuum would, so foreign-key checks use the index', () => {
    const out = execFileSync(process.execPath, [join(__dirname, 'fixtures/auto-analyze-check.cjs')], {
      encoding: 'utf8',
      timeout: 60_000,
    });
    const figures = JSON.parse(out.trim().split('\n').at(-1) as string) as {
      before: { seq: number; idx: number };
      analyzed: string[];
      again: string[];
      after: { seq: number; idx: number };
    };
    // Without autovacuum, each of 2,000 checks scanned the parent: the flaw the class is for.
    expect(figures.before.seq).toBeGreaterThanOrEqual(2000);
    // The changed tables, not the quiet one; nothing is due right after.
    expect(figures.analyzed).toEqual(['child', 'parent']);
    expect(figures.again).toEqual([]);
    // The next 100 checks find the parent by its index.
    expect(figures.after.seq - figures.before.seq).toBeLessThan(5);
    expect(figures.after.idx - figures.before.idx).toBeGreaterThanOrEqual(100);
  }, 90_000);
});
