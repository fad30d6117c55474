import { randomUUID } from 'node:crypto';
import { inArray, sql } from 'drizzle-orm';
import type { ErrorResponse, RowProblem } from '../../../contracts/common';
import type { PaymentChannelDetails } from '../../../contracts/payment-channels';
import {
  STUDENT_API_MESSAGES,
  type StudentCreate,
  type StudentImportResponse,
} from '../../../contracts/students';
import { parseCsvInTurns } from '../../../csv/parse-csv';
import { checkStudentImportRow } from '../../../csv/student-rows';
import {
  type CsvTable,
  duplicateChlNumbersInFile,
  NO_VALID_STUDENT_DATA,
  planStudentImport,
  rowError,
  STUDENT_IMPORT_MAX_ROWS,
  type StudentImportPlan,
  TOO_MANY_STUDENTS,
} from '../../../domain/student-import';
import { fullName } from '../../../domain/students';
import type { AppDeps, SessionUser } from '../../app-env';
import { insertStatements } from '../../db/bulk-insert';
import { answeringConstraints } from '../../db/constraint-errors';
import { othersFirst } from '../../db/others-first';
import { paymentChannels, students } from '../../db/schema';
import { badRequest, conflict } from '../../http/errors';
import { programmeDate } from '../../programme-time';
import { auditStatements } from '../audit/audit.service';
import {
  BulkWriteInterrupted,
  FILE_WORK_TURN_MS,
  turnsEvery,
  writeInShortTransactions,
} from '../bulk-writes/bulk-writes.service';
import {
  type ChannelRow,
  channelNote,
  channelStatements,
  channelsInUse,
  channelsTwiceInFile,
} from './students.import-channels';
import { toStudentColumns } from './students.query';

/** A race lost to another import (or an edit) taking one of the file's CHL numbers or payment channels. */
const IMPORT_RACE_LOST =
  'Some CHL numbers or payment channels in the file were taken while importing. Nothing was imported.';
/** CHL numbers looked up per query (each is one parameter). */
const LOOKUP_CHUNK = 5000;
/** An answer listing more row errors than this is no more useful, only longer. */
const MAX_LISTED_ERRORS = 1000;

export type ImportOutcome = { ok: true; result: StudentImportResponse } | { ok: false; error: ErrorResponse };

/** Why a file whose every row has a problem imports nothing, even when skipping is chosen. */
export const NO_VALID_ROWS = 'No valid rows to import: every row of the file has a problem.';

/**
 * Imports a student CSV (docs/product.md §5, docs/product.md D6): rows without first or last name
 * are dropped; any other problem in a kept row (bad email, unknown level, impossible date, a CHL
 * number used twice or already taken) refuses the whole file with every problem listed, unless the
 * request chose to skip such rows (`skipInvalid`): then the valid rows are imported and the others
 * reported with their problems, as the bulk allowance upload does. A file of more than
 * STUDENT_IMPORT_MAX_ROWS students is refused as soon as the parser reaches one row more.
 *
 * Other users must not wait behind an import. Everything that can be done outside a transaction is
 * done first: parsing, checking each row (a slice at a time, yielding to other requests between
 * slices) and looking up taken CHL numbers. Only then is the file written, in short transactions
 * (writeInShortTransactions, docs/decisions/009): embedded PGlite serves one connection, and one
 * transaction for the whole file held it for everyone for seconds. The students are listed as
 * they arrive, but nobody may change them or file anything for them until the import is done, and
 * an import that cannot finish is taken out again, so it is still stored whole or not at all.
 */
/** Rows planned between two looks whether others are owed a turn (about 2 ms of work). */
const PLAN_SLICE_ROWS = 200;

/**
 * planStudentImport a slice of the file at a time, giving others a turn between slices when owed:
 * planning 5,000 wide rows in one piece held every other request for about 50 ms.
 */
export async function planInTurns(
  table: CsvTable,
  turn: () => Promise<void> | undefined,
): Promise<StudentImportPlan> {
  const plan: StudentImportPlan = { missingColumns: [], rows: [], dropped: [] };
  for (let start = 0; start === 0 || start < table.rows.length; start += PLAN_SLICE_ROWS) {
    await turn();
    const slice = planStudentImport({
      headers: table.headers,
      rows: table.rows.slice(start, start + PLAN_SLICE_ROWS),
    });
    if (slice.missingColumns.length > 0) return slice;
    plan.rows.push(...slice.rows);
    plan.dropped.push(...slice.dropped);
  }
  return plan;
}

