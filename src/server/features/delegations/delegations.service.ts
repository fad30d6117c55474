import { aliasedTable, and, asc, eq, gte, inArray, isNull, lte, ne, type SQL, sql } from 'drizzle-orm';
import { isUuid } from '../../../contracts/common';
import type {
  CreateDelegationInput,
  Delegation,
  DelegationListFilter,
  EligibleDelegatesResponse,
} from '../../../contracts/delegations';
import { APPROVAL_STAGE_LABELS } from '../../../domain/allowance-stages';
import type { ReviewStage } from '../../../domain/allowances';
import {
  canRevoke,
  delegableStages,
  ineligibleDelegateMessage,
  DELEGATION_MESSAGES as M,
  mayReceive,
  periodProblem,
  rolesDecidingAll,
} from '../../../domain/delegations';
import type { Role } from '../../../domain/roles';
import type { AppDeps, SessionUser } from '../../app-env';
import type { DbOrTx } from '../../db/client';
import { approvalDelegations, users } from '../../db/schema';
import { badRequest, conflict, forbidden, notFound } from '../../http/errors';
import { programmeDate, programmeDay } from '../../programme-time';
import { areaAudit } from '../audit/audit.service';
import { type DelegationRow, delegationPage, selectDelegations, toDelegationDto } from './delegation-page';

/*
 * Delegation of approvals (docs/product.md D21). A delegation is a row; whether it is active is
 * read against today (the programme's day) wherever it matters, so it starts and ends by itself.
 * The allowance decisions read it through delegationFor, inside their own transaction.
 */

const audit = areaAudit('delegation', 'delegation');
const d = approvalDelegations;
const delegator = aliasedTable(users, 'delegator');

/** Active on `today`: begun, not ended, not revoked. */
const activeOn = (today: string): SQL =>
  and(isNull(d.revokedAt), lte(d.startsOn, today), gte(d.endsOn, today))!;

/**
 * The delegation a user holds for a review stage today, if any: whose decision theirs is. The
 * oldest wins when several delegators handed the same stage to one account. `lock` takes a share
 * lock, so a revoke waits for the decision reading it to commit (and stops the next one).
 */
export async function delegationFor(
  db: DbOrTx,
  userId: string,
  stage: ReviewStage,
  today: string,
  lock = false,
): Promise<{ id: string; name: string } | null> {
  const query = db
    .select({ id: delegator.id, name: delegator.name })
    .from(d)
    .innerJoin(delegator, eq(delegator.id, d.delegatorId))
    .where(and(eq(d.delegateId, userId), activeOn(today), sql`${stage} = any(${d.stages})`))
    .orderBy(asc(d.createdAt), asc(d.id))
    .limit(1);
  const [row] = lock ? await query.for('share', { of: d }) : await query;
  return row ?? null;
}

/** Every review stage a user holds for someone today, with whose it is (the bell). */
export async function delegatedStagesOf(
  db: DbOrTx,
  userId: string,
  today: string,
): Promise<Map<ReviewStage, { id: string; name: string }>> {
  const rows = await db
    .select({ stages: d.stages, id: delegator.id, name: delegator.name })
    .from(d)
    .innerJoin(delegator, eq(delegator.id, d.delegatorId))
    .where(and(eq(d.delegateId, userId), activeOn(today)))
    .orderBy(asc(d.createdAt), asc(d.id));
  const held = new Map<ReviewStage, { id: string; name: string }>();
  for (const row of rows)
    for (const stage of row.stages) if (!held.has(stage)) held.set(stage, { id: row.id, name: row.name });
  return held;
}

/** One delegation as every answer about it gives it, or 404. */
export async function loadDelegation(db: DbOrTx, id: string, today: string): Promise<Delegation> {
  const [row] = await selectDelegations(db).where(eq(d.id, id));
  if (!row) throw notFound(M.notFound);
  return toDelegationDto(row, today);
}

const stagesText = (stages: readonly ReviewStage[]) => stages.map((s) => APPROVAL_STAGE_LABELS[s]).join(', ');

/**
 * Delegate my approvals: the stages the user's role decides, to an active account whose role
 * decides them all, from a day not before today. The delegator's row is locked first, so two
 * delegations of the same person made at once take turns and cannot overlap.
 */
