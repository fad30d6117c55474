/**
 * Loading a table in bulk as PostgreSQL's own documentation advises ("Populating a Database"):
 * its secondary indexes and foreign keys are dropped before the rows go in and made again after,
 * so each index is built once by sorting instead of updated row by row, and each foreign key is
 * checked by one join instead of one look-up per row. They are made again from their own
 * definitions as the catalogue holds them (pg_get_indexdef, pg_get_constraintdef): the same names
 * and definitions the migrations gave them. Triggers are left in place and fire as for any insert.
 */
import { sql } from 'drizzle-orm';
import type { Tx } from '../../src/server/db/client';

/** Memory for building the indexes again: one sort of 600,000 allowances fits. */
const BUILD_MEMORY = '256MB';

interface Definition {
  name: string;
  definition: string;
}

export async function withIndexesAfter<T>(tx: Tx, table: string, load: () => Promise<T>): Promise<T> {
  // Indexes that back a constraint (the primary key, a unique constraint) stay: the constraint owns them.
  const indexes = await tx.execute<Definition & Record<string, unknown>>(sql`
    select c.relname as name, pg_get_indexdef(i.indexrelid) as definition
      from pg_index i join pg_class c on c.oid = i.indexrelid
     where i.indrelid = ${table}::regclass
       and not exists (select 1 from pg_constraint k where k.conindid = i.indexrelid)
     order by c.relname`);
  const foreignKeys = await tx.execute<Definition & Record<string, unknown>>(sql`
    select conname as name, pg_get_constraintdef(oid) as definition
      from pg_constraint where conrelid = ${table}::regclass and contype = 'f' order by conname`);
  for (const key of foreignKeys.rows)
    await tx.execute(sql`alter table ${sql.identifier(table)} drop constraint ${sql.identifier(key.name)}`);
  for (const index of indexes.rows) await tx.execute(sql`drop index ${sql.identifier(index.name)}`);

  const loaded = await load();

  await tx.execute(sql.raw(`set local maintenance_work_mem = '${BUILD_MEMORY}'`));
  for (const index of indexes.rows) await tx.execute(sql.raw(index.definition));
  for (const key of foreignKeys.rows)
    await tx.execute(
      sql`alter table ${sql.identifier(table)} add constraint ${sql.identifier(key.name)} ${sql.raw(key.definition)}`,
    );
  return loaded;
}
