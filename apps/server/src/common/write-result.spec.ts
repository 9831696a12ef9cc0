import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { writeResult } from './write-result';

describe('writeResult', () => {
  it("should read TypeORM's [rows, count] answer to an UPDATE … RETURNING as its rows", () => {
    expect(writeResult<{ id: number }>([[{ id: 7 }], 1])).toEqual({ rows: [{ id: 7 }], count: 1 });
  });

  it('should find no rows when the conditional write matched nothing (the pair is still two long)', () => {
    const answer = [[], 0];
    expect(answer).toHaveLength(2);
    expect(writeResult(answer)).toEqual({ rows: [], count: 0 });
  });

  it('should read an UPDATE without RETURNING as its count', () => {
    expect(writeResult([[], 3])).toEqual({ rows: [], count: 3 });
  });

  it('should take rows answered alone as they are', () => {
    expect(writeResult([{ id: 1 }, { id: 2 }])).toEqual({ rows: [{ id: 1 }, { id: 2 }], count: 2 });
    expect(writeResult([])).toEqual({ rows: [], count: 0 });
    expect(writeResult(undefined)).toEqual({ rows: [], count: 0 });
  });
});

/**
 * The server's statements whose answer is used, each an UPDATE or DELETE read without write():
 * `file:line`. Finds `query(` and `preparedQuery(` calls whose SQL is written at the call (a string
 * or template, after an optional runner argument) and whose main statement (after any WITH) is an
 * UPDATE or DELETE, where the call's answer is assigned, returned or read in place.
 */
function writesReadByHand(root: string): string[] {
  const found: string[] = [];
  const call = /\b(?:query|preparedQuery)(?:<[^>]*>)?\(\s*(?:[\w.]+,\s*)?([`'"])/g;
  for (const file of readdirSync(root, { recursive: true, encoding: 'utf8' })) {
    if (!file.endsWith('.ts') || file.endsWith('.spec.ts') || file.includes('migrations')) continue;
    const text = readFileSync(join(root, file), 'utf8');
    for (const match of text.matchAll(call)) {
      const quote = match[1] as string;
      const start = (match.index ?? 0) + match[0].length;
      const sql = text.slice(start, text.indexOf(quote, start)).trim();
      if (mainStatement(sql) === undefined) continue;
      const lineStart = text.lastIndexOf('\n', match.index) + 1;
      const before = text.slice(lineStart, match.index).trim();
      // Only `await runner.query(…);` as a statement of its own leaves the answer unread.
      if (/^await\s+[\w.]+\.$/.test(before) || /^await$/.test(before)) continue;
      found.push(`${file}:${text.slice(0, match.index).split('\n').length}`);
    }
  }
  return found;
}

/** 'UPDATE' or 'DELETE' when that is the statement's main command (after a WITH's parts), else undefined. */
function mainStatement(sql: string): 'UPDATE' | 'DELETE' | undefined {
  let depth = 0;
  for (const token of sql.matchAll(/[()]|\b(?:SELECT|INSERT|UPDATE|DELETE|VALUES)\b/gi)) {
    const word = token[0].toUpperCase();
    if (word === '(') depth++;
    else if (word === ')') depth--;
    else if (depth === 0) return word === 'UPDATE' || word === 'DELETE' ? word : undefined;
  }
  return undefined;
}

describe("the server's writes", () => {
  it('should read the answer of every UPDATE and DELETE it uses through write()', () => {
    expect(writesReadByHand(join(__dirname, '..'))).toEqual([]);
  });

  it('should find an UPDATE … RETURNING whose answer is read by hand, inside a WITH too', () => {
    const dir = mkdtempSync(join(tmpdir(), 'write-result-'));
    try {
      writeFileSync(
        join(dir, 'bad.repository.ts'),
        [
          'async function end(m) {',
          "  const rows = await m.query('UPDATE t SET active = false WHERE id = $1 AND active RETURNING id', [1]);",
          '  return rows.length > 0;',
          '}',
          'async function claim(m) {',
          '  return m.query(`WITH x AS (SELECT 1) UPDATE t SET a = 1 RETURNING id`);',
          '}',
          'async function fine(m) {',
          "  await m.query('UPDATE t SET a = 1 WHERE id = $1', [1]);",
          "  const rows = await m.query('WITH u AS (UPDATE t SET a = 1 RETURNING id) SELECT * FROM u');",
          '  return rows;',
          '}',
        ].join('\n'),
      );
      expect(writesReadByHand(dir)).toEqual(['bad.repository.ts:2', 'bad.repository.ts:6']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