export async function createDelegation(
  deps: AppDeps,
  user: SessionUser,
  input: CreateDelegationInput,
): Promise<Delegation> {
  const stages = delegableStages(user.role);
  if (stages.length === 0) throw forbidden(M.nothingToDelegate);
  const now = deps.clock.now();
  const today = programmeDate(now);
  const problem = periodProblem(input.starts_on, input.ends_on, today);
  if (problem) throw badRequest(problem.message, { [problem.field]: problem.message });
  const delegateId = input.delegate_id.toLowerCase();
  if (!isUuid(delegateId)) throw badRequest(M.delegateNotFound, { delegate_id: M.delegateNotFound });
  if (delegateId === user.id) throw badRequest(M.notToSelf, { delegate_id: M.notToSelf });

  const id = await deps.db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, user.id)).for('no key update');
    const [to] = await tx
      .select({ id: users.id, name: users.name, role: users.role })
      .from(users)
      .where(and(eq(users.id, delegateId), eq(users.isActive, true)));
    if (!to) throw badRequest(M.delegateNotFound, { delegate_id: M.delegateNotFound });
    if (!mayReceive(to.role, stages)) {
      const message = ineligibleDelegateMessage(to.name, stages);
      throw badRequest(message, { delegate_id: message });
    }
    const [clash] = await tx
      .select({ id: d.id })
      .from(d)
      .where(
        and(
          eq(d.delegatorId, user.id),
          isNull(d.revokedAt),
          lte(d.startsOn, input.ends_on),
          gte(d.endsOn, input.starts_on),
        ),
      )
      .limit(1);
    if (clash) throw conflict(M.overlaps);
    const [row] = await tx
      .insert(d)
      .values({
        delegatorId: user.id,
        delegateId: to.id,
        stages,
        startsOn: input.starts_on,
        endsOn: input.ends_on,
        reason: input.reason,
        createdAt: now,
      })
      .returning({ id: d.id });
    await audit(
      tx,
      user,
      now,
      row!.id,
      'created',
      `${user.name} delegated their approvals (${stagesText(stages)}) to ${to.name} from ${programmeDay(input.starts_on)} to ${programmeDay(input.ends_on)}`,
      null,
      {
        delegator_id: user.id,
        delegate_id: to.id,
        delegate_name: to.name,
        stages,
        starts_on: input.starts_on,
        ends_on: input.ends_on,
        reason: input.reason,
      },
    );
    return row!.id;
  });
  return loadDelegation(deps.db, id, today);
}

/**
 * The user's delegations, given and received (`mine`), or every one (`everyone`, admins only),
 * current (active or upcoming) by default (delegation-page.ts).
 */
export async function listDelegations(deps: AppDeps, user: SessionUser, query: DelegationListFilter) {
  if (query.scope === 'everyone' && user.role !== 'admin') throw forbidden(M.everyoneAdminOnly);
  return delegationPage(deps.db, user.id, programmeDate(deps.clock.now()), query);
}

/**
 * Revoke: the delegator or an admin, while it has not ended; it stops at once (a decision under
 * way holds a share lock on it, so the revoke lands after that decision and before the next).
 * Someone who may not see it (neither party nor admin) gets 404.
 */
export async function revokeDelegation(deps: AppDeps, user: SessionUser, id: string): Promise<Delegation> {
  if (!isUuid(id)) throw notFound(M.notFound);
  const now = deps.clock.now();
  const today = programmeDate(now);
  await deps.db.transaction(async (tx) => {
    await tx.select({ id: d.id }).from(d).where(eq(d.id, id)).for('update');
    const rows: DelegationRow[] = await selectDelegations(tx).where(eq(d.id, id));
    const found = rows[0];
    if (!found) throw notFound(M.notFound);
    const row = found.row;
    const party = row.delegatorId === user.id || row.delegateId === user.id;
    if (!party && user.role !== 'admin') throw notFound(M.notFound);
    if (!canRevoke(row, user)) throw forbidden(M.revokeNotAllowed);
    if (row.revokedAt) throw conflict(M.alreadyRevoked);
    if (row.endsOn < today) throw conflict(M.alreadyEnded);
    await tx.update(d).set({ revokedAt: now, revokedById: user.id }).where(eq(d.id, id));
    const whose = row.delegatorId === user.id ? 'their' : `${found.delegatorName}'s`;
    await audit(
      tx,
      user,
      now,
      id,
      'revoked',
      `${user.name} revoked ${whose} delegation of approvals to ${found.delegateName} (${programmeDay(row.startsOn)} to ${programmeDay(row.endsOn)})`,
      { revoked_at: null },
      { revoked_at: now.toISOString(), revoked_by_id: user.id },
    );
  });
  return loadDelegation(deps.db, id, today);
}

/** The stages the user would hand over and the active accounts (not theirs) whose role decides them. */
export async function eligibleDelegates(
  deps: AppDeps,
  user: SessionUser,
): Promise<EligibleDelegatesResponse> {
  const stages = delegableStages(user.role);
  const roles = rolesDecidingAll(stages) as Role[];
  if (roles.length === 0) return { stages, items: [] };
  const rows = await deps.db
    .select({ id: users.id, name: users.name, staff_id: users.staffId, role: users.role })
    .from(users)
    .where(and(eq(users.isActive, true), ne(users.id, user.id), inArray(users.role, roles)))
    .orderBy(asc(users.name), asc(users.id))
    .limit(500);
  return { stages, items: rows };
}
