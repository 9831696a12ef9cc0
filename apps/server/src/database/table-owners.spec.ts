import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

// A module's tables are its own (ARCHITECTURE.md §8): another module asks the owner's service and
// never names the table. The owner of a table is the module whose entities/ folder declares it.
const SRC = join(__dirname, '..');
// Infrastructure that sees every table: the schema, the migrations and the seed data.
const NOT_A_MODULE = new Set(['database', 'cli']);

/**
 * Tables a module still names although another module owns them, file by file: debt to pay off,
 * not a licence. Every entry must still be true (the test fails when one is no longer needed), and
 * nothing may be added to it without a note in the issue saying why.
 */
const KNOWN_CROSSINGS: Record<string, readonly string[]> = {};

interface Source {
  module: string;
  file: string;
  text: string;
}

function walk(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    return e.isDirectory() ? walk(path) : [path];
  });
}

function sources(): Source[] {
  return walk(SRC)
    .filter((path) => path.endsWith('.ts') && !path.endsWith('.spec.ts'))
    .map((path) => {
      const file = relative(SRC, path).split('\\').join('/');
      return { module: file.split('/')[0] as string, file, text: readFileSync(path, 'utf8') };
    })
    .filter((s) => s.file.includes('/') && !NOT_A_MODULE.has(s.module));
}

/** Table name → owning module, from every module's entities/ folder. */
function tableOwners(all: readonly Source[] = sources()): Map<string, string> {
  const owners = new Map<string, string>();
  for (const s of all) {
    if (!/\/entities\/[^/]+\.entity\.ts$/.test(s.file)) continue;
    for (const m of s.text.matchAll(/@Entity\(\s*'([a-z_][a-z0-9_]*)'/g)) {
      const table = m[1] as string;
      const earlier = owners.get(table);
      if (earlier && earlier !== s.module) throw new Error(`${table} is declared by ${earlier} and ${s.module}`);
      owners.set(table, s.module);
    }
  }
  return owners;
}

/** The known tables a source names in SQL (FROM, JOIN, INTO, UPDATE, TABLE; keywords in capitals). */
function tablesNamed(text: string, known: ReadonlyMap<string, string>): Set<string> {
  const found = new Set<string>();
  for (const m of text.matchAll(/\b(?:FROM|JOIN|INTO|UPDATE|TABLE)\s+([a-z_][a-z0-9_]*)\b/g)) {
    const name = m[1] as string;
    if (known.has(name)) found.add(name);
  }
  return found;
}

/** file → tables it names that another module owns. */
function crossings(): Map<string, string[]> {
  const all = sources();
  const owners = tableOwners(all);
  const out = new Map<string, string[]>();
  for (const s of all) {
    if (s.file.includes('/entities/')) continue;
    const foreign = [...tablesNamed(s.text, owners)].filter((t) => owners.get(t) !== s.module).sort();
    if (foreign.length > 0) out.set(s.file, foreign);
  }
  return out;
}

describe('table owners', () => {
  it('should find an owner for every table of the schema', () => {
    const owners = tableOwners();
    expect(owners.get('current_races')).toBe('racing');
    expect(owners.get('wallet_accounts')).toBe('accounts');
    expect(owners.get('wager_pools')).toBe('wagering');
    expect(owners.get('races')).toBe('catalog');
    expect(owners.size).toBeGreaterThanOrEqual(34);
  });

  it('should read the table names out of SQL and not out of prose', () => {
    const sut = (text: string) => [...tablesNamed(text, tableOwners())].sort();
    expect(sut('SELECT 1 FROM current_races cr JOIN tracks t ON t.id = cr.track_id')).toEqual([
      'current_races',
      'tracks',
    ]);
    expect(sut('UPDATE wallet_accounts SET x = 1; INSERT INTO bets (id) SELECT * FROM unnest($1)')).toEqual([
      'bets',
      'wallet_accounts',
    ]);
    expect(sut('// reads the races from current_races through racing')).toEqual([]);
  });

  it('should have no module name a table that another module owns', () => {
    const found = crossings();
    const unexpected = [...found].flatMap(([file, tables]) => {
      const allowed = new Set(KNOWN_CROSSINGS[file] ?? []);
      return tables.filter((t) => !allowed.has(t)).map((t) => `${file} names ${t}`);
    });
    expect(unexpected).toEqual([]);
  });

  it('should list only crossings that still exist', () => {
    const found = crossings();
    const stale = Object.entries(KNOWN_CROSSINGS).flatMap(([file, tables]) =>
      tables.filter((t) => !found.get(file)?.includes(t)).map((t) => `${file} no longer names ${t}`),
    );
    expect(stale).toEqual([]);
  });
});
