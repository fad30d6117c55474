import { randomUUID } from 'node:crypto';
import { type SQL, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { type Form, type FormListResponse, FormListResponseSchema } from '../../../contracts/forms';
import {
  type StudentFileListResponse,
  StudentFileListResponseSchema,
} from '../../../contracts/student-files';
import { forms, studentFiles } from '../../db/schema';
import { checkTriggerKeptTables } from '../../db/trigger-kept-check';
import { makeStudent, type TestStudent } from '../../testing/factories';
import { countWhere, listOfRecords, PAGE_KEYS } from '../../testing/list-items';
import { fileTestRequests } from '../../testing/test-file';

/*
 * The forms' and files' list items are written by PostgreSQL (form-list-page.ts,
 * file-list-page.ts), one record by formDto and fileDto: each item must be the record as GET
 * answers it, field for field and in the same order, and the totals and tiles (kept by triggers in
 * row_tallies, or counted for a filter or search) what a fresh count of the caller's scope finds.
 */

const { t, send, ok } = fileTestRequests({
  signIn: ['ADM001', 'DPM001', 'PO001', 'PO002'],
  clockAt: new Date('2026-03-16T08:00:00.123Z'),
});

const CALLERS = ['ADM001', 'DPM001', 'PO001', 'PO002'] as const;
let mine: TestStudent;
let theirs: TestStudent;
let nobodys: TestStudent;

beforeAll(async () => {
  mine = await makeStudent(t, { name: 'Mwila Chanda', officer: 'PO001' });
  theirs = await makeStudent(t, { name: 'Chanda "Chi" Phiri', officer: 'PO002' });
  nobodys = await makeStudent(t, { name: 'Nobody Assigned' });
  const start = async (
    as: string,
    student: TestStudent,
    type: string,
    fields: object,
    date = '2026-03-14',
  ) => {
    const form = await ok<Form>(
      await send(as, 'POST', '/api/forms', { type, student_id: student.id, form_date: date, fields }),
    );
    t.clock.advance(1234);
    return form;
  };
  // A draft with quotes, back slashes, new lines and letters beyond ASCII in what it says.
  await start('PO001', mine, 'home_visit', {
    people_present: 'Mwila, her "mother" \\ aunt — ümlaut 🙂',
    living_conditions: 'Line one\nLine two\t<tab>',
  });
  // Completed and reviewed: every date and name filled in, numbers in the fields.
  const call = await start('PO001', mine, 'care_call', {
    person_called: 'Mwila',
    duration_minutes: 15,
    topics: 'Exams and fees',
    wellbeing_rating: 4,
  });
  await ok(await send('PO001', 'POST', `/api/forms/${call.id}/complete`));
  t.clock.advance(1000);
  await ok(await send('DPM001', 'POST', `/api/forms/${call.id}/review`, { review_note: 'Seen, thank you.' }));
  t.clock.advance(1000);
  const visit = await start('ADM001', theirs, 'discharge', {
    reason: 'graduated',
    final_status: 'Graduated',
    exit_interview_notes: 'Grateful',
    handover: 'Laptop returned',
  });
  await ok(await send('ADM001', 'POST', `/api/forms/${visit.id}/complete`));
  await start('DPM001', nobodys, 'home_visit', {}, '2026-03-01');
  // Written straight to the table: no author, timestamps to the microsecond from now().
  const [orphan] = await t.database.db
    .insert(forms)
    .values({ type: 'care_call', studentId: theirs.id, formDate: '2026-02-28', fields: { topics: 'x' } })
    .returning();
  const file = (i: number, fields: Partial<typeof studentFiles.$inferInsert>) => ({
    studentId: mine.id,
    name: `Statement ${i}.pdf`,
    mimeType: 'application/pdf',
    size: 1_000 + i,
    category: 'financial',
    storageKey: randomUUID(),
    createdAt: new Date(Date.UTC(2026, 2, 10, 8, i, 0, 123 + i)),
    ...fields,
  });
  const po = await t.userId('PO001');
  await t.database.db.insert(studentFiles).values([
    file(1, { formId: call.id, uploadedById: po }),
    file(2, {
      formId: call.id,
      name: 'Ümlaut "quoted" \\ name.png',
      mimeType: 'image/png',
      category: 'medical',
    }),
    file(3, { studentId: theirs.id, formId: orphan!.id, size: 6_000_000_000, uploadedById: po }),
    file(4, { studentId: nobodys.id, category: 'academic' }),
    { ...file(5, { studentId: theirs.id, category: 'personal' }), createdAt: undefined },
  ]);
});

/** The caller's scope as studentScopeCondition gives it, for a fresh count. */
const scopeOf = async (as: string) =>
  as.startsWith('PO') ? sql`s.assigned_officer_id = ${await t.userId(as)}` : sql`true`;
const FORMS = sql`forms f join students s on s.id = f.student_id`;
const FILES = sql`student_files sf join students s on s.id = sf.student_id`;

async function freshFormCounts(as: string) {
  const { rows } = await t.database.db.execute<{ status: string; n: number }>(sql`
    select f.status, count(*)::int as n from ${FORMS} where ${await scopeOf(as)} group by f.status`);
  const of = (status: string) => rows.find((r) => r.status === status)?.n ?? 0;
  return {
    total: rows.reduce((sum, r) => sum + r.n, 0),
    draft: of('draft'),
    completed: of('completed'),
    reviewed: of('reviewed'),
  };
}

/** The list's raw answer: its keys in the order the old answer had them, every item its record's. */
function formList(as: string, query: string): Promise<FormListResponse> {
  return listOfRecords(send, as, '/api/forms', query, {
    parse: (body) => FormListResponseSchema.strict().parse(body),
    keys: [...PAGE_KEYS, 'counts'],
    countKeys: ['total', 'draft', 'completed', 'reviewed'],
    also: (item, one) => expect(Object.keys(item.fields)).toEqual(Object.keys(one.fields)),
  });
}

describe('the forms list', () => {
  it('answers each record as GET does, with the tiles of the caller’s scope', async () => {
    for (const as of CALLERS) {
      const tiles = await freshFormCounts(as);
      // 25 is the screen's named first page; 50 the same select planned for its values.
      for (const pageSize of [25, 50]) {
        const list = await formList(as, `page=1&pageSize=${pageSize}`);
        expect(list.counts, as).toEqual(tiles);
        expect(list.total, as).toBe(tiles.total);
        expect(list.items, as).toHaveLength(tiles.total);
        expect(list.total_capped).toBe(false);
      }
    }
    const everything = await formList('ADM001', 'pageSize=50');
    expect(everything.items.map((f) => f.file_count).sort()).toEqual([0, 0, 0, 1, 2]);
    expect(everything.items.find((f) => f.author_id === null)).toMatchObject({ author_name: null });
    expect(everything.items.find((f) => f.status === 'reviewed')).toMatchObject({
      reviewed_by_name: expect.any(String),
      review_note: 'Seen, thank you.',
      completed_at: expect.any(String),
    });
  });

  it('filtered or searched, counts what matches in the caller’s scope', async () => {
    const filters: Array<[string, string]> = [
      ['status=completed', `f.status = 'completed'`],
      ['status=draft&pageSize=25', `f.status = 'draft'`],
      ['type=care_call', `f.type = 'care_call'`],
      [`student_id=${'{theirs}'}`, 'f.student_id = {theirs}'],
      ['q=mwila', `s.full_name ilike '%mwila%'`],
      ['type=home_visit&q=ümlaut', `f.type = 'home_visit' and f.fields::text ilike '%ümlaut%'`],
    ];
    for (const as of CALLERS) {
      const tiles = await freshFormCounts(as);
      for (const [rawQuery, rawCondition] of filters) {
        const query = rawQuery.replace('{theirs}', theirs.id);
        const condition = rawCondition.replace('{theirs}', `'${theirs.id}'`);
        const n = await countWhere(t, FORMS, sql`${await scopeOf(as)} and ${sql.raw(condition)}`);
        const list = await formList(as, query);
        expect(list.total, `${as} ${query}`).toBe(n);
        expect(list.items, `${as} ${query}`).toHaveLength(n);
        expect(list.counts, `${as} ${query}`).toEqual(tiles);
      }
    }
  });

  it('pages in the lists’ order, a later page as the first', async () => {
    const all = await formList('ADM001', 'pageSize=50');
    const pages = [
      await formList('ADM001', 'page=1&pageSize=2'),
      await formList('ADM001', 'page=2&pageSize=2'),
    ];
    expect(pages.flatMap((p) => p.items)).toEqual(all.items.slice(0, 4));
    expect(pages[1]).toMatchObject({ total: all.total, page: 2, pageSize: 2 });
    const dates = all.items.map((f) => `${f.form_date} ${f.created_at}`);
    expect(dates).toEqual([...dates].sort().reverse());
    const beyond = await formList('ADM001', 'page=9&pageSize=25');
    expect(beyond).toMatchObject({ items: [], total: all.total });
  });
});

function fileList(as: string, query: string): Promise<StudentFileListResponse> {
  return listOfRecords(send, as, '/api/files', query, {
    parse: (body) => StudentFileListResponseSchema.strict().parse(body),
    keys: PAGE_KEYS,
  });
}

describe('the student files list', () => {
  it('answers each record as GET does, counted in the caller’s scope under every filter', async () => {
    const [formWithFiles] = (await formList('ADM001', 'pageSize=50')).items.filter((f) => f.file_count === 2);
    const filters: Array<[string, string]> = [
      ['page=1&pageSize=25', 'true'],
      ['pageSize=50', 'true'],
      ['category=medical', `sf.category = 'medical'`],
      [`form_id=${formWithFiles!.id}&pageSize=10`, `sf.form_id = '${formWithFiles!.id}'`],
      [`student_id=${theirs.id}`, `sf.student_id = '${theirs.id}'`],
      ['q=chanda', `s.full_name ilike '%chanda%'`],
      ['q=quoted', `sf.name ilike '%quoted%'`],
    ];
    for (const as of CALLERS) {
      for (const [query, condition] of filters) {
        const n = await countWhere(t, FILES, sql`${await scopeOf(as)} and ${sql.raw(condition)}`);
        const list = await fileList(as, query);
        expect(list.total, `${as} ${query}`).toBe(n);
        expect(list.items, `${as} ${query}`).toHaveLength(n);
      }
    }
    const all = await fileList('ADM001', 'pageSize=50');
    expect(all.items.find((f) => f.size === 6_000_000_000)).toBeDefined();
    expect(all.items.find((f) => f.uploaded_by_id === null)).toMatchObject({ uploaded_by_name: null });
    const pages = [
      await fileList('ADM001', 'page=1&pageSize=2'),
      await fileList('ADM001', 'page=2&pageSize=2'),
    ];
    expect(pages.flatMap((p) => p.items)).toEqual(all.items.slice(0, 4));
  });

  it("lists each file as its record after its own row changes, its form's deletion too (migration 0045)", async () => {
    const db = t.database.db;
    const changes: Array<[string, SQL]> = [
      [
        'renamed and recategorised',
        sql`update student_files set name = 'Renamed "again".pdf', category = 'academic' where size = 1001`,
      ],
      [
        'its form deleted',
        sql`delete from forms where id = (select form_id from student_files where size = 6000000000)`,
      ],
      ['its uploader cleared', sql`update student_files set uploaded_by_id = null where size = 1001`],
    ];
    for (const [change, statement] of changes) {
      await db.execute(statement);
      await fileList('ADM001', 'pageSize=50');
      expect(await checkTriggerKeptTables(db, 'student_files.list_item'), change).toEqual([]);
    }
    const all = await fileList('ADM001', 'pageSize=50');
    expect(all.items.find((f) => f.size === 6_000_000_000)).toMatchObject({ form_id: null });
    expect(all.items.find((f) => f.size === 1001)).toMatchObject({
      name: 'Renamed "again".pdf',
      category: 'academic',
      uploaded_by_id: null,
    });
  });
});
