import { inArray, sql } from 'drizzle-orm';
import type { AwaitingAllowance, AwaitingMeResponse } from '../../../contracts/allowances';
import type { NotificationItem } from '../../../contracts/notifications';
import { APPROVAL_STAGE_LABELS } from '../../../domain/allowance-stages';
import { stagesAwaitingRole } from '../../../domain/allowances';
import { formatZmw, normaliseMoney } from '../../../domain/money';
import type { AppDeps } from '../../app-env';
import type { NotificationSource, Recipient } from '../../area-sources';
import { allowanceStageTotals, allowances } from '../../db/schema';

const AWAITING_LIST_SIZE = 20;

/** The notification bell: what the signed-in user may decide (or pay) now, newest first. */
export async function allowancesAwaitingUser(deps: AppDeps, user: Recipient): Promise<AwaitingMeResponse> {
  const stages = stagesAwaitingRole(user.role);
  if (stages.length === 0) return { count: 0, items: [] };
  const [counted, rows] = await Promise.all([
    // From the triggers' per-stage counts: counting half a million waiting rows took 75 ms.
    deps.db
      .select({ n: sql<number>`coalesce(sum(${allowanceStageTotals.allowanceCount}), 0)::int` })
      .from(allowanceStageTotals)
      .where(inArray(allowanceStageTotals.approvalStage, stages)),
    // The newest 20 of each waiting stage off the (stage, date, id) index, then the newest 20 of
    // those. `stage in (...) order by date` walks the date index instead, past every row at other
    // stages: after a 100,000-row bulk upload that was 400 ms.
    deps.db.execute<AwaitingAllowance>(sql`
      select a.id, a.student_name, a.month, a.year, a.total, a.approval_stage
        from unnest(${sql.param(stages)}::text[]) as waiting(stage)
       cross join lateral (
         select id, student_name, month, year, total, approval_stage, submitted_date
           from ${allowances}
          where approval_stage = waiting.stage
          order by submitted_date desc, id desc
          limit ${AWAITING_LIST_SIZE}) as a
       order by a.submitted_date desc, a.id desc
       limit ${AWAITING_LIST_SIZE}`),
  ]);
  return {
    count: counted[0]?.n ?? 0,
    items: rows.rows.map((r) => ({ ...r, total: normaliseMoney(r.total) })),
  };
}

/** An allowance as the bell and the search list it: student and month, amount and stage. */
export function allowanceItem(a: AwaitingAllowance): NotificationItem {
  return {
    id: a.id,
    title: `${a.student_name} · ${a.month} ${a.year}`,
    detail: `${formatZmw(a.total)} · ${APPROVAL_STAGE_LABELS[a.approval_stage]}`,
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
