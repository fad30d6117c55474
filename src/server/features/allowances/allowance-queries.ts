import { and, count, desc, eq, type SQL, sql, sum } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import Papa from 'papaparse';
import { ALLOWANCE_EXPORT_COLUMNS, type AllowanceListResponse } from '../../../contracts/allowances';
import { monthNumbersMatching } from '../../../domain/allowance-rows';
import type { ApprovalStage } from '../../../domain/allowance-stages';
import { searchMode } from '../../../domain/search';
import { spreadsheetSafe } from '../../../domain/spreadsheet-cells';
import type { Database, DbOrTx } from '../../db/client';
import { containsPattern, prefixPattern } from '../../db/like-pattern';
import { allowanceStudentNames, allowances, students } from '../../db/schema';
import { pageWindow } from '../../http/paging';
import { toAllowanceDto } from './allowance-dto';
import { allowancePage, latestAllowances, type StageSum } from './allowance-list-page';

/**
 * A search of the list, resolved against the names allowances were filed under: `students` holds
 * the students with a matching name, or 'many' when more than FEW_NAMES do (then the matches are
 * a good share of the table, and finding them by the text alone is as quick).
 */
interface AllowanceSearch {
  /** LIKE patterns of which a name must match one (D17: the start of a word for 1-2 characters). */
  patterns: string[];
  months: number[];
  students: string[] | 'many';
}

const FEW_NAMES = 1000;

function nameMatches(name: AnyPgColumn, patterns: string[]): SQL {
  return sql`(${sql.join(
    patterns.map((p) => sql`lower(${name}) like ${p}`),
    sql` or `,
  )})`;
}

async function resolveAllowanceSearch(
  db: DbOrTx,
  q: string | undefined,
): Promise<AllowanceSearch | undefined> {
  const text = q?.trim();
  if (!text) return undefined;
  const patterns =
    searchMode(text) === 'anywhere'
      ? [containsPattern(text)]
      : [prefixPattern(text), `% ${prefixPattern(text)}`];
  const named = await db
    .selectDistinct({ id: allowanceStudentNames.studentId })
    .from(allowanceStudentNames)
    .where(nameMatches(allowanceStudentNames.studentName, patterns))
    .limit(FEW_NAMES + 1);
  return {
    patterns,
    months: monthNumbersMatching(text),
    students: named.length > FEW_NAMES ? 'many' : named.map((n) => n.id),
  };
}

/**
 * The list's filter: a search over student name or month (case-insensitive), and the stage. A
 * name is matched on the allowance's own student_name (as filed), among the students found by
 * resolveAllowanceSearch. The month is matched on month_number (the month column always holds the
 * canonical name), through its index.
 */
function allowanceFilter(
  search: AllowanceSearch | undefined,
  stage: ApprovalStage | undefined,
): SQL | undefined {
  let matches: SQL | undefined;
  if (search) {
    const byText = nameMatches(allowances.studentName, search.patterns);
    const byName =
      search.students === 'many'
        ? byText
        : search.students.length > 0
          ? sql`(${allowances.studentId} = any(${sql.param(search.students)}::uuid[]) and ${byText})`
          : undefined;
    const byMonth = search.months.length
      ? sql`${allowances.monthNumber} = any(${sql.param(search.months)}::int[])`
      : undefined;
    matches = byName && byMonth ? sql`(${byName} or ${byMonth})` : (byName ?? byMonth ?? sql`false`);
  }
  return and(matches, stage ? eq(allowances.approvalStage, stage) : undefined);
}

export interface AllowanceListParams {
  q?: string;
  stage?: ApprovalStage;
  page: number;
  pageSize: number;
}

/**
 * The list's answer: one page, newest submission first, with the count and the five tiles' sums.
 * The tiles follow the search but not the stage filter. Program officers see every allowance
 * (docs/product.md D9). Without a search the figures are kept ones (allowance-list-page.ts); a
 * search counts and sums its matches here.
 */
export async function listAllowances(
  db: Database,
  params: AllowanceListParams,
): Promise<AllowanceListResponse> {
  const search = await resolveAllowanceSearch(db, params.q);
  if (!search) return latestAllowances(db, params);
  const [rows, perStage] = await Promise.all([
    searchedPage(db, search, params.stage, pageWindow(params)),
    sumMatchesByStage(db, search),
  ]);
  return allowancePage(rows, perStage, params);
}

/**
 * The ids of the allowances the list shows for this search and stage, in the list's order, at
 * most `limit` of them: what "select all matching" on the screen means to a bulk decision.
 */
export async function matchingAllowanceIds(
  db: DbOrTx,
  params: Pick<AllowanceListParams, 'q' | 'stage'>,
  limit: number,
): Promise<string[]> {
  const search = await resolveAllowanceSearch(db, params.q);
  const rows = await db
    .select({ id: allowances.id })
    .from(allowances)
    .where(allowanceFilter(search, params.stage))
    .orderBy(desc(allowances.submittedDate), desc(allowances.id))
    .limit(limit);
  return rows.map((r) => r.id);
}

/**
 * A page of the matches of a search. Matches of a few students' names: find them through the
 * student index and sort them (ordering by an expression stops the planner walking the whole date
 * index hoping to meet 25 matches early). A month, or a name many students share, matches a good
 * share of the table: then walking the date index is the quick way.
 */
function searchedPage(
  db: Database,
  search: AllowanceSearch,
  stage: ApprovalStage | undefined,
  { limit, offset }: { limit: number; offset: number },
) {
  const sortMatches = search.students !== 'many' && search.months.length === 0;
  return db
    .select()
    .from(allowances)
    .where(allowanceFilter(search, stage))
    .orderBy(
      sortMatches
        ? desc(sql`${allowances.submittedDate} + interval '0 seconds'`)
        : desc(allowances.submittedDate),
      desc(allowances.id),
    )
    .limit(limit)
    .offset(offset);
}

/** Counts and sums per stage over the matches of a search: one pass over the matching rows. */
function sumMatchesByStage(db: Database, search: AllowanceSearch): Promise<StageSum[]> {
  return db
    .select({ stage: allowances.approvalStage, n: count(), total: sum(allowances.total) })
    .from(allowances)
    .where(allowanceFilter(search, undefined))
    .groupBy(allowances.approvalStage);
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
  let search: AllowanceSearch | undefined;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        if (!started) {
          started = true;
          search = await resolveAllowanceSearch(db, params.q);
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
          .where(and(allowanceFilter(search, params.stage), after))
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
