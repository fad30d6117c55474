import { type SQL, sql } from 'drizzle-orm';
import type { AwaitingAllowance, AwaitingMeResponse } from '../../../contracts/allowances';
import type { NotificationItem } from '../../../contracts/notifications';
import { APPROVAL_STAGE_LABELS } from '../../../domain/allowance-stages';
import { isReviewStage, stagesAwaitingRole } from '../../../domain/allowances';
import { formatZmw, normaliseMoney } from '../../../domain/money';
import type { AppDeps } from '../../app-env';
import type { NotificationSource, Recipient } from '../../area-sources';
import { allowanceStageTotals, allowances } from '../../db/schema';
import { programmeDate } from '../../programme-time';
import { delegatedStagesOf } from '../delegations/delegations.service';

const AWAITING_LIST_SIZE = 20;

/** Who approved an allowance's earlier steps, or held them for whom: the DPM's and the FLMI's. */
const EARLIER_APPROVERS = [
  'dpm_approved_by_id',
  'dpm_on_behalf_of_id',
  'flmi_approved_by_id',
  'flmi_on_behalf_of_id',
];

/**
 * Whether an allowance at `waiting.stage` is barred to the user by the two-stage rule (docs/product.md
 * §4, D21): the user, or the account they hold the stage for (`waiting.principal`), approved an
 * earlier step. At these stages the earlier steps are the DPM and FLMI ones. Plain comparisons,
 * not two arrays overlapping: the bell's items test each allowance they pass, and building two
 * arrays for each was most of the time when the count still did so (it now finds the barred
 * ones by index: earlierApproversInclude). `is true`: a step not yet taken compares as null,
 * which must read as "not barred" where the rule is negated (the bell's items).
 */
const barredByTwoStageRule = (userId: string | SQL, a: SQL) => {
  const approvedBy = (who: SQL) =>
    sql.join(
      EARLIER_APPROVERS.map((column) => sql`${a}.${sql.identifier(column)} = ${who}`),
      sql` or `,
    );
  return sql`
  waiting.stage in ('pending_flmi', 'pending_pm')
  and (${approvedBy(sql`${userId}::uuid`)} or ${approvedBy(sql`waiting.principal`)}) is true`;
};

/** The stages waiting for the user, and whom they hold each for (themselves, or by delegation today). */
export async function waitingStagesOf(deps: AppDeps, user: Recipient) {
  const stages = stagesAwaitingRole(user.role);
  const held =
    stages.length === 0
      ? new Map<string, { id: string; name: string }>()
      : await delegatedStagesOf(deps.db, user.id, programmeDate(deps.clock.now()));
  const principals = stages.map((s) => (isReviewStage(s) ? held.get(s)?.id : undefined) ?? user.id);
  const waiting = sql`unnest(${sql.param(stages)}::text[], ${sql.param(principals)}::uuid[]) as waiting(stage, principal)`;
  return { stages, held, waiting };
}

/**
 * The same rule as barredByTwoStageRule, for counting: the earlier approvers as one array, the
 * expression allowances_earlier_approvers_idx (migration 0055) is made on, overlapping the user
 * and whom they hold the stage for. A step not yet taken is a null in the array and matches no one.
 */
const earlierApproversInclude = (userId: string | SQL, a: SQL) =>
  sql`array[${sql.join(
    EARLIER_APPROVERS.map((column) => sql`${a}.${sql.identifier(column)}`),
    sql`, `,
  )}] && array[${userId}::uuid, waiting.principal]`;

/**
 * How many allowances wait at `stages` for the user (`waiting`: each stage and whom the user holds
 * it for, from waitingStagesOf), as one SQL expression: the triggers' per-stage counts (counting
 * half a million waiting rows took 75 ms), less what the two-stage rule bars. Only FLMI and PM
 * deciders have any barred, found by their ids in allowances_earlier_approvers_idx (migration
 * 0055): the stages written as literals on `a` are what let the planner use that partial index,
 * and on `waiting` what spare a deputy manager reading the allowances they approved at their own
 * stage.
 */
export function waitingCountSql(userId: string | SQL, stages: SQL, waiting: SQL): SQL {
  return sql`greatest(0,
    (select coalesce(sum(${allowanceStageTotals.allowanceCount}), 0)
       from ${allowanceStageTotals} where ${allowanceStageTotals.approvalStage} = any(${stages}::text[]))
    - (select count(*) from ${waiting} join ${allowances} as a on a.approval_stage = waiting.stage
        where waiting.stage in ('pending_flmi', 'pending_pm') and a.approval_stage in ('pending_flmi', 'pending_pm')
          and ${earlierApproversInclude(userId, sql`a`)}))::int`;
}

