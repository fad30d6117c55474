import { getTableColumns, inArray, is, SQL, sql } from 'drizzle-orm';
import {
  STUDENT_API_MESSAGES,
  StudentCreateSchema,
  type StudentImportError,
  type StudentImportResponse,
} from '../../../contracts/students';
import { lusakaDate } from '../../../domain/dates';
import {
  duplicateChlNumbersInFile,
  NO_VALID_STUDENT_DATA,
  planStudentImport,
  rowError,
} from '../../../domain/student-import';
import { fullName, studentRecordProblems } from '../../../domain/students';
import type { AppDeps, SessionUser } from '../../app-env';
import { parseCsv } from '../../csv/csv';
import { PG_UNIQUE_VIOLATION, pgErrorCode, type Tx } from '../../db/client';
import { students } from '../../db/schema';
import { badRequest, conflict } from '../../http/errors';
import { recordActivity } from '../activity/activity.service';
import { toStudentColumns } from './students.query';

/** Rows per INSERT statement (one array parameter per column, whatever the number of rows). */
const INSERT_CHUNK = 5000;
/** CHL numbers looked up per query (each is one parameter). */
const LOOKUP_CHUNK = 5000;
/** An answer listing more row errors than this is no more useful, only longer. */
const MAX_LISTED_ERRORS = 1000;

export type ImportOutcome =
  | { ok: true; result: StudentImportResponse }
  | { ok: false; error: StudentImportError };

/**
 * Imports a student CSV all or nothing (spec §5, decisions D6): rows without first or last name
 * are dropped; any other problem in a kept row (bad email, unknown level, impossible date, a CHL
 * number used twice or already taken) refuses the whole file with every problem listed. The rest is
 * written in one transaction with multi-row INSERTs, all assigned to the importing user.
 */
export async function importStudents(
  deps: AppDeps,
  user: SessionUser,
  csvText: string,
): Promise<ImportOutcome> {
  const plan = planStudentImport(parseCsv(csvText));
  if (plan.missingColumns.length > 0 || plan.rows.length === 0)
    throw badRequest(NO_VALID_STUDENT_DATA, { file: NO_VALID_STUDENT_DATA });

  const now = deps.clock.now();
  const today = lusakaDate(now);
  const problems: Array<{ row: number; message: string }> = [];
  const values: Array<typeof students.$inferInsert> = [];
  const chlRows: Array<{ row: number; chlNumber: string | null }> = [];

  for (const { row, input } of plan.rows) {
    const parsed = StudentCreateSchema.safeParse(input);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) problems.push({ row, message: issue.message });
      continue;
    }
    const student = parsed.data;
    const dates = {
      date_of_birth: student.date_of_birth ?? null,
      start_date: null,
      expected_end_date: null,
    };
    for (const message of Object.values(studentRecordProblems(dates, today))) problems.push({ row, message });
    chlRows.push({ row, chlNumber: student.chl_number ?? null });
    values.push({
      ...(toStudentColumns(student) as typeof students.$inferInsert),
      fullName: fullName(student.first_name, student.last_name),
      assignedOfficerId: user.id,
      createdAt: now,
      updatedAt: now,
    });
  }
  problems.push(...duplicateChlNumbersInFile(chlRows));
  problems.push(...(await chlNumbersTaken(deps, chlRows)));

  if (problems.length > 0) {
    problems.sort((a, b) => a.row - b.row);
    const errors = problems.slice(0, MAX_LISTED_ERRORS).map((p) => rowError(p.row, p.message));
    const more = problems.length - 1;
    return {
      ok: false,
      error: {
        error: `Nothing was imported. ${errors[0]}${more > 0 ? ` (and ${more} more ${more === 1 ? 'error' : 'errors'})` : ''}`,
        code: 'invalid_rows',
        errors,
        dropped: plan.dropped,
      },
    };
  }

  try {
    await deps.db.transaction(async (tx) => {
      await insertStudents(tx, values);
      await recordActivity(tx, {
        actor: user,
        officerId: user.id,
        entityType: 'student',
        entityId: null,
        action: 'students.imported',
        summary: `${user.name} imported ${values.length} ${values.length === 1 ? 'student' : 'students'}`,
        at: now,
      });
    });
  } catch (error) {
    // Another import took one of these numbers since we checked.
    if (pgErrorCode(error) === PG_UNIQUE_VIOLATION)
      throw conflict('Some CHL numbers in the file were taken while importing. Nothing was imported.');
    throw error;
  }
  return {
    ok: true,
    result: {
      imported: values.length,
      dropped: plan.dropped,
      message: STUDENT_API_MESSAGES.imported(values.length),
    },
  };
}

/**
 * Writes student rows inside the caller's transaction, INSERT_CHUNK rows per statement. Each
 * statement sends one array per column and unnests them (`insert ... select * from unnest($1::text[],
 * ...)`): a few dozen parameters instead of one per cell, which Postgres parses and plans in a blink.
 * A column a row leaves out takes the column's default value (columns with SQL defaults, such as
 * the id, are left to the database when no row sets them).
 */
export async function insertStudents(tx: Tx, values: Array<typeof students.$inferInsert>): Promise<void> {
  if (values.length === 0) return;
  const columns = getTableColumns(students);
  type Key = Exclude<keyof typeof columns, 'searchText'>;
  const keys = [...new Set(values.flatMap((v) => Object.keys(v)))].filter(
    (k): k is Key => k in columns && k !== 'searchText',
  );
  const fallback = (key: Key) => {
    const column = columns[key];
    return column.default !== undefined && !is(column.default, SQL) ? column.default : null;
  };
  const target = sql.join(
    keys.map((k) => sql.identifier(columns[k].name)),
    sql`, `,
  );
  for (let start = 0; start < values.length; start += INSERT_CHUNK) {
    const chunk = values.slice(start, start + INSERT_CHUNK);
    const arrays = keys.map((k) => {
      const column = columns[k];
      const cells = chunk.map((row) => {
        const value = row[k];
        return value === undefined ? fallback(k) : value;
      });
      return sql`${sql.param(cells)}::${sql.raw(column.getSQLType())}[]`;
    });
    await tx.execute(
      sql`insert into ${students} (${target}) select * from unnest(${sql.join(arrays, sql`, `)})`,
    );
  }
}

async function chlNumbersTaken(
  deps: AppDeps,
  rows: Array<{ row: number; chlNumber: string | null }>,
): Promise<Array<{ row: number; message: string }>> {
  const wanted = [...new Set(rows.flatMap((r) => (r.chlNumber ? [r.chlNumber.toUpperCase()] : [])))];
  if (wanted.length === 0) return [];
  const takenSet = new Set<string>();
  const upperChl = sql<string>`upper(${students.chlNumber})`;
  for (let start = 0; start < wanted.length; start += LOOKUP_CHUNK) {
    const taken = await deps.db
      .select({ chl: upperChl })
      .from(students)
      .where(inArray(upperChl, wanted.slice(start, start + LOOKUP_CHUNK)));
    for (const t of taken) takenSet.add(t.chl);
  }
  return rows
    .filter((r) => r.chlNumber && takenSet.has(r.chlNumber.toUpperCase()))
    .map((r) => ({ row: r.row, message: STUDENT_API_MESSAGES.duplicateChl(r.chlNumber!) }));
}
