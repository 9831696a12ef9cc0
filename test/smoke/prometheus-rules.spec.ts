import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';

// The alert rules of ops/prometheus: valid for Prometheus (`promtool check rules`), and each alert
// raised by the series that should raise it (`promtool test rules`). `npm test` fetches promtool
// first (test/support/ensure-promtool.sh); PROMTOOL names another.
const ROOT = join(__dirname, '../..');
const RULES_DIR = join(ROOT, 'ops/prometheus');

function promtool(): string {
  if (process.env.PROMTOOL) return process.env.PROMTOOL;
  const local = join(ROOT, '.tools/promtool');
  return existsSync(local) ? local : 'promtool';
}

function run(args: string[]): { ok: boolean; output: string } {
  try {
    return { ok: true, output: execFileSync(promtool(), args, { cwd: RULES_DIR, encoding: 'utf8', stdio: 'pipe' }) };
  } catch (err) {
    const e = err as { stdout?: string; stderr?: string; message: string };
    return { ok: false, output: `${e.stdout ?? ''}${e.stderr ?? ''}` || e.message };
  }
}

describe('Prometheus alert rules', () => {
  it('should be valid rules for Prometheus', () => {
    const result = run(['check', 'rules', 'furlong-alerts.yml']);
    expect(result).toMatchObject({ ok: true });
    expect(result.output).toContain('SUCCESS: 7 rules found');
  });

  it('should raise each tested alert on the series that should raise it, and no other', () => {
    const result = run(['test', 'rules', 'furlong-alerts.test.yml']);
    expect(result).toEqual({ ok: true, output: expect.stringContaining('SUCCESS') });
  });
});