async function countWaiting(
  deps: AppDeps,
  user: Recipient,
  { stages, waiting }: Awaited<ReturnType<typeof waitingStagesOf>>,
): Promise<number> {
  const { rows } = await deps.db.execute<{ n: number }>(
    sql`select ${waitingCountSql(user.id, sql`${sql.param(stages)}`, waiting)} as n`,
  );
  return rows[0]?.n ?? 0;
}

/**
 * How many allowances the user may decide (or pay) now: the bell's count, and the dashboard's
 * "Awaiting Your Decision", so the two never disagree.
 */
export async function awaitingDecisionCount(deps: AppDeps, user: Recipient): Promise<number> {
  const scope = await waitingStagesOf(deps, user);
  return scope.stages.length === 0 ? 0 : countWaiting(deps, user, scope);
}

/** The same count as an SQL expression (an integer), for a statement that reads it with other figures. */
export async function awaitingDecisionSql(deps: AppDeps, user: Recipient): Promise<SQL> {
  const { stages, waiting } = await waitingStagesOf(deps, user);
  return stages.length === 0 ? sql`0` : waitingCountSql(user.id, sql`${sql.param(stages)}`, waiting);
}

/**
 * The notification bell: what the signed-in user may decide (or pay) now, newest first. At a stage
 * they hold for someone by a delegation active today, each item names that person, and what that
 * person approved earlier is left out, as the decision would refuse it.
 */
export async function allowancesAwaitingUser(deps: AppDeps, user: Recipient): Promise<AwaitingMeResponse> {
  const scope = await waitingStagesOf(deps, user);
  const { stages, held, waiting } = scope;
  if (stages.length === 0) return { count: 0, items: [] };
  const [count, rows] = await Promise.all([
    countWaiting(deps, user, scope),
    // The newest 20 of each waiting stage off the (stage, date, id) index, then the newest 20 of
    // those. `stage in (...) order by date` walks the date index instead, past every row at other
    // stages: after a 100,000-row bulk upload that was 400 ms.
    deps.db.execute<AwaitingAllowance>(sql`
      select a.id, a.student_name, a.month, a.year, a.total, a.approval_stage
        from ${waiting}
       cross join lateral (
         select id, student_name, month, year, total, approval_stage, submitted_date
           from ${allowances} as w
          where w.approval_stage = waiting.stage
            and not (${barredByTwoStageRule(user.id, sql`w`)})
          order by submitted_date desc, id desc
          limit ${AWAITING_LIST_SIZE}) as a
       order by a.submitted_date desc, a.id desc
       limit ${AWAITING_LIST_SIZE}`),
  ]);
  return {
    count,
    items: rows.rows.map((r) => {
      const principal = isReviewStage(r.approval_stage) ? held.get(r.approval_stage) : undefined;
      // Named only where the user holds the stage for someone: the item reads as it did otherwise.
      return { ...r, total: normaliseMoney(r.total), ...(principal ? { on_behalf_of: principal.name } : {}) };
    }),
  };
}

/** An allowance as the bell and the search list it: student and month, amount and stage. */
export function allowanceItem(a: AwaitingAllowance): NotificationItem {
  return {
    id: a.id,
    title: `${a.student_name} · ${a.month} ${a.year}`,
    // Whose it is comes first: the bell cuts a long line short, and the delegate must see it.
    detail: `${a.on_behalf_of ? `For ${a.on_behalf_of} (delegated) · ` : ''}${formatZmw(a.total)} · ${
      APPROVAL_STAGE_LABELS[a.approval_stage]
    }`,
    href: `/allowances?open=${encodeURIComponent(a.id)}`,
  };
}

/** The allowances area of the bell: what waits at the user's stage, each opening its details. */
export const allowanceNotifications: NotificationSource = {
  area: 'allowances',
  switch: 'allowanceReminders',
  label: 'Allowances awaiting your decision',
  async waitingFor(deps, user) {
    const { count, items } = await allowancesAwaitingUser(deps, user);
    return {
      count,
      items: items.map(allowanceItem),
    };
  },
};
