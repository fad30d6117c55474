/**
 * The records API tests start from, written straight to the tables (no API call, no activity):
 * students, allowances at any stage, and users of each role, signed in or not; and the few ways
 * tests send files and read answers.
 */
import { expect } from 'vitest';
import type { ErrorResponse } from '../../contracts/common';
import type { ApprovalStage, ReviewStep } from '../../domain/allowance-stages';
import type { Role } from '../../domain/roles';
import type { ProgramLevel } from '../../domain/students';
import { DEMO_ACCOUNTS } from '../db/demo-seed/accounts';
import { allowances, students, type users } from '../db/schema';
import { consistentAmounts, stageRecord } from './allowance-records';
import type { TestContext } from './test-app';

export interface TestStudent {
  id: string;
  fullName: string;
}

let serial = 0;
const next = () => ++serial;

/**
 * A student, by default University and nobody's. `name` is 'First Last' (or give firstName and
 * lastName); `officer` is a staff ID such as 'PO001'.
 */
export async function makeStudent(
  t: TestContext,
  fields: {
    name?: string;
    firstName?: string;
    lastName?: string;
    officer?: string | null;
    chlNumber?: string;
    programLevel?: ProgramLevel;
    currentProgram?: string;
    profilePhotoUrl?: string;
  } = {},
): Promise<TestStudent> {
  const [first, ...rest] = fields.name?.split(' ') ?? [];
  const firstName = fields.firstName ?? first ?? 'Test';
  const lastName = fields.lastName ?? (rest.length > 0 ? rest.join(' ') : `Student${next()}`);
  const officerId = fields.officer ? await t.userId(fields.officer) : null;
  const [row] = await t.database.db
    .insert(students)
    .values({
      firstName,
      lastName,
      fullName: `${firstName} ${lastName}`,
      programLevel: fields.programLevel ?? 'university',
      assignedOfficerId: officerId,
      chlNumber: fields.chlNumber ?? null,
      currentProgram: fields.currentProgram ?? null,
      profilePhotoUrl: fields.profilePhotoUrl ?? null,
    })
    .returning({ id: students.id, fullName: students.fullName });
  return row!;
}

/**
 * An allowance of the student at `stage` (or `approvalStage`; pending_dpm unless given), January
 * 2026, K1,000 stipend, without its comment trail: for lists, figures and stage tests. The record
 * the chain writes on the way to the stage comes with it (decided on the day it was submitted,
 * rejected at `rejectedAt`, the deputy manager's step unless given), and the total is the sum of
 * the amounts given (or, given only a total, all stipend), as the database demands; columns given
 * replace what it would write.
 */
export async function makeAllowance(
  t: TestContext,
  student: TestStudent,
  fields: Partial<typeof allowances.$inferInsert> & { stage?: ApprovalStage; rejectedAt?: ReviewStep } = {},
): Promise<string> {
  const { stage, rejectedAt, ...columns } = fields;
  const decidedAt = columns.submittedDate ?? t.clock.now();
  const [row] = await t.database.db
    .insert(allowances)
    .values({
      studentId: student.id,
      studentName: student.fullName,
      month: 'January',
      monthNumber: 1,
      year: 2026,
      programLevel: 'university',
      submittedBy: 'Test',
      ...stageRecord(stage ?? columns.approvalStage ?? 'pending_dpm', decidedAt, rejectedAt),
      ...columns,
      ...consistentAmounts(columns),
    })
    .returning({ id: allowances.id });
  return row!.id;
}

/** The demo account of each role, as every test database has them (test-app.ts). */
export const ACCOUNT_OF_ROLE: Record<Role, string> = Object.fromEntries(
  (['admin', 'deputy_manager', 'program_officer', 'user', 'student'] as const).map((role) => [
    role,
    DEMO_ACCOUNTS.find((a) => a.role === role)!.staffId,
  ]),
) as Record<Role, string>;

/** A new active user of the role, besides the demo accounts. */
export function makeUser(
  t: TestContext,
  role: Role,
  fields: Omit<Partial<typeof users.$inferInsert>, 'role' | 'staffId'> & { staffId?: string } = {},
): Promise<typeof users.$inferSelect> {
  return t.createUser({ ...fields, staffId: fields.staffId ?? `${role.toUpperCase()}${next()}`, role });
}

/** A session token of the role's demo account (ADM001, DPM001, PO001, USR001, STU001). */
export function signedIn(t: TestContext, role: Role): Promise<string> {
  return t.signIn(ACCOUNT_OF_ROLE[role]);
}

/** The rows of a CSV download (byte order mark off, CRLF rows), once it is one: 200, text/csv, a file name. */
export async function csvDownloadLines(res: Response, filename: string): Promise<string[]> {
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toContain('text/csv');
  expect(res.headers.get('content-disposition')).toBe(`attachment; filename="${filename}"`);
  return (await res.text())
    .replace(/^\ufeff/, '')
    .trim()
    .split('\r\n');
}

export async function json<T = Record<string, unknown>>(res: Response): Promise<T> {
  return (await res.json()) as T;
}

/** The body of an error answer: its message and, for a refused form, what is wrong with each field. */
export const errorOf = (res: Response) => json<ErrorResponse>(res);

/** An id no record has: routes that look one up answer 404 for it. */
export const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

/** A multipart upload of `content` as a file named `name` to `path`. */
export function upload(
  t: TestContext,
  path: string,
  token: string | undefined,
  name: string,
  content: string | Uint8Array<ArrayBuffer>,
  fields: Record<string, string> = {},
): Promise<Response> {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.set(key, value);
  form.set('file', new File([content], name, { type: 'text/csv' }));
  const headers: Record<string, string> = {};
  if (token) headers.authorization = `Bearer ${token}`;
  return Promise.resolve(t.app.request(path, { method: 'POST', body: form, headers }));
}
