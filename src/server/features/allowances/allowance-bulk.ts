import { type SQL, sql } from 'drizzle-orm';
import type { BulkUploadResponse } from '../../../contracts/allowances';
import { type ErrorResponse, isUuid } from '../../../contracts/common';
import { STUDENT_API_MESSAGES } from '../../../contracts/students';
import { parseCsvInTurns } from '../../../csv/parse-csv';
import { periodKey, rowError, type ValidBulkRow, validateBulkRow } from '../../../domain/allowance-rows';
import { ALLOWANCE_MESSAGES, duplicateAllowanceMessage, submissionComment } from '../../../domain/allowances';
import { formatZmw } from '../../../domain/money';
import { isInStudentScope } from '../../../domain/student-permissions';
import type { AppDeps, SessionUser } from '../../app-env';
import { rowsAsJson } from '../../db/bulk-insert';
import type { Database } from '../../db/client';
import { checkRefusal } from '../../db/constraint-errors';
import { othersFirst } from '../../db/others-first';
import { allowances, students } from '../../db/schema';
import { timeOrderedUuid } from '../../db/time-ordered-id';
import { badRequest, conflict } from '../../http/errors';
import { type AuditInput, auditStatements } from '../audit/audit.service';
import {
  BulkWriteInterrupted,
  bulkWriteUnfinished,
  FILE_WORK_TURN_MS,
  turnsEvery,
  writeInShortTransactions,
} from '../bulk-writes/bulk-writes.service';
import { actorOf, isOpenPeriodTaken, isStudentGone } from './allowance-dto';

/** Ids or keys per look-up query; other requests run between two (othersFirst). */
const LOOKUP_BATCH = 5000;

export const NO_ALLOWANCE_ROWS = 'No allowance rows found in the CSV file.';

interface StudentRef {
  id: string;
  fullName: string;
  assignedOfficerId: string | null;
  /** Written by a student import still in progress: nothing may be filed for them yet. */
  importing: boolean;
}

type StudentRow = { id: string; full_name: string; assigned_officer_id: string | null; importing: boolean };
const toRef = (s: StudentRow): StudentRef => ({
  id: s.id,
  fullName: s.full_name,
  assignedOfficerId: s.assigned_officer_id,
  importing: s.importing,
});
const IMPORTING = bulkWriteUnfinished(students.writtenByImport);

interface ReadyRow extends ValidBulkRow {
  student: StudentRef;
}

