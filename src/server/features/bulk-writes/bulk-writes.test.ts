/**
 * Uploads and imports written in short transactions (docs/decisions/009), here two rows a
 * transaction: they answer as one transaction did, their rows cannot be changed while the file is
 * being written, and a file that cannot finish (a later batch failing, its process dying) leaves
 * nothing behind, with the kept counts right.
 */
import { eq, inArray, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { BulkDecisionResponse, BulkUploadResponse } from '../../../contracts/allowances';
import { STUDENT_API_MESSAGES, STUDENT_IMPORT_TEMPLATE_HEADER } from '../../../contracts/students';
import { ALLOWANCE_MESSAGES } from '../../../domain/allowances';
import { activities, allowances, bulkWrites, students } from '../../db/schema';
import { checkTriggerKeptTables } from '../../db/trigger-kept-check';
import { json, makeAllowance, makeStudent, type TestStudent, upload } from '../../testing/factories';
import { fileTestRequests } from '../../testing/test-file';
import { BULK_RACE_LOST } from '../allowances/allowance-bulk';
import { UPLOAD_INTERRUPTED, undoStaleBulkWrites } from './bulk-writes.service';

const BATCH = 2;
const { t, tokens, send, ok } = fileTestRequests({
  signIn: ['ADM001', 'DPM001', 'PO001'],
  config: { bulkWriteRows: BATCH },
});

const ALLOWANCE_HEADER =
  'student_id,student_name,chl_number,month,year,program_level,stipend,medical,transportation,school_supplies,accommodation,flmi_comments';
const people: TestStudent[] = [];
let nextYear = 2001;

beforeAll(async () => {
  for (let i = 0; i < 7; i++)
    people.push(await makeStudent(t, { name: `Bulk Person${i}`, officer: i % 2 ? 'PO001' : null }));
});

/** One allowance a student for `year`, for every student in `who`. */
const allowanceFile = (who: TestStudent[], year: number) =>
  [ALLOWANCE_HEADER, ...who.map((s) => `${s.id},${s.fullName},,March,${year},university,1000,,,,,`)].join(
    '\n',
  );
const sendAllowances = (csv: string) =>
  upload(t, '/api/allowances/bulk', tokens.ADM001, 'allowances.csv', csv, { skip_invalid_rows: 'true' });
const studentFile = (tag: string, n: number) =>
  [
    STUDENT_IMPORT_TEMPLATE_HEADER,
    ...Array.from(
      { length: n },
      (_, i) =>
        `Imported${i},${tag}${i},${tag.toLowerCase()}${i}@example.org,+26097${String(i).padStart(7, '0')},Matero,diploma,` +
        `"Northern Technical College, Ndola",Diploma in Journalism,${tag}-${i},female,2004-05-06`,
    ),
  ].join('\n');
const importStudents = (csv: string) => upload(t, '/api/students/import', tokens.PO001, 'students.csv', csv);

const db = () => t.deps.db;
const keptCountsRight = async () => expect(await checkTriggerKeptTables(db())).toEqual([]);
const actionCount = async (action: string) =>
  (await db().select({ id: activities.id }).from(activities).where(eq(activities.action, action))).length;
const allowancesOfYear = async (year: number) =>
  (await db().select({ id: allowances.id }).from(allowances).where(eq(allowances.year, year))).length;

/** A bulk_writes row as a process would leave it, `minutesAgo` since its last batch. */
async function fileBeingWritten(kind: 'allowance_upload' | 'student_import', minutesAgo = 0) {
  const [row] = await db()
    .insert(bulkWrites)
    .values({ kind, startedByName: 'Test Uploader', rowsWritten: 2 })
    .returning({ id: bulkWrites.id });
  await db().execute(
    sql`update bulk_writes set heartbeat_at = now() - make_interval(mins => ${minutesAgo}) where id = ${row!.id}`,
  );
  return row!.id;
}

/** Runs `work` with a trigger on `table` that `body` (plpgsql, on each new row) makes fail. */
async function withTrigger(table: 'allowances' | 'students', body: string, work: () => Promise<void>) {
  await db().execute(
    sql.raw(`create function bulk_test_trigger() returns trigger language plpgsql as $$
      begin ${body} return new; end $$`),
  );
  await db().execute(
    sql.raw(`create trigger bulk_test_trigger before insert on ${table}
      for each row execute function bulk_test_trigger()`),
  );
  try {
    await work();
  } finally {
    await db().execute(sql.raw(`drop trigger bulk_test_trigger on ${table}`));
    await db().execute(sql`drop function bulk_test_trigger()`);
  }
}

describe('an allowance upload in short transactions', () => {
  it('answers as one transaction did, each allowance marked with its finished upload', async () => {
    const year = nextYear++;
    const summaries = await actionCount('allowances.uploaded');
    const res = await sendAllowances(allowanceFile(people, year));
    expect(await ok<BulkUploadResponse>(res)).toEqual({ success: 7, failed: 0, errors: [] });
    const written = await db()
      .select({ upload: allowances.writtenByUpload })
      .from(allowances)
      .where(eq(allowances.year, year));
    expect(written).toHaveLength(7);
    const ids = new Set(written.map((w) => w.upload));
    expect(ids.size).toBe(1);
    const [file] = await db()
      .select()
      .from(bulkWrites)
      .where(eq(bulkWrites.id, [...ids][0]!));
    expect(file).toMatchObject({ kind: 'allowance_upload', state: 'done', rowsWritten: 7 });
    expect(file!.finishedAt).not.toBeNull();
    // One summary per officer (PO001's students and the unassigned ones), each allowance's own entry.
    expect((await actionCount('allowances.uploaded')) - summaries).toBe(2);
    await keptCountsRight();
  });

  it('a failure in a later batch takes out the batches already in, with the counts right', async () => {
    const year = nextYear++;
    const undone = await actionCount('allowances.upload_undone');
    const last = people[6]!;
    // The 7th row (the 4th batch) loses its period to a submission the check did not see, every try.
    await withTrigger(
      'allowances',
      `if new.student_id = '${last.id}' and new.year = ${year} then
         raise exception 'duplicate key value' using errcode = 'unique_violation',
           constraint = 'allowances_one_open_per_period';
       end if;`,
      async () => {
        const res = await sendAllowances(allowanceFile(people, year));
        expect(res.status).toBe(409);
        expect((await json(res)).error).toBe(BULK_RACE_LOST);
      },
    );
    expect(await allowancesOfYear(year)).toBe(0);
    // Three tries, each undone, each saying so once.
    expect((await actionCount('allowances.upload_undone')) - undone).toBe(3);
    const unfinished = await db().select().from(bulkWrites).where(sql`finished_at is null`);
    expect(unfinished).toEqual([]);
    await keptCountsRight();
  });

  it('a file another process undid meanwhile stops at its next batch and leaves nothing', async () => {
    const year = nextYear++;
    // As the stale-file pass would, had this process stalled for minutes after its first batch.
    await withTrigger(
      'allowances',
      `update bulk_writes set state = 'undone' where id = new.written_by_upload;`,
      async () => {
        const res = await sendAllowances(allowanceFile(people, year));
        expect(res.status).toBe(409);
        expect((await json(res)).error).toBe(UPLOAD_INTERRUPTED);
      },
    );
    expect(await allowancesOfYear(year)).toBe(0);
    await keptCountsRight();
  });
});

describe('an allowance whose upload is still being written', () => {
  let uploadId: string;
  let id: string;
  beforeAll(async () => {
    uploadId = await fileBeingWritten('allowance_upload');
    id = await makeAllowance(t, people[1]!, { year: nextYear++, writtenByUpload: uploadId });
  });

  it('is listed, but neither decided nor decided in bulk', async () => {
    const one = await ok<{ id: string }>(await send('ADM001', 'GET', `/api/allowances/${id}`));
    expect(one.id).toBe(id);
    const decided = await send('DPM001', 'POST', `/api/allowances/${id}/decision`, {
      decision: 'approve',
      comment: 'Fine',
      expected_stage: 'pending_dpm',
    });
    expect(decided.status).toBe(409);
    expect((await json(decided)).error).toBe(ALLOWANCE_MESSAGES.stillUploading);
    const bulk = await ok<BulkDecisionResponse>(
      await send('DPM001', 'POST', '/api/allowances/bulk-decision', {
        ids: [id],
        decision: 'approve',
        comment: 'Fine',
        expected_stage: 'pending_dpm',
      }),
    );
    expect(bulk.done).toBe(0);
    expect(bulk.skipped.map((s) => s.reason)).toEqual([ALLOWANCE_MESSAGES.stillUploading]);
    const [row] = await db().select().from(allowances).where(eq(allowances.id, id));
    expect(row!.approvalStage).toBe('pending_dpm');
  });

  it('is decided once its upload is done', async () => {
    await db()
      .update(bulkWrites)
      .set({ state: 'done', finishedAt: new Date() })
      .where(eq(bulkWrites.id, uploadId));
    const decided = await send('DPM001', 'POST', `/api/allowances/${id}/decision`, {
      decision: 'approve',
      comment: 'Fine',
      expected_stage: 'pending_dpm',
    });
    expect(decided.status).toBe(200);
  });
});

describe('a student whose import is still being written', () => {
  let student: TestStudent;
  beforeAll(async () => {
    const importId = await fileBeingWritten('student_import');
    student = await makeStudent(t, { name: 'Still Importing', officer: 'PO001' });
    await db().update(students).set({ writtenByImport: importId }).where(eq(students.id, student.id));
  });

  it('is listed, but not edited, deleted, nor given an allowance, an issue or a form', async () => {
    expect((await send('PO001', 'GET', `/api/students/${student.id}`)).status).toBe(200);
    const refused = [
      await send('PO001', 'PUT', `/api/students/${student.id}`, { first_name: 'Changed' }),
      await send('ADM001', 'DELETE', `/api/students/${student.id}`),
      await send('ADM001', 'POST', '/api/allowances', {
        student_id: student.id,
        month: 'January',
        year: 2026,
        stipend: '100',
      }),
      await send('PO001', 'POST', '/api/issues', { title: 'T', description: 'd', student_id: student.id }),
    ];
    for (const res of refused) {
      expect(res.status).toBe(409);
      expect((await json(res)).error).toBe(STUDENT_API_MESSAGES.stillImporting);
    }
    const res = await sendAllowances(allowanceFile([student], 2026));
    expect(await ok<BulkUploadResponse>(res)).toMatchObject({ success: 0, failed: 1 });
    expect(
      await db().select({ id: allowances.id }).from(allowances).where(eq(allowances.studentId, student.id)),
    ).toEqual([]);
  });
});

describe('a student import in short transactions', () => {
  it('answers as one transaction did, its students marked with the finished import', async () => {
    const res = await importStudents(studentFile('SHORT', 5));
    expect((await ok<{ imported: number }>(res)).imported).toBe(5);
    const rows = await db()
      .select({ state: bulkWrites.state, rows: bulkWrites.rowsWritten })
      .from(students)
      .innerJoin(bulkWrites, eq(bulkWrites.id, students.writtenByImport))
      .where(sql`${students.chlNumber} like 'SHORT-%'`);
    expect(rows).toEqual(Array(5).fill({ state: 'done', rows: 5 }));
    await keptCountsRight();
  });

  it('a failure in a later batch takes out the students already in', async () => {
    const undone = await actionCount('students.import_undone');
    await withTrigger(
      'students',
      `if new.chl_number = 'LATE-4' then
         raise exception 'duplicate key value' using errcode = 'unique_violation';
       end if;`,
      async () => {
        const res = await importStudents(studentFile('LATE', 5));
        expect(res.status).toBe(409);
      },
    );
    const left = await db()
      .select({ id: students.id })
      .from(students)
      .where(sql`${students.chlNumber} like 'LATE-%'`);
    expect(left).toEqual([]);
    expect((await actionCount('students.import_undone')) - undone).toBe(1);
    await keptCountsRight();
  });
});

describe('the pass that undoes files whose process died', () => {
  it('takes out a stale upload and a stale import once, even run twice at once, and leaves a live one', async () => {
    const year = nextYear++;
    const deadUpload = await fileBeingWritten('allowance_upload', 10);
    const deadImport = await fileBeingWritten('student_import', 10);
    const live = await fileBeingWritten('allowance_upload', 1);
    for (const s of people.slice(0, 3)) await makeAllowance(t, s, { year, writtenByUpload: deadUpload });
    const liveOne = await makeAllowance(t, people[3]!, { year, writtenByUpload: live });
    for (const name of ['Dead One', 'Dead Two']) {
      const s = await makeStudent(t, { name, officer: 'PO001' });
      await db().update(students).set({ writtenByImport: deadImport }).where(eq(students.id, s.id));
    }
    const before = {
      upload: await actionCount('allowances.upload_undone'),
      import: await actionCount('students.import_undone'),
    };

    const [first, second] = await Promise.all([undoStaleBulkWrites(t.deps), undoStaleBulkWrites(t.deps)]);
    expect([...first!, ...second!].sort()).toEqual([deadUpload, deadImport].sort());

    const left = await db().select({ id: allowances.id }).from(allowances).where(eq(allowances.year, year));
    expect(left).toEqual([{ id: liveOne }]);
    expect(
      await db().select({ id: students.id }).from(students).where(eq(students.writtenByImport, deadImport)),
    ).toEqual([]);
    expect((await actionCount('allowances.upload_undone')) - before.upload).toBe(1);
    expect((await actionCount('students.import_undone')) - before.import).toBe(1);
    const states = await db()
      .select({ id: bulkWrites.id, state: bulkWrites.state })
      .from(bulkWrites)
      .where(inArray(bulkWrites.id, [deadUpload, deadImport, live]));
    expect(Object.fromEntries(states.map((s) => [s.id, s.state]))).toEqual({
      [deadUpload]: 'undone',
      [deadImport]: 'undone',
      [live]: 'writing',
    });
    await keptCountsRight();
  });
});
