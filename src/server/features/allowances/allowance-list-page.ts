import { desc, eq, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { AllowanceSummary } from '../../../contracts/allowances';
import type { ApprovalStage } from '../../../domain/allowance-stages';
import { normaliseMoney } from '../../../domain/money';
import type { DbOrTx } from '../../db/client';
import { isoTimestamp, itemsArray, onPage, PAGE_ALIAS } from '../../db/json-items';
import { type KeptListPage, keptListPage } from '../../db/kept-list-pages';
import { runWithValues } from '../../db/prepared';
import { qualified } from '../../db/qualified';
import { allowances as a, allowanceStageTotals as totals } from '../../db/schema';
import { namedPageStatements, type PageWindow, PLACEHOLDERS } from '../../db/statements-by-shape';
import { pageJsonText } from '../../http/json-text';
import type { PageQuery } from '../../http/paging';

/*
 * A page of the allowance list without a search, in one statement after the session look-up
 * (docs/decisions/002): one row holding the page's items as JSON text written by PostgreSQL
 * (toAllowanceDto field for field; allowance-list-page.test.ts holds the two together) and the
 * per-stage counts and sums that triggers keep in allowance_stage_totals. Mapping and serialising
 * 25 allowances of 49 fields in Node held the list at 0.2 of /api/me's rate. The first page of the
 * screen's size is a statement named per shape, its LIMIT written in, and its answer is kept while
 * no allowance changes (keptAllowances below). Searches answer through
 * allowance-queries.ts, which counts their matches.
 */

/** Allowance Management's page size (ALLOWANCE_PAGE_SIZE), also the API's default. */
const SCREEN_PAGE_SIZE = 25;

/** The page's rows are read in a subquery of this name; the items are written from it. */
// numeric(12,2) as text always has its two decimals, as normaliseMoney writes them.
const money = (column: AnyPgColumn) => sql`${onPage(column)}::text`;
// A date column as the driver hands it to toAllowanceDto: its text.
const day = (column: AnyPgColumn) => sql`${onPage(column)}::text`;

/**
 * A JSON object of these fields in this order, as row_to_json writes it: without the spaces of
 * json_build_object (a tenth of a page of 49 fields), and without its cap of 50 fields.
 */
function rowJson(fields: Record<string, SQLWrapper>): SQL<string> {
  const columns = sql.join(
    Object.entries(fields).map(([name, value]) => sql`${value} as ${sql.identifier(name)}`),
    sql`, `,
  );
  return sql<string>`row_to_json((select item from (select ${columns}) item))`;
}

/** An allowance as toAllowanceDto answers it, its fields in the same order. */
const ITEM = rowJson({
  id: onPage(a.id),
  student_id: onPage(a.studentId),
  student_name: onPage(a.studentName),
  month: onPage(a.month),
  month_number: onPage(a.monthNumber),
  year: onPage(a.year),
  program_level: onPage(a.programLevel),
  stipend: money(a.stipend),
  medical: money(a.medical),
  transportation: money(a.transportation),
  school_supplies: money(a.schoolSupplies),
  accommodation: money(a.accommodation),
  total: money(a.total),
  approval_stage: onPage(a.approvalStage),
  submitted_by: onPage(a.submittedBy),
  submitted_by_id: onPage(a.submittedById),
  submitted_date: isoTimestamp(onPage(a.submittedDate)),
  dpm_approved_by: onPage(a.dpmApprovedBy),
  dpm_approved_by_id: onPage(a.dpmApprovedById),
  dpm_approved_date: day(a.dpmApprovedDate),
  dpm_status: onPage(a.dpmStatus),
  dpm_comments: onPage(a.dpmComments),
  dpm_on_behalf_of: onPage(a.dpmOnBehalfOf),
  dpm_on_behalf_of_id: onPage(a.dpmOnBehalfOfId),
  flmi_approved_by: onPage(a.flmiApprovedBy),
  flmi_approved_by_id: onPage(a.flmiApprovedById),
  flmi_approved_date: day(a.flmiApprovedDate),
  flmi_status: onPage(a.flmiStatus),
  flmi_step_comments: onPage(a.flmiComments),
  flmi_on_behalf_of: onPage(a.flmiOnBehalfOf),
  flmi_on_behalf_of_id: onPage(a.flmiOnBehalfOfId),
  pm_approved_by: onPage(a.pmApprovedBy),
  pm_approved_by_id: onPage(a.pmApprovedById),
  pm_approved_date: day(a.pmApprovedDate),
  pm_status: onPage(a.pmStatus),
  pm_comments: onPage(a.pmComments),
  pm_on_behalf_of: onPage(a.pmOnBehalfOf),
  pm_on_behalf_of_id: onPage(a.pmOnBehalfOfId),
  rejection_reason: onPage(a.rejectionReason),
  rejected_at_stage: onPage(a.rejectedAtStage),
  rejected_by: onPage(a.rejectedBy),
  rejected_date: day(a.rejectedDate),
  flmi_comments: onPage(a.submissionNotes),
  flmz_comments: onPage(a.flmzComments),
  paid_by: onPage(a.paidBy),
  paid_by_id: onPage(a.paidById),
  paid_date: day(a.paidDate),
  created_at: isoTimestamp(onPage(a.createdAt)),
  updated_at: isoTimestamp(onPage(a.updatedAt)),
});

/** The six rows of allowance_stage_totals as JSON text: [{stage, n, total}]. */
const STAGE_TOTALS = sql<string>`(select coalesce(json_agg(json_build_object(
    'stage', ${qualified(totals.approvalStage)},
    'n', ${qualified(totals.allowanceCount)},
    'total', ${qualified(totals.totalSum)}::text)), '[]')::text
  from ${totals})`;

/**
 * The sum of allowance_stage_totals.changes, which moves with every write to allowances or to
 * approval delegations (migration 0036): read in the snapshot of what it is kept with (the
 * dashboard's answer, this list's first page), so that these are used only while nothing they
 * show of allowances has changed.
 */
export const ALLOWANCE_CHANGES = sql`(select coalesce(sum(${qualified(totals.changes)}), 0)::bigint from ${totals})`;

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

/** The one statement: the page's rows off the (stage,) submitted_date, id index, their items, the totals. */
function pageStatement(db: DbOrTx, ofStage: boolean, window: PageWindow, kept?: KeptListPage) {
  const page = db
    .select()
    .from(a)
    .where(ofStage ? eq(a.approvalStage, sql.placeholder('stage')) : undefined)
    .orderBy(desc(a.submittedDate), desc(a.id))
    .limit(window.limit)
    .offset(window.offset)
    .as(PAGE_ALIAS);
  return db
    .select({
      items: itemsArray(ITEM, sql`${onPage(a.submittedDate)} desc, ${onPage(a.id)} desc`).as('items'),
      stageTotals: STAGE_TOTALS.as('stage_totals'),
      ...(kept ? { keptVersion: kept.version() } : {}),
    })
    .from(page);
}

const namedFirstPage = namedPageStatements();

/**
 * The first page is kept while no allowance has changed (db/kept-list-pages.ts): every allowance
 * is on it or counted in its figures, and shows only its own columns.
 */
const keptAllowances = keptListPage('allowances', ALLOWANCE_CHANGES);

/** The list's answer (AllowanceListResponse) without a search, newest submission first, as JSON text. */
export async function latestAllowancesJson(
  db: DbOrTx,
  query: PageQuery & { stage?: ApprovalStage },
): Promise<string> {
  const { stage } = query;
  const limit = query.pageSize;
  const offset = (query.page - 1) * query.pageSize;
  const values = { stage, limit, offset };
  if (offset === 0 && limit === SCREEN_PAGE_SIZE) {
    const statement = namedFirstPage(
      `allowances.${stage ? 'stage' : 'all'}`,
      SCREEN_PAGE_SIZE,
      (handle, window) => pageStatement(handle, stage !== undefined, window, keptAllowances),
    );
    return keptAllowances.answer(db, `${stage ?? 'any'}:${limit}`, async () => {
      const [row] = await statement(db, values);
      return { answer: latestAllowancesAnswer(row, query), version: row?.kept_version };
    });
  }
  const [row] = await runWithValues(pageStatement(db, stage !== undefined, PLACEHOLDERS), values);
  return latestAllowancesAnswer(row, query);
}

function latestAllowancesAnswer(
  row: Record<string, unknown> | undefined,
  query: PageQuery & { stage?: ApprovalStage },
): string {
  const { stage } = query;
  const { total, summary } = stageFigures(JSON.parse(String(row?.stage_totals ?? '[]')) as StageSum[], stage);
  return pageJsonText(String(row?.items ?? '[]'), { total, capped: false }, query, { summary });
}
