import { and, eq, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client';
import { textSearch } from '../../db/like-pattern';
import type { PartnerKind } from './partner-kinds';

/** Reading partners: the rows under their API names, and what a search and the signed filter keep. */

export type Input = Record<string, unknown>;
export type Row = Record<string, unknown> & {
  id: string;
  geolocation: string | null;
  created_at: Date;
  updated_at: Date;
};

export interface PartnerQuery {
  q?: string;
  /** lease_signed or mou_signed. */
  signed?: boolean;
}

export function filters<T extends Input, R>(kind: PartnerKind<T, R>, query: PartnerQuery): SQL | undefined {
  // D17: one or two characters match the start of a word, more anywhere.
  const search = textSearch(kind.searchText, query.q);
  return and(search, query.signed === undefined ? undefined : eq(kind.signed, query.signed));
}

export function selectRows<T extends Input, R>(db: DbOrTx, kind: PartnerKind<T, R>) {
  return db.select(kind.columns as Record<string, AnyPgColumn>).from(kind.table);
}
