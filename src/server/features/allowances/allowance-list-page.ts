import { desc, eq } from 'drizzle-orm';
import type { AllowanceListResponse, AllowanceSummary } from '../../../contracts/allowances';
import type { ApprovalStage } from '../../../domain/allowance-stages';
import { normaliseMoney } from '../../../domain/money';
import type { DbOrTx } from '../../db/client';
import { allowances, allowanceStageTotals as totals } from '../../db/schema';
import { type PageQuery, pageOf, pageWindow } from '../../http/paging';
import { type AllowanceRow, toAllowanceDto } from './allowance-dto';

/*
 * A page of the allowance list without a search, newest submission first, off the (stage,)
 * submitted_date, id index; its total and tiles from allowance_stage_totals, which triggers keep.
 * Searches answer through allowance-queries.ts, which counts their matches.
 */

/** One stage's count and sum of totals (the sum as numeric text), over every allowance or a search's matches. */
export interface StageSum {
  stage: ApprovalStage;
  n: number | string;
  total: string | null;
}

const SUMMARY_STAGES = ['pending_dpm', 'pending_flmi', 'pending_pm', 'approved', 'paid'] as const;

/**
 * The list's total (the stage's count, or every stage's) and the five tiles' sums, which follow
 * the search but not the stage filter.
 */
export function stageFigures(perStage: StageSum[], stage: ApprovalStage | undefined) {
  const summary = Object.fromEntries(SUMMARY_STAGES.map((s) => [s, '0.00'])) as AllowanceSummary;
  let total = 0;
  for (const r of perStage) {
    if (!stage || r.stage === stage) total += Number(r.n);
    if (r.stage in summary) summary[r.stage as keyof AllowanceSummary] = normaliseMoney(r.total ?? '0');
  }
  return { total, summary };
}

/** A page of allowances, as toAllowanceDto answers each, with the list's total and tiles. */
export function allowancePage(
  rows: AllowanceRow[],
  perStage: StageSum[],
  query: PageQuery & { stage?: ApprovalStage },
): AllowanceListResponse {
  const { total, summary } = stageFigures(perStage, query.stage);
  return { ...pageOf(rows.map(toAllowanceDto), total, query), summary };
}

/** The list's answer (AllowanceListResponse) without a search. */
export async function latestAllowances(
  db: DbOrTx,
  query: PageQuery & { stage?: ApprovalStage },
): Promise<AllowanceListResponse> {
  const { limit, offset } = pageWindow(query);
  const rows = await db
    .select()
    .from(allowances)
    .where(query.stage ? eq(allowances.approvalStage, query.stage) : undefined)
    .orderBy(desc(allowances.submittedDate), desc(allowances.id))
    .limit(limit)
    .offset(offset);
  const perStage = await db
    .select({ stage: totals.approvalStage, n: totals.allowanceCount, total: totals.totalSum })
    .from(totals);
  return allowancePage(rows, perStage, query);
}
