import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { transformFileSync } from '@swc/core';
import { REPO_ROOT } from '../support/server-process';

/**
 * The fan-out load tool (`npm run load:viewers`) at a tiny size, so it cannot rot: compiled as
 * `npm run build:test` would, then run from the command line in bare mode (20 viewers, 3 s).
 */
describe('the live race load tool', () => {
  const out = (() => {
    mkdirSync(join(REPO_ROOT, 'test/dist'), { recursive: true });
    return mkdtempSync(join(REPO_ROOT, 'test/dist/.smoke-load-'));
  })();

  afterAll(() => rmSync(out, { recursive: true, force: true }));

  function compile(dir: 'load' | 'support'): void {
    mkdirSync(join(out, dir), { recursive: true });
    for (const file of readdirSync(join(REPO_ROOT, 'test', dir)).filter((f) => f.endsWith('.ts'))) {
      const { code } = transformFileSync(join(REPO_ROOT, 'test', dir, file), {
        swcrc: false,
        jsc: {
          parser: { syntax: 'typescript', decorators: true },
          transform: { legacyDecorator: true, decoratorMetadata: true, useDefineForClassFields: false },
          target: 'es2022',
          keepClassNames: true,
        },
        module: { type: 'commonjs' },
      });
      writeFileSync(join(out, dir, file.replace(/\.ts$/, '.js')), code);
    }
  }

  it('should deliver frames to every viewer and print the figures', () => {
    compile('load');
    compile('support');

    const run = spawnSync(
      process.execPath,
      [join(out, 'load/viewers.js'), '--bare', '--viewers', '20', '--seconds', '3'],
      { cwd: REPO_ROOT, encoding: 'utf8', timeout: 25_000 },
    );

    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    expect(run.stdout).toContain('bare: 20 of 20 viewers joined (0 failed)');
    const delivered = /frames sent .*?, ([\d,]+) delivered \(.*?, ([\d.]+) %\)/.exec(run.stdout);
    expect(Number(delivered?.[1]?.replace(/,/g, ''))).toBeGreaterThanOrEqual(20 * 5);
    expect(Number(delivered?.[2])).toBeGreaterThan(99);
    expect(run.stdout).toMatch(/latency p50 \d+ ms, p99 \d+ ms, max \d+ ms/);
    expect(run.stdout).toMatch(/ms per 1,000 deliveries/);
    expect(run.stdout).toMatch(/KB per viewer/);
  }, 30_000);
});
