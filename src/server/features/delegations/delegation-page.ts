import { aliasedTable, and, asc, desc, eq, gte, isNull, lte, or, type SQL, sql } from 'drizzle-orm';
import type {
  Delegation,
  DelegationListFilter,
  DelegationListResponse,
} from '../../../contracts/delegations';
import { delegationState } from '../../../domain/delegations';
import { countMatches } from '../../db/capped-count';
import type { DbOrTx } from '../../db/client';
import { approvalDelegations as d, users } from '../../db/schema';
import { pageOf, pageWindow } from '../../http/paging';

/*
 * Delegations as every answer gives them (toDelegationDto), and a page of the list: the user's
 * given and received, or everyone's, by status; counted by query (a user's delegations are few,
 * and an admin's list a page of ten).
 */

const delegator = aliasedTable(users, 'delegator');
const delegate = aliasedTable(users, 'delegate');
const revoker = aliasedTable(users, 'revoker');

export function selectDelegations(db: DbOrTx) {
  return db
    .select({
      row: d,
      delegatorName: delegator.name,
      delegatorStaffId: delegator.staffId,
      delegateName: delegate.name,
      delegateStaffId: delegate.staffId,
      revokedByName: revoker.name,
    })
    .from(d)
    .innerJoin(delegator, eq(delegator.id, d.delegatorId))
    .innerJoin(delegate, eq(delegate.id, d.delegateId))
    .leftJoin(revoker, eq(revoker.id, d.revokedById));
}
export interface DelegationRow {
  row: typeof d.$inferSelect;
  delegatorName: string;
  delegatorStaffId: string | null;
  delegateName: string;
  delegateStaffId: string | null;
  revokedByName: string | null;
}

export function toDelegationDto(r: DelegationRow, today: string): Delegation {
  return {
    id: r.row.id,
    delegator_id: r.row.delegatorId,
    delegator_name: r.delegatorName,
    delegator_staff_id: r.delegatorStaffId,
    delegate_id: r.row.delegateId,
    delegate_name: r.delegateName,
    delegate_staff_id: r.delegateStaffId,
    stages: r.row.stages,
    starts_on: r.row.startsOn,
    ends_on: r.row.endsOn,
    reason: r.row.reason,
    state: delegationState(r.row, today),
    created_at: r.row.createdAt.toISOString(),
    revoked_at: r.row.revokedAt?.toISOString() ?? null,
    revoked_by_name: r.revokedByName,
  };
}

/** What the list keeps: the user's own (`mine`), and current ones (active or upcoming) or active ones. */
function matching({ scope, status }: DelegationListFilter, userId: string, today: string): SQL | undefined {
  return and(
    scope === 'mine' ? or(eq(d.delegatorId, userId), eq(d.delegateId, userId)) : undefined,
    status === 'active'
      ? and(isNull(d.revokedAt), lte(d.startsOn, today), gte(d.endsOn, today))
      : status === 'current'
        ? and(isNull(d.revokedAt), gte(d.endsOn, today))
        : undefined,
  );
}

/** A page of the list, for a user allowed the scope asked. */
export async function delegationPage(
  db: DbOrTx,
  userId: string,
  today: string,
  query: DelegationListFilter,
): Promise<DelegationListResponse> {
  const where = matching(query, userId, today);
  // Past delegations first come latest; current ones soonest.
  const direction = query.status === 'all' ? desc : asc;
  const { limit, offset } = pageWindow(query);
  const rows = await selectDelegations(db)
    .where(where)
    .orderBy(direction(d.startsOn), direction(d.createdAt), asc(d.id))
    .limit(limit)
    .offset(offset);
  const total = await countMatches(db, db.select({ one: sql`1` }).from(d).where(where), false);
  const items: Delegation[] = rows.map((r) => toDelegationDto(r, today));
  return pageOf(items, total, query);
}
