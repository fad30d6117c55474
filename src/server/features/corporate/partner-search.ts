import { desc } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import { isStaffRole } from '../../../domain/roles';
import { type SearchSource, searchSource } from '../../area-sources';
import { INSTITUTION, LANDLORD, type PartnerKind } from './partner-kinds';
import { filters, type Input, type Row, selectRows } from './partner-queries';

/** A kind of partner as an area of the top bar's search: staff only (D11), records by name (D17). */
function partnerSearch<T extends Input, R>(
  kind: PartnerKind<T, R>,
  area: 'landlords' | 'institutions',
  label: string,
  show: (row: Row) => { title: string; detail: string },
): SearchSource {
  return searchSource({
    area,
    label,
    readableBy: (user) => isStaffRole(user.role),
    rows: (db) => selectRows(db, kind).$dynamic() as PgSelect & PromiseLike<Row[]>,
    matching: (term) => filters(kind, { q: term.text }),
    order: [desc(kind.table.createdAt), desc(kind.table.id)],
    item: show,
    // The Corporate screen opens no record by id: it lists the partner, searched for by name.
    opens: (row) => `/corporate?${new URLSearchParams({ q: show(row).title, kind: area })}`,
  });
}

export const landlordSearch = partnerSearch(LANDLORD, 'landlords', 'Landlords', (row) => ({
  title: String(row.name),
  detail: [row.boarding_house_name, row.address].filter(Boolean).join(' · '),
}));

export const institutionSearch = partnerSearch(INSTITUTION, 'institutions', 'Institutions', (row) => ({
  title: String(row.institution_name),
  detail: [row.department, row.liaison_name].filter(Boolean).join(' · '),
}));
