import { mkdirSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { startEmbeddedPostgres } from './embedded-postgres';

const scratch = mkdtempSync(path.join(tmpdir(), 'chl-embedded-test-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

async function countRows(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('create table if not exists marks (id serial primary key)');
    await client.query('insert into marks default values');
    return (await client.query('select count(*)::int as n from marks')).rows[0].n;
  } finally {
    await client.end();
  }
}

// Three worker threads each start PGlite on disk: well past the default 30 s on a busy machine.
describe('the embedded database thread', { timeout: 180_000 }, () => {
  it('keeps DATA_DIR owner-only, refuses a second server on it, and starts again after its thread was killed', async () => {
    const dataDir = path.join(scratch, 'data');
    mkdirSync(dataDir, { mode: 0o755 });
    const first = await startEmbeddedPostgres(dataDir);
    // PGlite writes its files 0666; the folder is what keeps other accounts out.
    expect(statSync(dataDir).mode & 0o777).toBe(0o700);
    expect(await countRows(first.url)).toBe(1);

    await expect(startEmbeddedPostgres(dataDir)).rejects.toThrow(
      `DATA_DIR ${dataDir} is in use by another running server; only one process can open the embedded database.`,
    );
    expect(await countRows(first.url)).toBe(2);

    // A killed thread leaves the socket file behind; the next start must not trip over it.
    await first.kill();
    const second = await startEmbeddedPostgres(dataDir);
    try {
      expect(await countRows(second.url)).toBe(3);
    } finally {
      await second.stop();
      await first.stop();
    }
  });
});