export async function importStudents(
  deps: AppDeps,
  user: SessionUser,
  csvText: string,
  skipInvalid = false,
): Promise<ImportOutcome> {
  const turn = turnsEvery(FILE_WORK_TURN_MS);
  // The parser stops one row past the limit: a 10 MB file can hold a million rows, and parsing
  // them all into objects took minutes and gigabytes.
  const table = await parseCsvInTurns(csvText, { maxRows: STUDENT_IMPORT_MAX_ROWS, commentRows: true }, turn);
  if (table.rows.length > STUDENT_IMPORT_MAX_ROWS)
    throw badRequest(TOO_MANY_STUDENTS, { file: TOO_MANY_STUDENTS });
  const plan = await planInTurns(table, turn);
  if (plan.missingColumns.length > 0 || plan.rows.length === 0)
    throw badRequest(NO_VALID_STUDENT_DATA, { file: NO_VALID_STUDENT_DATA });

  const now = deps.clock.now();
  await turn();
  const checked = await checkRows(plan.rows, user, now, turn);
  const { problems, chlRows } = checked;
  problems.push(...duplicateChlNumbersInFile(chlRows));
  problems.push(...(await chlNumbersTaken(deps, chlRows)));
  problems.push(...channelsTwiceInFile(checked.channelRows));
  problems.push(...(await channelsInUse(deps, user, checked.channelRows)));
  problems.sort((a, b) => a.row - b.row);
  if (problems.length > 0 && !skipInvalid) return { ok: false, error: refusal(problems, plan.dropped) };
  // The rows with a problem are left out; one set look-up per row, no query.
  const badRows = new Set(problems.map((p) => p.row));
  const kept = checked.rows.flatMap((row, i) => (badRows.has(row) ? [] : [i]));
  const values = kept.map((i) => checked.values[i]!);
  const checkedStudents = kept.map((i) => checked.checkedStudents[i]!);
  const channels = kept.map((i) => checked.channels[i] ?? null);
  if (values.length === 0)
    return {
      ok: false,
      error: {
        error: NO_VALID_ROWS,
        code: 'invalid_rows',
        rows: problems.slice(0, MAX_LISTED_ERRORS),
        dropped: plan.dropped,
      },
    };

  const count = `${values.length} ${values.length === 1 ? 'student' : 'students'}`;
  const added = values.map((value, i) => ({ value, checked: checkedStudents[i]!, channel: channels[i]! }));
  // Another import took one of these numbers since we checked: the batches already in go again.
  await answeringConstraints({ anyUnique: IMPORT_RACE_LOST }, () =>
    writeInShortTransactions(deps, {
      kind: 'student_import',
      by: user,
      items: added,
      batch: async (batch, writeId) => [
        ...(await insertStatements(
          students,
          batch.map(({ value }) => ({ ...value, writtenByImport: writeId })),
        )),
        // Each row's payment channel, its student's primary (taken out with the student: cascade).
        ...(await insertStatements(paymentChannels, channelStatements(batch, user, now))),
        // Each student's own history starts with the import.
        ...(await auditStatements(
          batch.map(({ value, checked, channel }) => ({
            actor: user,
            officerId: user.id,
            entityType: 'student' as const,
            entityId: value.id!,
            action: 'student.imported',
            summary: `${user.name} added ${value.fullName} by CSV import${channelNote(channel)}`,
            at: now,
            before: null,
            after: { ...checked, assigned_officer_id: user.id },
          })),
        )),
      ],
      // The import's own entry (with its row count), once every student is in.
      finish: () =>
        auditStatements([
          {
            actor: user,
            officerId: user.id,
            entityType: 'student',
            entityId: null,
            action: 'students.imported',
            summary: `${user.name} imported ${count}`,
            at: now,
            after: { rows: values.length, dropped: plan.dropped.length, skipped: badRows.size },
          },
        ]),
    }),
  ).catch((error: unknown) => {
    // Its students are taken out again already.
    if (error instanceof BulkWriteInterrupted) throw conflict(error.message);
    throw error;
  });
  return {
    ok: true,
    result: {
      imported: values.length,
      dropped: plan.dropped,
      skipped_rows: badRows.size,
      skipped: problems.slice(0, MAX_LISTED_ERRORS),
      warnings: checked.warnings.filter((w) => !badRows.has(w.row)).slice(0, MAX_LISTED_ERRORS),
      message: STUDENT_API_MESSAGES.imported(values.length),
    },
  };
}

