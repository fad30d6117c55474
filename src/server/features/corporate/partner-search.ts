import { desc } from 'drizzle-orm';
import { isStaffRole } from '../../../domain/roles';
import type { SearchSource } from '../../area-sources';
import { INSTITUTION, LANDLORD, type PartnerKind } from './partner-kinds';
import { filters, type Input, type Row, selectRows } from './partner-queries';

/** A kind of partner as an area of the top bar's search: staff only (D11), records by name (D17). */
function partnerSearch<T extends Input, R>(
  kind: PartnerKind<T, R>,
  area: 'landlords' | 'institutions',
  label: string,
  show: (row: Row) => { title: string; detail: string },
): SearchSource {
  return {
    area,
    label,
    readableBy: (user) => isStaffRole(user.role),
    async search(deps, _user, term, limit) {
      const rows = (await selectRows(deps.db, kind)
        .where(filters(kind, { q: term.text }))
        .orderBy(desc(kind.table.createdAt), desc(kind.table.id))
        .limit(limit)) as Row[];
      return rows.map((row) => {
        const { title, detail } = show(row);
        return {
          id: row.id,
          title,
          detail,
          href: `/corporate?${new URLSearchParams({ q: title, kind: area })}`,
        };
      });
    },
  };
}

export const landlordSearch = partnerSearch(LANDLORD, 'landlords', 'Landlords', (row) => ({
  title: String(row.name),
  detail: [row.boarding_house_name, row.address].filter(Boolean).join(' · '),
}));

export const institutionSearch = partnerSearch(INSTITUTION, 'institutions', 'Institutions', (row) => ({
  title: String(row.institution_name),
  detail: [row.department, row.liaison_name].filter(Boolean).join(' · '),
}));
