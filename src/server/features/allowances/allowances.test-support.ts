/** Test helpers for the allowance API tests: students and allowances written straight to the tables. */
import { allowances, students } from '../../db/schema';
import type { TestContext } from '../../testing/test-app';

export interface TestStudent {
  id: string;
  fullName: string;
}

export async function insertStudent(
  t: TestContext,
  fields: {
    firstName: string;
    lastName: string;
    officer?: string | null;
    chlNumber?: string;
    programLevel?: 'university' | 'diploma' | 'launch_year';
  },
): Promise<TestStudent> {
  const officerId = fields.officer ? await t.userId(fields.officer) : null;
  const [row] = await t.database.db
    .insert(students)
    .values({
      firstName: fields.firstName,
      lastName: fields.lastName,
      fullName: `${fields.firstName} ${fields.lastName}`,
      programLevel: fields.programLevel ?? 'university',
      assignedOfficerId: officerId,
      chlNumber: fields.chlNumber ?? null,
    })
    .returning({ id: students.id, fullName: students.fullName });
  return row!;
}

/** An allowance written directly, at any stage (no comments), for list and stage tests. */
export async function insertAllowance(
  t: TestContext,
  student: TestStudent,
  fields: Partial<typeof allowances.$inferInsert> & { month?: string; monthNumber?: number },
): Promise<string> {
  const [row] = await t.database.db
    .insert(allowances)
    .values({
      studentId: student.id,
      studentName: student.fullName,
      month: 'January',
      monthNumber: 1,
      year: 2026,
      programLevel: 'university',
      stipend: '1000.00',
      total: '1000.00',
      submittedBy: 'Test',
      ...fields,
    })
    .returning({ id: allowances.id });
  return row!.id;
}

export async function json<T = Record<string, unknown>>(res: Response): Promise<T> {
  return (await res.json()) as T;
}

/** A multipart upload of `content` as a file named `name` to `path`. */
export function upload(
  t: TestContext,
  path: string,
  token: string | undefined,
  name: string,
  content: string | Uint8Array<ArrayBuffer>,
): Promise<Response> {
  const form = new FormData();
  form.set('file', new File([content], name, { type: 'text/csv' }));
  const headers: Record<string, string> = {};
  if (token) headers.authorization = `Bearer ${token}`;
  return Promise.resolve(t.app.request(path, { method: 'POST', body: form, headers }));
}
