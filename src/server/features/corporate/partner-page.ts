import { desc, sql } from 'drizzle-orm';
import { countMatches } from '../../db/capped-count';
import type { DbOrTx } from '../../db/client';
import { readTallyCount } from '../../db/tally-figures';
import { type PageQuery, pageWindow } from '../../http/paging';
import type { PartnerKind } from './partner-kinds';
import { filters, type Input, type PartnerQuery, type Row, selectRows } from './partner-queries';

/*
 * A page of landlords or institutions, newest first, and how many match: without a search or
 * filter that count is the tally kept in row_tallies; a filter counts its rows, a search up to
 * the cap (D17). The caller makes the items with the record's own toDto.
 */

export async function partnerRows<T extends Input, R>(
  db: DbOrTx,
  kind: PartnerKind<T, R>,
  query: PartnerQuery & PageQuery,
) {
  const where = filters(kind, query);
  const { limit, offset } = pageWindow(query);
  const [rows, total] = await Promise.all([
    selectRows(db, kind)
      .where(where)
      .orderBy(desc(kind.table.createdAt), desc(kind.table.id))
      .limit(limit)
      .offset(offset),
    where
      ? countMatches(db, db.select({ one: sql`1` }).from(kind.table).where(where), Boolean(query.q?.trim()))
      : readTallyCount(db, kind.entity === 'landlord' ? 'landlords' : 'institutions'),
  ]);
  return { rows: rows as Row[], total };
}
