import { type SQL, sql } from 'drizzle-orm';
import { ROW_TALLIES, rowTallies } from './schema/row-tallies';

/*
 * The lists' counts that triggers keep in row_tallies (migration 0026, docs/decisions/002): a
 * list without a search shows its exact count and tiles (D17), and counting 10,000 rows for every
 * page cost more of PostgreSQL's time than the page itself. A list reads its tally as a scalar
 * subquery of the statement that reads its page: one round trip.
 */

export { ROW_TALLIES };
export type TallyName = keyof typeof ROW_TALLIES;

/** Which of a tally's rows to add up; an absent scope or bucket takes them all. */
export interface TallyRows {
  /** A yearbook's or an officer's id (a value or a placeholder). */
  scope?: SQL | string;
  bucket?: SQL | string;
  /** Several buckets at once (an impact story's 'true,false' and 'true,true'). */
  buckets?: readonly string[];
}

function tallyWhere(tally: TallyName, rows: TallyRows): SQL {
  const conditions = [sql`${rowTallies.tally} = ${tally}`];
  if (rows.scope !== undefined) conditions.push(sql`${rowTallies.scope} = ${rows.scope}::uuid`);
  if (rows.bucket !== undefined) conditions.push(sql`${rowTallies.bucket} = ${rows.bucket}`);
  if (rows.buckets !== undefined)
    conditions.push(sql`${rowTallies.bucket} = any(${sql.param([...rows.buckets])}::text[])`);
  return sql.join(conditions, sql` and `);
}

/** How many rows the tally holds for these scopes and buckets: an int scalar subquery. */
export function tallyCount(tally: TallyName, rows: TallyRows = {}): SQL<number> {
  return sql<number>`(select coalesce(sum(${rowTallies.rowCount}), 0)::int from ${rowTallies} where ${tallyWhere(tally, rows)})`;
}

/** {bucket: rows} over the tally's scopes (or one), empty buckets left out: JSON text, '{}' when none. */
export function tallyByBucket(
  tally: TallyName,
  rows: Omit<TallyRows, 'bucket' | 'buckets'> = {},
): SQL<string> {
  return sql<string>`(select coalesce(json_object_agg(b.bucket, b.n), '{}')::text from (
    select ${rowTallies.bucket} as bucket, sum(${rowTallies.rowCount})::int as n from ${rowTallies}
     where ${tallyWhere(tally, rows)} group by ${rowTallies.bucket}
    having sum(${rowTallies.rowCount}) <> 0) b)`;
}
