import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from './client';
import { startPgliteServer } from './pglite-server';

let server: Awaited<ReturnType<typeof startPgliteServer>>;
let handle: ReturnType<typeof openDatabase>;
beforeAll(async () => {
  server = await startPgliteServer(undefined);
  handle = openDatabase(server.url, 1);
  await handle.pool.query('create table t (id int primary key, e text unique)');
});
afterAll(async () => {
  await handle.close();
  await server.stop();
});

describe('embedded PostgreSQL over the socket', () => {
  it('keeps answering after a failed statement (pg-pool reconnects at once)', async () => {
    await handle.pool.query('insert into t values (1, $1)', ['a']);
    for (let i = 0; i < 3; i++) {
      await expect(handle.pool.query('insert into t values ($1, $2)', [i + 2, 'a'])).rejects.toMatchObject({
        code: '23505',
      });
      await expect(handle.pool.query('select $1::int', ['x'])).rejects.toMatchObject({ code: '22P02' });
      const { rows } = await handle.pool.query('select count(*)::int as n from t');
      expect(rows[0].n).toBe(1);
    }
  });

  it('rolls back a failed transaction and goes on', async () => {
    await expect(
      handle.db.transaction(async (tx) => {
        await tx.execute(sql`insert into t values (10, 'b')`);
        await tx.execute(sql`insert into t values (11, 'b')`);
      }),
    ).rejects.toThrow();
    const { rows } = await handle.pool.query('select count(*)::int as n from t where id >= 10');
    expect(rows[0].n).toBe(0);
  });

  it('prepares named statements afresh on a connection that replaced a failed one', async () => {
    const named = { name: 'count_t', text: 'select count(*)::int as n from t where id > $1', values: [0] };
    await handle.pool.query(named);
    // The failed insert makes pg-pool drop the connection; the next query runs on a new one.
    await expect(handle.pool.query("insert into t values (1, 'dup')")).rejects.toMatchObject({
      code: '23505',
    });
    const { rows } = await handle.pool.query(named);
    expect(rows[0].n).toBeGreaterThan(0);
  });
});

describe('starting from an image', () => {
  it('starts a second server holding what the first held, apart from it', async () => {
    await handle.pool.query("insert into t values (100, 'kept in the image')");
    const copy = await startPgliteServer(undefined, { startFrom: await server.image() });
    const copyHandle = openDatabase(copy.url, 1);
    try {
      const { rows } = await copyHandle.pool.query('select e from t where id = 100');
      expect(rows).toEqual([{ e: 'kept in the image' }]);
      // A write to the copy leaves the original as it was.
      await copyHandle.pool.query("insert into t values (101, 'only in the copy')");
      const original = await handle.pool.query('select count(*)::int as n from t where id = 101');
      expect(original.rows[0].n).toBe(0);
    } finally {
      await copyHandle.close();
      await copy.stop();
    }
  });
});