function chunks<T>(items: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/** Students by id and by upper-cased CHL number, a few queries for the whole file. */
async function lookUpStudents(db: Database, rows: ValidBulkRow[]) {
  const ids = new Set<string>();
  const chls = new Set<string>();
  for (const r of rows) {
    if (r.studentId) {
      if (isUuid(r.studentId)) ids.add(r.studentId.toLowerCase());
    } else if (r.chlNumber) chls.add(r.chlNumber.toUpperCase());
  }
  const byId = new Map<string, StudentRef>();
  const byChl = new Map<string, StudentRef>();
  for (const batch of chunks([...ids], LOOKUP_BATCH)) {
    const start = performance.now();
    const result = await db.execute<StudentRow>(
      sql`select id, full_name, assigned_officer_id, ${IMPORTING} as importing
          from students where id = any(${sql.param(batch)}::uuid[])`,
    );
    for (const s of result.rows) byId.set(s.id, toRef(s));
    await othersFirst(db, performance.now() - start);
  }
  for (const batch of chunks([...chls], LOOKUP_BATCH)) {
    const start = performance.now();
    const result = await db.execute<StudentRow & { chl: string }>(
      sql`select id, full_name, assigned_officer_id, ${IMPORTING} as importing, upper(chl_number) as chl
          from students where upper(chl_number) = any(${sql.param(batch)}::text[])`,
    );
    for (const s of result.rows) byChl.set(s.chl, toRef(s));
    await othersFirst(db, performance.now() - start);
  }
  return (row: ValidBulkRow): StudentRef | undefined =>
    row.studentId ? byId.get(row.studentId.toLowerCase()) : byChl.get(row.chlNumber!.toUpperCase());
}

/** Keys (student, year, month) that already have an allowance that is not rejected. */
async function openPeriods(db: Database, rows: ReadyRow[]): Promise<Set<string>> {
  const open = new Set<string>();
  for (const batch of chunks(rows, LOOKUP_BATCH)) {
    const start = performance.now();
    const result = await db.execute<{ student_id: string; year: number; month_number: number }>(
      sql`select a.student_id, a.year, a.month_number
          from allowances a
          join unnest(${sql.param(batch.map((r) => r.student.id))}::uuid[],
                      ${sql.param(batch.map((r) => r.year))}::int[],
                      ${sql.param(batch.map((r) => r.monthNumber))}::int[]) as k(student_id, year, month_number)
            on a.student_id = k.student_id and a.year = k.year and a.month_number = k.month_number
          where a.approval_stage <> 'rejected'`,
    );
    for (const r of result.rows) open.add(periodKey(r.student_id, r.year, r.month_number));
    await othersFirst(db, performance.now() - start);
  }
  return open;
}

/**
 * Bulk upload (docs/product.md D6): every row is validated first (spec messages, student found and in
 * the uploader's scope, no second open allowance for the period, in the database or earlier in
 * the file). Any row with a problem refuses the whole file, as the student import does, unless
 * the request chose to skip such rows (`skipInvalid`); then the valid rows are written with their
 * submission comments in short transactions (writeInShortTransactions, docs/decisions/009), which
 * a file that cannot finish leaves nothing of. A row that loses a race with a concurrent
 * submission is reported as a duplicate, never written twice.
 */
export async function bulkUploadAllowances(
  deps: AppDeps,
  user: SessionUser,
  csvText: string,
  skipInvalid = false,
): Promise<BulkUploadOutcome> {
  const turn = turnsEvery(FILE_WORK_TURN_MS);
  const parsed = await parseCsvInTurns(csvText, { commentRows: true }, turn);
  if (parsed.rows.length === 0) throw badRequest(NO_ALLOWANCE_ROWS);
  const errors: Array<{ rowNumber: number; message: string }> = [];
  const fail = (rowNumber: number, message: string) => errors.push({ rowNumber, message });

  const valid: ValidBulkRow[] = [];
  for (const row of parsed.rows) {
    await turn();
    const result = validateBulkRow(row);
    if (result.ok) valid.push(result.row);
    else errors.push({ rowNumber: row.rowNumber, message: result.error });
  }

  const studentOf = await lookUpStudents(deps.db, valid);
  const seen = new Set<string>();
  const found: ReadyRow[] = [];
  for (const row of valid) {
    const student = studentOf(row);
    if (!student || !isInStudentScope(user, student)) {
      fail(row.rowNumber, rowError(row.rowNumber, ALLOWANCE_MESSAGES.studentNotFound));
      continue;
    }
    if (student.importing) {
      fail(row.rowNumber, rowError(row.rowNumber, STUDENT_API_MESSAGES.stillImporting));
      continue;
    }
    const key = periodKey(student.id, row.year, row.monthNumber);
    if (seen.has(key)) {
      fail(
        row.rowNumber,
        rowError(row.rowNumber, duplicateAllowanceMessage(student.fullName, row.month, row.year)),
      );
      continue;
    }
    seen.add(key);
    found.push(Object.assign(row, { student }));
  }

  if (!skipInvalid && errors.length > 0) return { ok: false, error: refusal(errors) };
  const written = found.length > 0 ? await writeFreePeriods(deps, user, found, fail, skipInvalid) : 0;
  errors.sort((a, b) => a.rowNumber - b.rowNumber);
  if (written === null) return { ok: false, error: refusal(errors) };
  return {
    ok: true,
    result: { success: written, failed: errors.length, errors: errors.map((e) => e.message) },
  };
}

/** An upload answered: written (and the rows left out), or refused whole with every row's problem. */
export type BulkUploadOutcome =
  | { ok: true; result: BulkUploadResponse }
  | { ok: false; error: ErrorResponse };

/** The 400 of a file refused whole: its problems in row order, the first of them in the headline. */
function refusal(errors: Array<{ rowNumber: number; message: string }>): ErrorResponse {
  errors.sort((a, b) => a.rowNumber - b.rowNumber);
  const [first] = errors as [{ rowNumber: number; message: string }];
  const more = errors.length - 1;
  return {
    error: `Nothing was uploaded. ${first.message}${more > 0 ? ` (and ${more} more ${more === 1 ? 'error' : 'errors'})` : ''}`,
    code: 'invalid_rows',
    rows: errors.slice(0, MAX_LISTED_ERRORS).map((e) => ({
      row: e.rowNumber,
      message: e.message.replace(/^Row \d+: /, ''),
    })),
  };
}

/** A refusal listing more row errors than this is no more useful, only longer. */
const MAX_LISTED_ERRORS = 1000;

/** Another submission took one of the file's periods again and again while it was being saved. */
export const BULK_RACE_LOST =
  'Other allowances for the same students and months were being saved at the same time. Please upload the file again.';
const WRITE_ATTEMPTS = 3;

/**
 * Writes the rows whose period has no open allowance and reports the others as duplicates (or,
 * when the file is not to be imported in part, writes nothing and answers null). The
 * inserts are plain (ON CONFLICT's speculative insertion cost a tenth of the write): a period
 * taken by a concurrent submission after the check makes the unique index abort a batch, the
 * batches already in are taken out again, and then the check and the write run again, so that
 * row is reported instead.
 */
async function writeFreePeriods(
  deps: AppDeps,
  user: SessionUser,
  rows: ReadyRow[],
  fail: (rowNumber: number, message: string) => void,
  skipInvalid: boolean,
): Promise<number | null> {
  for (let attempt = 1; ; attempt++) {
    const open = await openPeriods(deps.db, rows);
    const free: ReadyRow[] = [];
    const taken: ReadyRow[] = [];
    for (const row of rows)
      (open.has(periodKey(row.student.id, row.year, row.monthNumber)) ? taken : free).push(row);
    const reportTaken = () => {
      for (const row of taken)
        fail(
          row.rowNumber,
          rowError(row.rowNumber, duplicateAllowanceMessage(row.student.fullName, row.month, row.year)),
        );
    };
    // A file refused whole writes nothing: null says so, with the taken periods reported.
    if (taken.length > 0 && !skipInvalid) {
      reportTaken();
      return null;
    }
    try {
      if (free.length > 0) await writeRows(deps, user, free);
    } catch (error) {
      // Its rows are taken out again already (writeInShortTransactions).
      if (error instanceof BulkWriteInterrupted) throw conflict(error.message);
      // Checking again would report the deleted student's rows, but the file was meant whole.
      if (isStudentGone(error)) throw conflict(ALLOWANCE_MESSAGES.bulkStudentGone);
      if (!isOpenPeriodTaken(error)) throw checkRefusal(error) ?? error;
      if (attempt === WRITE_ATTEMPTS) throw conflict(BULK_RACE_LOST);
      continue;
    }
    reportTaken();
    return free.length;
  }
}

async function writeRows(deps: AppDeps, user: SessionUser, rows: ReadyRow[]): Promise<void> {
  const at = deps.clock.now();
  // Named here, so each allowance's own audit entry can point at it without reading it back.
  const added = rows.map((row) => ({ row, id: timeOrderedUuid(at) }));
  await writeInShortTransactions(deps, {
    kind: 'allowance_upload',
    by: user,
    items: added,
    batch: (batch, writeId) => batchStatements(at, user, batch, writeId),
    finish: () => auditStatements(officerSummaries(at, user, rows)),
  });
}

/** One batch's allowances with their submission comments, and each allowance's audit entry. */
async function batchStatements(
  at: Date,
  user: SessionUser,
  batch: Array<{ row: ReadyRow; id: string }>,
  writeId: string,
): Promise<SQL[]> {
  const now = at.toISOString();
  // The comment every row gets; a row's notes (already trimmed, null when blank) replace its text.
  const comment = submissionComment(actorOf(user), null);
  const { columns, select } = rowsAsJson(
    allowances,
    batch.map(({ row: r, id }) => ({
      id,
      studentId: r.student.id,
      studentName: r.student.fullName,
      month: r.month,
      monthNumber: r.monthNumber,
      year: r.year,
      programLevel: r.programLevel,
      stipend: r.amounts.stipend,
      medical: r.amounts.medical,
      transportation: r.amounts.transportation,
      schoolSupplies: r.amounts.school_supplies,
      accommodation: r.amounts.accommodation,
      total: r.amounts.total,
      submissionNotes: r.notes,
      approvalStage: 'pending_dpm' as const,
      submittedBy: user.name,
      submittedById: user.id,
      submittedDate: at,
      writtenByUpload: writeId,
      createdAt: at,
      updatedAt: at,
    })),
  );
  // One statement writes the allowances and their submission comments.
  const insert = sql`
    with added as (
      insert into allowances ${columns} ${select}
      returning id, submission_notes
    )
    insert into allowance_comments (allowance_id, user_id, user_name, user_role, action, comment_text,
      stage, created_at)
    select id, ${user.id}::uuid, ${user.name}, ${comment.userRole}, 'submission',
           coalesce(submission_notes, ${comment.commentText}), null, ${now}::timestamptz
      from added`;
  // Each allowance's History tab starts with its submission.
  const submitted: AuditInput[] = batch.map(({ row: r, id }) => ({
    actor: { id: user.id, name: user.name },
    officerId: r.student.assignedOfficerId,
    entityType: 'allowance',
    entityId: id,
    action: 'allowance.uploaded',
    summary: `${user.name} submitted an allowance of ${formatZmw(r.amounts.total)} for ${r.student.fullName} for ${r.month} ${r.year} by bulk upload`,
    at,
    before: null,
    after: {
      student_id: r.student.id,
      month: r.month,
      year: r.year,
      program_level: r.programLevel,
      ...r.amounts,
      approval_stage: 'pending_dpm',
      submission_notes: r.notes,
    },
  }));
  return [insert, ...(await auditStatements(submitted))];
}

/**
 * One activity per officer whose students got allowances, so each officer sees their own news;
 * written with the upload's last transaction, once every allowance is in.
 */
function officerSummaries(at: Date, user: SessionUser, rows: ReadyRow[]): AuditInput[] {
  const perOfficer = new Map<string | null, number>();
  for (const r of rows)
    perOfficer.set(r.student.assignedOfficerId, (perOfficer.get(r.student.assignedOfficerId) ?? 0) + 1);
  return [...perOfficer].map(([officerId, n]) => ({
    actor: { id: user.id, name: user.name },
    officerId,
    entityType: 'allowance',
    entityId: null,
    action: 'allowances.uploaded',
    summary: `${user.name} uploaded ${n} allowance${n === 1 ? '' : 's'} in bulk`,
    at,
  }));
}
