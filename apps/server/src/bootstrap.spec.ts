import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { isAbsolute, join, relative } from 'node:path';
import { findWebDist } from './bootstrap';

describe(findWebDist.name, () => {
  let dir: string;

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'furlong-web-dist-'));
    writeFileSync(join(dir, 'index.html'), '<!doctype html>');
  });

  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('should answer an absolute path for a WEB_DIST given relative to the working directory', () => {
    // The static file plugin takes absolute roots only: a relative WEB_DIST had stopped the start.
    const sut = findWebDist({ webDist: relative(process.cwd(), dir) });
    expect(sut).toBe(dir);
    expect(isAbsolute(sut as string)).toBe(true);
  });

  it('should pass over a WEB_DIST without an index.html', () => {
    rmSync(join(dir, 'index.html'));
    expect(findWebDist({ webDist: dir })).not.toBe(dir);
  });
});
