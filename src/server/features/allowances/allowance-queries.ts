import { and, count, desc, eq, sql, sum } from 'drizzle-orm';
import Papa from 'papaparse';
import {
  ALLOWANCE_EXPORT_COLUMNS,
  type AllowanceListResponse,
  type AllowanceSummary,
} from '../../../contracts/allowances';
import type { ApprovalStage } from '../../../domain/allowance-stages';
import { normaliseMoney } from '../../../domain/money';
import { spreadsheetSafe } from '../../csv/csv';
import type { Database } from '../../db/client';
import { allowances, students } from '../../db/schema';
import { allowanceFilter, toAllowanceDto } from './allowance-dto';

export interface AllowanceListParams {
  q?: string;
  stage?: ApprovalStage;
  page: number;
  pageSize: number;
}

const SUMMARY_STAGES = ['pending_dpm', 'pending_flmi', 'pending_pm', 'approved', 'paid'] as const;

/**
 * One page, newest submission first, with the count and the five tiles' sums. The tiles follow
 * the search but not the stage filter; counts and sums come from one pass over the matches.
 * Program officers see every allowance (decisions D9).
 */
export async function listAllowances(
  db: Database,
  params: AllowanceListParams,
): Promise<AllowanceListResponse> {
  const { q, stage, page, pageSize } = params;
  // With a search, order by an expression so the planner finds the matches first (trigram index)
  // and sorts them, instead of walking the whole date index hoping to meet 25 matches early.
  const [rows, perStage] = await Promise.all([
    db
      .select()
      .from(allowances)
      .where(allowanceFilter(q, stage))
      .orderBy(
        q?.trim()
          ? desc(sql`${allowances.submittedDate} + interval '0 seconds'`)
          : desc(allowances.submittedDate),
        desc(allowances.id),
      )
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db
      .select({ stage: allowances.approvalStage, n: count(), total: sum(allowances.total) })
      .from(allowances)
      .where(allowanceFilter(q, undefined))
      .groupBy(allowances.approvalStage),
  ]);
  const summary = Object.fromEntries(SUMMARY_STAGES.map((s) => [s, '0.00'])) as AllowanceSummary;
  let total = 0;
  for (const r of perStage) {
    if (!stage || r.stage === stage) total += r.n;
    if (r.stage in summary) summary[r.stage as keyof AllowanceSummary] = normaliseMoney(r.total ?? '0');
  }
  return { items: rows.map(toAllowanceDto), total, page, pageSize, summary };
}

const EXPORT_BATCH = 5000;
const PAPA = { newline: '\r\n' };

/**
 * The filtered list as CSV for the bank, streamed in batches (keyset on submitted_date, id) so a
 * large export never sits in memory whole. Every cell is formula-safe.
 */
export function exportAllowancesCsv(
  db: Database,
  params: Pick<AllowanceListParams, 'q' | 'stage'>,
): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let cursor: { at: string; id: string } | null = null;
  let started = false;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        if (!started) {
          started = true;
          // The BOM lets Excel read UTF-8; the rows below go through the same formula guard as toCsv.
          controller.enqueue(
            encoder.encode(`\ufeff${Papa.unparse([[...ALLOWANCE_EXPORT_COLUMNS]], PAPA)}\r\n`),
          );
        }
        const after = cursor
          ? sql`(${allowances.submittedDate} < ${cursor.at}::timestamptz or (${allowances.submittedDate} = ${cursor.at}::timestamptz and ${allowances.id} < ${cursor.id}::uuid))`
          : undefined;
        const rows = await db
          .select({
            allowance: allowances,
            chlNumber: students.chlNumber,
            cursorAt: sql<string>`${allowances.submittedDate}::text`,
          })
          .from(allowances)
          .leftJoin(students, eq(students.id, allowances.studentId))
          .where(and(allowanceFilter(params.q, params.stage), after))
          .orderBy(desc(allowances.submittedDate), desc(allowances.id))
          .limit(EXPORT_BATCH);
        if (rows.length > 0) {
          const data = rows.map(({ allowance, chlNumber }) => {
            const a = toAllowanceDto(allowance);
            const record: Record<string, unknown> = { ...a, chl_number: chlNumber };
            return ALLOWANCE_EXPORT_COLUMNS.map((column) => spreadsheetSafe(record[column]));
          });
          controller.enqueue(encoder.encode(`${Papa.unparse(data, PAPA)}\r\n`));
          const last = rows.at(-1)!;
          cursor = { at: last.cursorAt, id: last.allowance.id };
        }
        if (rows.length < EXPORT_BATCH) controller.close();
      } catch (error) {
        controller.error(error);
      }
    },
  });
}
