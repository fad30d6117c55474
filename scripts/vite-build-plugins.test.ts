import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { parseAst } from 'vite';
import { afterEach, describe, expect, it } from 'vitest';
import { precompressDir } from './vite-precompress.mjs';
import { markDeclarationsPure } from './vite-pure-contracts.mjs';

describe('markDeclarationsPure', () => {
  const transform = (code: string) => markDeclarationsPure(code, parseAst(code));

  it('wraps each top-level declaration that calls something, exported or not', () => {
    const out = transform(
      [
        "import { z } from 'zod';",
        'export const Name = z.string().trim().min(1);',
        'const Row = z.object({ name: Name });',
        'export const List = Row.array();',
      ].join('\n'),
    );
    expect(out).toContain('export const Name = /* @__PURE__ */ (() => (z.string().trim().min(1)))();');
    expect(out).toContain('const Row = /* @__PURE__ */ (() => (z.object({ name: Name })))();');
    expect(out).toContain('export const List = /* @__PURE__ */ (() => (Row.array()))();');
  });

  // It runs once TypeScript is stripped: the code it sees is JavaScript.
  it('leaves literals, functions and statements as they are', () => {
    const code = [
      "export const MESSAGES = { required: 'Required' };",
      'export const LIMIT = 20;',
      'export const text = (label) => label.trim();',
      'export function pick() { return 1; }',
      'setup();',
    ].join('\n');
    expect(transform(code)).toBe(code);
  });

  it('keeps what each declaration evaluates to', () => {
    const code =
      'const base = [1, 2].map((n) => n * 2);\nexport const total = base.reduce((a, b) => a + b, 0);';
    const run = (source: string) => new Function(`${source.replace('export ', '')}; return total;`)();
    expect(run(transform(code))).toBe(run(code));
  });
});

describe('precompressDir', () => {
  let dir: string;
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('writes a brotli and a gzip copy of each text file, only when smaller', async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'precompress-'));
    mkdirSync(path.join(dir, 'assets'));
    const script = `export const x = ${JSON.stringify('abc '.repeat(500))};`;
    writeFileSync(path.join(dir, 'assets/app.js'), script);
    writeFileSync(path.join(dir, 'tiny.svg'), '<svg/>');
    writeFileSync(path.join(dir, 'photo.png'), Buffer.alloc(2000, 7));

    expect(await precompressDir(dir)).toBe(2);
    const br = readFileSync(path.join(dir, 'assets/app.js.br'));
    const gz = readFileSync(path.join(dir, 'assets/app.js.gz'));
    expect(brotliDecompressSync(br).toString()).toBe(script);
    expect(gunzipSync(gz).toString()).toBe(script);
    expect(br.length).toBeLessThan(gz.length);
    // Six bytes do not compress: the server sends the file itself.
    expect(() => readFileSync(path.join(dir, 'tiny.svg.br'))).toThrow();
    // Not a text format: left alone.
    expect(() => readFileSync(path.join(dir, 'photo.png.gz'))).toThrow();
  });
});
