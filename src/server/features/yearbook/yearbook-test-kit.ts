import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Entry, Yearbook } from '../../../contracts/yearbook';
import { DEMO_GRADUATE_EMAIL } from '../../db/demo-seed/students';
import { students } from '../../db/schema';
import { json } from '../../testing/factories';
import type { TestContext } from '../../testing/test-app';

/** Each new yearbook's class: one per year, so never the same twice in a file. */
let year = 2040;

/** What the yearbook API tests build on: yearbooks, entries and the STU001 account's student. */
export function yearbookTestKit(t: TestContext, tokens: Record<string, string>) {
  const send = (as: string | undefined, method: string, path: string, body?: unknown) =>
    t.request(method, path, { token: as ? tokens[as] : undefined, body });

  const addYearbook = async (fields: Record<string, unknown> = {}) => {
    const res = await send('DPM001', 'POST', '/api/yearbooks', {
      year: ++year,
      title: 'Rising Together',
      ...fields,
    });
    expect(res.status, await res.clone().text()).toBe(201);
    return json<Yearbook>(res);
  };
  const published = async (fields: Record<string, unknown> = {}) =>
    addYearbook({ ...fields, status: 'published' });

  /** A student record, by default with the STU001 account's email (the graduate behind it). */
  const addStudent = async (fields: Partial<typeof students.$inferInsert> = {}) => {
    const [row] = await t.database.db
      .insert(students)
      .values({
        firstName: 'Natasha',
        lastName: 'Banda',
        fullName: `${fields.firstName ?? 'Natasha'} ${fields.lastName ?? 'Banda'}`,
        email: DEMO_GRADUATE_EMAIL,
        currentProgram: 'BSc Nursing',
        programStatus: 'graduated',
        ...fields,
      })
      .returning();
    return row!;
  };

  const addEntry = async (yearbookId: string, studentId: string, fields: Record<string, unknown> = {}) => {
    const res = await send('DPM001', 'POST', `/api/yearbooks/${yearbookId}/entries`, {
      student_id: studentId,
      ...fields,
    });
    expect(res.status, await res.clone().text()).toBe(201);
    return json<Entry>(res);
  };

  /** Puts STU001's student records in the yearbook's class: their expected end date in its year. */
  const joinClass = async (book: { year: number }) => {
    await t.database.db
      .update(students)
      .set({ expectedEndDate: `${book.year}-07-31` })
      .where(sql`lower(${students.email}) = ${DEMO_GRADUATE_EMAIL.toLowerCase()}`);
  };

  const submitOwn = async (yearbookId: string, body: Record<string, unknown> = {}) =>
    send('STU001', 'PUT', `/api/yearbooks/${yearbookId}/my-entry`, body);

  const errorOf = async (res: Response) =>
    json<{ error: string; code?: string; fields?: Record<string, string> }>(res);

  return { send, addYearbook, published, addStudent, addEntry, joinClass, submitOwn, errorOf };
}