interface CheckedRows {
  problems: RowProblem[];
  values: Array<typeof students.$inferInsert>;
  /** The file's row of each of `values`. */
  rows: number[];
  chlRows: Array<{ row: number; chlNumber: string | null }>;
  /** Each imported student as checked, for its audit entry. */
  checkedStudents: Array<StudentCreate>;
  /** Each student's payment channel, or null. */
  channels: Array<PaymentChannelDetails | null>;
  /** The rows with a channel, to find one used twice or already in use. */
  channelRows: ChannelRow[];
  warnings: RowProblem[];
}

/** Each kept row checked by the form's rules and turned into a students row for the importer. */
async function checkRows(
  rows: StudentImportPlan['rows'],
  user: SessionUser,
  now: Date,
  turn: () => Promise<void> | undefined,
): Promise<CheckedRows> {
  const today = programmeDate(now);
  const checked: CheckedRows = {
    problems: [],
    values: [],
    rows: [],
    chlRows: [],
    checkedStudents: [],
    channels: [],
    channelRows: [],
    warnings: [],
  };
  for (const { row, input } of rows) {
    await turn();
    const { student, problems, channel, warnings } = checkStudentImportRow(input, today);
    for (const message of problems) checked.problems.push({ row, message });
    for (const message of warnings) checked.warnings.push({ row, message });
    if (!student) continue;
    checked.channels.push(channel);
    if (channel) checked.channelRows.push({ row, channel });
    checked.chlRows.push({ row, chlNumber: student.chl_number ?? null });
    checked.checkedStudents.push(student);
    checked.rows.push(row);
    checked.values.push({
      // Named here rather than by the database, so each student's audit entry can point at it.
      id: randomUUID(),
      ...(toStudentColumns(student) as typeof students.$inferInsert),
      fullName: fullName(student.first_name, student.last_name),
      assignedOfficerId: user.id,
      createdAt: now,
      updatedAt: now,
    });
  }
  return checked;
}

/** The 400 answer listing the file's problems in row order (the first MAX_LISTED_ERRORS of them). */
function refusal(problems: RowProblem[], dropped: StudentImportPlan['dropped']): ErrorResponse {
  const rows = problems.slice(0, MAX_LISTED_ERRORS);
  const [first] = rows as [RowProblem];
  const more = problems.length - 1;
  return {
    error: `Nothing was imported. ${rowError(first.row, first.message)}${more > 0 ? ` (and ${more} more ${more === 1 ? 'error' : 'errors'})` : ''}`,
    code: 'invalid_rows',
    rows,
    dropped,
  };
}

async function chlNumbersTaken(
  deps: AppDeps,
  rows: Array<{ row: number; chlNumber: string | null }>,
): Promise<RowProblem[]> {
  const wanted = [...new Set(rows.flatMap((r) => (r.chlNumber ? [r.chlNumber.toUpperCase()] : [])))];
  if (wanted.length === 0) return [];
  const takenSet = new Set<string>();
  const upperChl = sql<string>`upper(${students.chlNumber})`;
  for (let start = 0; start < wanted.length; start += LOOKUP_CHUNK) {
    const began = performance.now();
    const taken = await deps.db
      .select({ chl: upperChl })
      .from(students)
      .where(inArray(upperChl, wanted.slice(start, start + LOOKUP_CHUNK)));
    for (const t of taken) takenSet.add(t.chl);
    await othersFirst(deps.db, performance.now() - began);
  }
  return rows
    .filter((r) => r.chlNumber && takenSet.has(r.chlNumber.toUpperCase()))
    .map((r) => ({ row: r.row, message: STUDENT_API_MESSAGES.duplicateChl(r.chlNumber!) }));
}
