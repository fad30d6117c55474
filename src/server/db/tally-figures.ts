import { sql } from 'drizzle-orm';
import type { DbOrTx } from './client';
import { type TallyName, type TallyRows, tallyByBucket, tallyCount } from './row-tallies';

/*
 * The kept counts of row_tallies (row-tallies.ts) read on their own, for a list whose page is an
 * ordinary Drizzle query: its total without a search, and its tiles, in a statement beside it.
 */

/** How many rows the tally holds for these scopes and buckets. */
export async function readTallyCount(db: DbOrTx, tally: TallyName, rows: TallyRows = {}): Promise<number> {
  const { rows: read } = await db.execute<{ n: number }>(sql`select ${tallyCount(tally, rows)} as n`);
  return Number(read[0]?.n ?? 0);
}

/** {bucket: rows} over the tally's scopes (or one), empty buckets left out. */
export async function readTallyBuckets(
  db: DbOrTx,
  tally: TallyName,
  rows: Omit<TallyRows, 'bucket' | 'buckets'> = {},
): Promise<Record<string, number>> {
  const { rows: read } = await db.execute<{ buckets: string }>(
    sql`select ${tallyByBucket(tally, rows)} as buckets`,
  );
  return JSON.parse(String(read[0]?.buckets ?? '{}')) as Record<string, number>;
}
