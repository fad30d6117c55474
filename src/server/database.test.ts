import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from './config';
import { openConfiguredDatabase } from './database';
import { isDatabaseUnavailable } from './http/errors';

const scratch = mkdtempSync(path.join(tmpdir(), 'chl-database-test-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

async function until<T>(attempt: () => Promise<T>, seconds: number): Promise<T> {
  const deadline = Date.now() + seconds * 1000;
  for (;;) {
    try {
      return await attempt();
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
}

// Each (re)start of the worker loads PGlite from disk: several seconds on a busy machine.
describe('the embedded database killed under the app', { timeout: 180_000 }, () => {
  it('is started again, keeps what was acknowledged, and fails a transaction under way as unavailable', async () => {
    const database = await openConfiguredDatabase(loadConfig({ DATA_DIR: path.join(scratch, 'data') }));
    try {
      const { db } = database;
      await db.execute(sql`create table marks (id serial primary key, note text not null)`);
      await db.execute(sql`insert into marks (note) values ('before the first kill')`);

      // Idle: nothing holds the connection.
      const first = database.embeddedThreadId!();
      await database.killEmbedded!();
      await expect(db.execute(sql`select 1`)).rejects.toSatisfy(isDatabaseUnavailable);
      await until(() => db.execute(sql`select 1`), 60);
      expect(database.embeddedThreadId!()).not.toBe(first);
      await db.execute(sql`insert into marks (note) values ('after the first restart')`);

      // A transaction holds the connection when the worker dies: its caller gets an error that
      // answers 503, and no 'error' event goes unhandled (Vitest fails the file on one).
      const inFlight = db.transaction(async (tx) => {
        await tx.execute(sql`insert into marks (note) values ('never committed')`);
        await database.killEmbedded!();
        await tx.execute(sql`insert into marks (note) values ('after the kill')`);
      });
      await expect(inFlight).rejects.toSatisfy(isDatabaseUnavailable);

      const notes = await until(
        () => db.execute<{ note: string }>(sql`select note from marks order by id`),
        60,
      );
      expect(notes.rows.map((row) => row.note)).toEqual(['before the first kill', 'after the first restart']);
    } finally {
      await database.close();
    }
  });
});
