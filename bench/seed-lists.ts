/**
 * A world for the list benchmarks: every paged list but students' at `records` rows (issue 22),
 * spread over the demo accounts and 50,000 students of two officers, so each list's scoping and
 * joins work on a realistic number of rows. Written directly (insertByArrays) in one transaction,
 * with the values the app would write; allowances and their audit trail come from the demo seed.
 */
import { sql } from 'drizzle-orm';
import { seededRandom } from '../src/server/db/demo-seed/students';
import type { BenchServer } from './harness';
import { seedAnnouncementsEventsLibrary } from './seed-lists/announcements-events-library';
import { seedCaseWork } from './seed-lists/case-work';
import { seedContext } from './seed-lists/context';
import { seedCorporate } from './seed-lists/corporate';
import { seedFormsAndFiles } from './seed-lists/forms-files';
import { seedPaymentBatches } from './seed-lists/payment-batches';
import { seedPeople } from './seed-lists/people';
import { seedStories } from './seed-lists/stories';
import { seedStudents } from './seed-lists/students';
import { seedYearbook } from './seed-lists/yearbook';

export interface ListsWorld {
  /** The yearbook holding `records` entries and `records` memories. */
  yearbookId: string;
  /** Rows per table after seeding, for the report. */
  rows: Record<string, number>;
}

export async function seedLists(server: BenchServer, records = 10_000): Promise<ListsWorld> {
  const now = new Date();
  const r = seededRandom(22_022);
  let yearbookId = '';
  // The order is part of the world: areas draw from one random sequence, and later areas read
  // rows earlier ones wrote (the students, the paid allowances).
  await server.db.transaction(async (tx) => {
    const pool = await seedStudents(tx, server, records, now);
    const ctx = seedContext(tx, server, records, now, pool, r);
    await seedCaseWork(ctx);
    await seedFormsAndFiles(ctx);
    await seedAnnouncementsEventsLibrary(ctx);
    await seedCorporate(ctx);
    await seedStories(ctx);
    yearbookId = await seedYearbook(ctx);
    await seedPeople(ctx);
    await seedPaymentBatches(ctx);
  });
  await server.db.execute(sql`vacuum analyze`);
  const counted = await server.db.execute<{ name: string; n: number }>(sql`
    select relname as name, n_live_tup::int as n from pg_stat_user_tables order by relname`);
  return { yearbookId, rows: Object.fromEntries(counted.rows.map((row) => [row.name, row.n])) };
}
