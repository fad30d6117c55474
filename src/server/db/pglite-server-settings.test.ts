import { mkdirSync, mkdtempSync, rmSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { embeddedStartParams } from './pglite-server-settings';

const scratch = mkdtempSync(path.join(tmpdir(), 'chl-pglite-settings-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const setting = (params: string[], name: string) =>
  params.filter((param) => param.startsWith(`${name}=`)).map((param) => param.slice(name.length + 1));

/** A data folder whose tables take `mib` (sparse files: the size is what counts, not the disk). */
function dataFolder(name: string, mib: number, backupsMiB = 0) {
  const dir = path.join(scratch, name);
  mkdirSync(path.join(dir, 'base', '5'), { recursive: true });
  mkdirSync(path.join(dir, 'backups'), { recursive: true });
  writeFileSync(path.join(dir, 'base', '5', '16384'), '');
  truncateSync(path.join(dir, 'base', '5', '16384'), mib * 1024 * 1024);
  writeFileSync(path.join(dir, 'backups', 'b.tar'), '');
  truncateSync(path.join(dir, 'backups', 'b.tar'), backupsMiB * 1024 * 1024);
  return dir;
}

describe('the embedded database sized to its data', () => {
  it('keeps PGlite own start parameters and sets a quarter of the tables as shared buffers', () => {
    const params = embeddedStartParams(dataFolder('mid', 200, 2000));
    expect(params.slice(0, 2)).toEqual(['--single', '-F']);
    // Backups beside the data are not the data.
    expect(setting(params, 'shared_buffers')).toEqual(['50MB']);
    expect(setting(params, 'maintenance_work_mem')).toEqual(['16MB']);
  });

  it('never goes under 16 MB (a new or in-memory database) nor over 128 MB', () => {
    expect(setting(embeddedStartParams(undefined), 'shared_buffers')).toEqual(['16MB']);
    expect(setting(embeddedStartParams(path.join(scratch, 'none')), 'shared_buffers')).toEqual(['16MB']);
    expect(setting(embeddedStartParams(dataFolder('small', 20)), 'shared_buffers')).toEqual(['16MB']);
    expect(setting(embeddedStartParams(dataFolder('national', 4000)), 'shared_buffers')).toEqual(['128MB']);
  });
});
