import { describe, expect, it } from 'vitest';
import writeXlsxFile from 'write-excel-file/node';
import { zipOf } from '../testing/zip-of';
import { unpacksWithin } from './zip-budget';

const MiB = 1024 * 1024;

describe('unpacksWithin', () => {
  it('lets a real spreadsheet through', async () => {
    const rows = [[{ value: 'External ID' }, { value: 'Amount' }]];
    const xlsx = new Uint8Array(await writeXlsxFile(rows).toBuffer());
    expect(unpacksWithin(xlsx, MiB)).toBe(true);
  });

  it('refuses a zip that unpacks past the limit, even when it declares a small size', () => {
    const bomb = zipOf(Buffer.alloc(8 * MiB), 100);
    expect(bomb.byteLength).toBeLessThan(64 * 1024);
    expect(unpacksWithin(bomb, 4 * MiB)).toBe(false);
    expect(unpacksWithin(zipOf(Buffer.alloc(2 * MiB)), 4 * MiB)).toBe(true);
  });

  it('refuses what is not a zip', () => {
    expect(unpacksWithin(new TextEncoder().encode('not a spreadsheet'), MiB)).toBe(false);
    expect(unpacksWithin(new Uint8Array(0), MiB)).toBe(false);
  });
});
