import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { reasonToBuild, STAMP } from './build-freshness.mjs';

let root: string;
const write = (file: string, text: string, secondsAgo = 0) => {
  const full = path.join(root, file);
  mkdirSync(path.dirname(full), { recursive: true });
  writeFileSync(full, text);
  const when = new Date(Date.now() - secondsAgo * 1000);
  utimesSync(full, when, when);
};

beforeEach(() => {
  root = mkdtempSync(path.join(tmpdir(), 'chl-build-'));
  write('src/web/main.tsx', 'app', 60);
  write('package-lock.json', '{}', 60);
  write('vite.config.ts', 'config', 60);
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

const built = (stamp: string) => {
  write('dist/web/index.html', '<html>', 30);
  write('dist/server/main.js', 'server', 30);
  write(STAMP, stamp, 30);
};

describe('npm start rebuilds unless dist/ is a current production build', () => {
  it('builds when there is no build', () => {
    expect(reasonToBuild(root)).toBe('no build yet');
  });

  it('rebuilds a build that no production start made (a development build, an old stamp)', () => {
    built('2026-01-01T00:00:00.000Z');
    expect(reasonToBuild(root)).toBe('the build is not a production build');
    built(JSON.stringify({ mode: 'development' }));
    expect(reasonToBuild(root)).toBe('the build is not a production build');
  });

  it('keeps a current production build, and rebuilds once a source or the build config changes', () => {
    built(JSON.stringify({ mode: 'production' }));
    expect(reasonToBuild(root)).toBeNull();
    write('vite.config.ts', 'changed');
    expect(reasonToBuild(root)).toBe('the sources changed');
    built(JSON.stringify({ mode: 'production' }));
    write('src/web/new-screen.tsx', 'new');
    expect(reasonToBuild(root)).toBe('the sources changed');
  });

  it('ignores test files, which are not part of a build', () => {
    built(JSON.stringify({ mode: 'production' }));
    write('src/web/main.test.tsx', 'test');
    expect(reasonToBuild(root)).toBeNull();
  });
});
