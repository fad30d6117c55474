/** What every area of the list-bench world is seeded with, and the insert helpers they share. */
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Tx } from '../../src/server/db/client';
import type { seededRandom } from '../../src/server/db/demo-seed/students';
import type { BenchServer } from '../harness';

export const DAY = 86_400_000;

export type Person = { id: string; name: string };

export interface PoolStudent {
  id: string;
  name: string;
  officer: string | null;
  status: string;
  program: string | null;
}

export interface SeedContext {
  tx: Tx;
  /** Rows in each paged list. */
  records: number;
  now: Date;
  /**
   * One generator for the whole world: areas must draw from it in the same order every run, or the
   * rows change.
   */
  r: ReturnType<typeof seededRandom>;
  accounts: BenchServer['accounts'];
  admin: Person;
  /** ADM001, DPM001, PO001, PO002: several lists take the first three only (not the second officer). */
  staff: Person[];
  /** Every student, by CHL number. */
  pool: PoolStudent[];
  /** Steps through the pool seven at a time so neighbouring rows belong to different students. */
  student(i: number): PoolStudent;
  each<T>(make: (i: number) => T): T[];
  ago(days: number): Date;
  day(date: Date): string;
  phone(): string;
}

export function seedContext(
  tx: Tx,
  server: BenchServer,
  records: number,
  now: Date,
  pool: PoolStudent[],
  r: SeedContext['r'],
): SeedContext {
  const a = server.accounts;
  return {
    tx,
    records,
    now,
    r,
    accounts: a,
    admin: a.ADM001!,
    staff: [a.ADM001!, a.DPM001!, a.PO001!, a.PO002!],
    pool,
    student: (i) => pool[(i * 7) % pool.length]!,
    each: (make) => Array.from({ length: records }, (_, i) => make(i)),
    ago: (days) => new Date(now.getTime() - days * DAY),
    day: (date) => date.toISOString().slice(0, 10),
    phone: () => `+260${r.pick(['97', '96', '95', '76'])}${r.int(1_000_000, 9_999_999)}`,
  };
}

/** Writes rows in statements small enough for PostgreSQL's 65,535 parameters; answers what they return. */
export async function inChunks<T, R>(rows: T[], write: (chunk: T[]) => Promise<R[]>): Promise<R[]> {
  const out: R[] = [];
  for (let start = 0; start < rows.length; start += 2_000)
    out.push(...(await write(rows.slice(start, start + 2_000))));
  return out;
}

/**
 * A plain multi-row INSERT, in statements small enough for PostgreSQL's 65,535 parameters; for
 * tables with an array column, which insertByArrays' unnest would flatten.
 */
export async function insertByValues<TTable extends PgTable>(
  tx: Tx,
  table: TTable,
  rows: Array<TTable['$inferInsert']>,
) {
  await inChunks(rows, async (chunk) => {
    await tx.insert(table).values(chunk);
    return [];
  });
}
