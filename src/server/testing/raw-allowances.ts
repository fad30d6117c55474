/**
 * Allowance rows written straight to the table with SQL, as a script or psql would, for the tests
 * of the rules the database holds (docs/product.md D5): a row the API could have written at any
 * stage, and the writes and the refusal they are checked by.
 */
import { getTableColumns } from 'drizzle-orm';
import type pg from 'pg';
import { expect } from 'vitest';
import type { ApprovalStage, ReviewStep } from '../../domain/allowance-stages';
import { allowances } from '../db/schema';
import type { AllowanceCheckName } from '../db/schema/allowances';
import { stageRecord } from './allowance-records';

export type Row = Record<string, unknown>;
const COLUMNS = getTableColumns(allowances);
/** A record of the chain (named like the schema's fields) as the table's column names. */
export const snakeCased = (record: object): Row =>
  Object.fromEntries(
    Object.entries(record).map(([key, value]) => [COLUMNS[key as keyof typeof COLUMNS].name, value]),
  );

const FIELD_OF = Object.fromEntries(Object.entries(COLUMNS).map(([field, column]) => [column.name, field]));
/** Column names back to the schema's fields, for a write through Drizzle. */
export const camelCased = (row: Row) =>
  Object.fromEntries(Object.entries(row).map(([name, value]) => [FIELD_OF[name]!, value])) as Partial<
    typeof allowances.$inferInsert
  >;

let period = 0;
/** A row the API could have written: the stage's record, K1,000 in two parts, its own period. */
export function validRow(studentId: string, stage: ApprovalStage, rejectedAt?: ReviewStep): Row {
  period += 1;
  return {
    student_id: studentId,
    student_name: 'Mwila Chanda',
    month: 'January',
    month_number: 1,
    year: 3000 + period,
    program_level: 'university',
    stipend: '900.00',
    medical: '100.00',
    total: '1000.00',
    submitted_by: 'Test',
    ...snakeCased(stageRecord(stage, new Date('2026-03-15T09:00:00Z'), rejectedAt)),
  };
}

export async function insert(pool: pg.Pool, row: Row): Promise<string> {
  const names = Object.keys(row);
  const { rows } = await pool.query<{ id: string }>(
    `insert into allowances (${names.map((n) => `"${n}"`).join(', ')})
     values (${names.map((_, i) => `$${i + 1}`).join(', ')}) returning id`,
    Object.values(row),
  );
  return rows[0]!.id;
}

export async function update(pool: pg.Pool, id: string, changes: Row): Promise<void> {
  const names = Object.keys(changes);
  await pool.query(
    `update allowances set ${names.map((n, i) => `"${n}" = $${i + 2}`).join(', ')} where id = $1`,
    [id, ...Object.values(changes)],
  );
}

/** The write fails on exactly this CHECK constraint (SQLSTATE 23514). */
export async function refusedBy(write: Promise<unknown>, rule: AllowanceCheckName) {
  const error = await write.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error, `${rule} let the write through`).toBeDefined();
  expect(error).toMatchObject({ code: '23514', constraint: rule });
  return error;
}
