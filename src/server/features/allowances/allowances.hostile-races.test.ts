/**
 * Hostile timing: many decisions or payments on one allowance at once, and a student deleted while
 * an allowance is being written for them. Every loser gets a 4xx and changes nothing.
 */
import { count, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { EXPECTED_STAGE_MESSAGES } from '../../../contracts/allowances';
import { ALLOWANCE_MESSAGES } from '../../../domain/allowances';
import { allowanceComments, allowances, students } from '../../db/schema';
import { json, makeAllowance, makeStudent, type TestStudent, upload } from '../../testing/factories';
import { untilSomeoneWaitsForALock } from '../../testing/lock-waits';
import { fileTestContext } from '../../testing/test-file';

const HEADER =
  'student_id,student_name,chl_number,month,year,program_level,stipend,medical,transportation,school_supplies,accommodation,flmi_comments';
const PARALLEL = 12;

const { t, tokens } = fileTestContext({ signIn: ['ADM001', 'DPM001', 'PO001'] });
let student: TestStudent;
let nextYear = 2000;

beforeAll(async () => {
  student = await makeStudent(t, { name: 'Mwila Chanda', officer: 'PO001' });
});

const decide = (id: string, body: Record<string, unknown>) =>
  t.request('POST', `/api/allowances/${id}/decision`, { token: tokens.ADM001, body });
const pay = (id: string, body: Record<string, unknown>) =>
  t.request('POST', `/api/allowances/${id}/pay`, { token: tokens.ADM001, body });

async function state(id: string) {
  const [row] = await t.database.db.select().from(allowances).where(eq(allowances.id, id));
  const comments = await t.database.db
    .select({ n: count() })
    .from(allowanceComments)
    .where(eq(allowanceComments.allowanceId, id));
  return { stage: row!.approvalStage, comments: comments[0]!.n };
}

const statuses = (responses: Response[]) => responses.map((r) => r.status).sort();

describe(`${PARALLEL} decisions at once on one allowance`, () => {
  it('with the same expected_stage: one wins, eleven get 409, one step, one comment', async () => {
    // An admin may decide at both pending_flmi and pending_pm: the probe's two-step case.
    const id = await makeAllowance(t, student, { year: nextYear++, approvalStage: 'pending_flmi' });
    const results = await Promise.all(
      Array.from({ length: PARALLEL }, (_, i) =>
        decide(id, { decision: 'approve', comment: `Approval ${i}`, expected_stage: 'pending_flmi' }),
      ),
    );
    expect(statuses(results)).toEqual([200, ...Array(PARALLEL - 1).fill(409)]);
    for (const r of results.filter((x) => x.status === 409))
      expect((await json(r)).error).toBe(ALLOWANCE_MESSAGES.changedMeanwhile);
    expect(await state(id)).toEqual({ stage: 'pending_pm', comments: 1 });
  });

  it('half of them without expected_stage: those are 400, and still only one step is taken', async () => {
    const id = await makeAllowance(t, student, { year: nextYear++, approvalStage: 'pending_flmi' });
    const results = await Promise.all(
      Array.from({ length: PARALLEL }, (_, i) =>
        decide(id, {
          decision: 'approve',
          comment: `Approval ${i}`,
          ...(i % 2 ? {} : { expected_stage: 'pending_flmi' }),
        }),
      ),
    );
    const half = Array(PARALLEL / 2);
    expect(statuses(results)).toEqual([200, ...half.fill(400), ...Array(PARALLEL / 2 - 1).fill(409)]);
    for (const r of results.filter((x) => x.status === 400))
      expect((await json(r)).fields).toEqual({ expected_stage: EXPECTED_STAGE_MESSAGES.required });
    expect(await state(id)).toEqual({ stage: 'pending_pm', comments: 1 });
  });

  it('decisions, a bulk decision and new allowances at once, on different allowances: no 5xx', async () => {
    // Each of these moves the kept stage totals and writes an audit entry (whose kept tally is
    // locked too): a write that locked them in the other order would deadlock with the rest.
    const single: string[] = [];
    const inBulk: string[] = [];
    for (let i = 0; i < 24; i++)
      (i % 3 ? single : inBulk).push(
        await makeAllowance(t, student, { year: nextYear++, approvalStage: 'pending_flmi' }),
      );
    const body = { decision: 'approve', comment: 'Checked.', expected_stage: 'pending_flmi' };
    const results = await Promise.all([
      ...single.map((id) => decide(id, body)),
      t.request('POST', '/api/allowances/bulk-decision', {
        token: tokens.ADM001,
        body: { ...body, ids: inBulk },
      }),
      ...Array.from({ length: 12 }, () =>
        t.request('POST', '/api/allowances', {
          token: tokens.ADM001,
          body: { student_id: student.id, month: 'March', year: nextYear++, stipend: 900 },
        }),
      ),
    ]);
    expect(results.filter((r) => r.status >= 300).map((r) => r.status)).toEqual([]);
    for (const id of [...single, ...inBulk])
      expect(await state(id)).toEqual({ stage: 'pending_pm', comments: 1 });
  });

  it('approvals and denials mixed: exactly one lands', async () => {
    const id = await makeAllowance(t, student, { year: nextYear++, approvalStage: 'pending_pm' });
    const results = await Promise.all(
      Array.from({ length: PARALLEL }, (_, i) =>
        decide(id, {
          decision: i % 2 ? 'deny' : 'approve',
          comment: `Decision ${i}`,
          expected_stage: 'pending_pm',
        }),
      ),
    );
    expect(statuses(results)).toEqual([200, ...Array(PARALLEL - 1).fill(409)]);
    expect(['approved', 'rejected']).toContain((await state(id)).stage);
    expect((await state(id)).comments).toBe(1);
  });

  it(`${PARALLEL} payments at once: one is paid, the rest 409; without expected_stage 400`, async () => {
    const id = await makeAllowance(t, student, { year: nextYear++, approvalStage: 'approved' });
    const results = await Promise.all([
      ...Array.from({ length: PARALLEL }, () => pay(id, { expected_stage: 'approved' })),
      pay(id, {}),
    ]);
    expect(statuses(results)).toEqual([200, 400, ...Array(PARALLEL - 1).fill(409)]);
    expect(await state(id)).toEqual({ stage: 'paid', comments: 1 });
  });
});

describe('a student deleted while an allowance is written for them', () => {
  /**
   * Deletes the student from inside the allowance's own INSERT (a row trigger), so the write meets
   * exactly what it meets when another transaction's deletion commits first: no student for its
   * foreign key. The whole request then rolls back, the deletion with it.
   */
  async function whileStudentIsDeleted(who: TestStudent, run: () => Promise<Response>): Promise<Response> {
    const db = t.database.db;
    await db.execute(sql`
      create function hostile_delete_student() returns trigger language plpgsql as $$
      begin
        delete from students where id = new.student_id;
        return new;
      end $$`);
    await db.execute(
      sql.raw(`create trigger hostile_delete_student before insert on allowances for each row
               when (new.student_id = '${who.id}') execute function hostile_delete_student()`),
    );
    try {
      return await run();
    } finally {
      await db.execute(sql`drop trigger hostile_delete_student on allowances`);
      await db.execute(sql`drop function hostile_delete_student()`);
    }
  }

  const allowancesOf = async (who: TestStudent) =>
    (await t.database.db.select({ n: count() }).from(allowances).where(eq(allowances.studentId, who.id)))[0]!
      .n;

  it('Add New Allowance answers 409 and writes nothing', async () => {
    const doomed = await makeStudent(t, { name: 'Doomed Zulu', officer: 'PO001' });
    const res = await whileStudentIsDeleted(doomed, () =>
      t.request('POST', '/api/allowances', {
        token: tokens.PO001,
        body: { student_id: doomed.id, month: 'May', year: 2030, stipend: '1000' },
      }),
    );
    expect(res.status).toBe(409);
    expect((await json(res)).error).toBe('This student no longer exists.');
    expect(await allowancesOf(doomed)).toBe(0);
  });

  it('a bulk upload answers 409 and writes none of the file', async () => {
    const doomed = await makeStudent(t, { name: 'Doomed Tembo', chlNumber: 'CHL-D-1' });
    const res = await whileStudentIsDeleted(doomed, () =>
      upload(
        t,
        '/api/allowances/bulk',
        tokens.ADM001,
        'file.csv',
        [
          HEADER,
          `${student.id},Mwila Chanda,,June,2030,,100,,,,,`,
          `${doomed.id},Doomed Tembo,,June,2030,,100,,,,,`,
        ].join('\n'),
      ),
    );
    expect(res.status).toBe(409);
    expect((await json(res)).error).toBe(ALLOWANCE_MESSAGES.bulkStudentGone);
    expect(await allowancesOf(doomed)).toBe(0);
    const [june] = await t.database.db
      .select({ n: count() })
      .from(allowances)
      .where(sql`${allowances.year} = 2030 and ${allowances.month} = 'June'`);
    expect(june!.n).toBe(0);
  });

  // A real second transaction: PGlite serves one session for every connection.
  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'Add New Allowance answers 409 when another transaction deletes the student and commits',
    async () => {
      const doomed = await makeStudent(t, { name: 'Doomed Mbewe', officer: 'PO001' });
      const deleter = await t.database.pool.connect();
      let committed = false;
      try {
        await deleter.query('begin');
        await deleter.query('delete from students where id = $1', [doomed.id]);
        // The request still sees the student (the deletion is not committed); its insert then
        // waits on the deleted row until the deletion commits.
        const creating = t.request('POST', '/api/allowances', {
          token: tokens.PO001,
          body: { student_id: doomed.id, month: 'July', year: 2030, stipend: '1000' },
        });
        await untilSomeoneWaitsForALock(deleter, 'The request never waited for the deletion');
        await deleter.query('commit');
        committed = true;
        const res = await creating;
        expect(res.status).toBe(409);
        expect((await json(res)).error).toBe('This student no longer exists.');
      } finally {
        if (!committed) await deleter.query('rollback');
        deleter.release();
      }
      expect(await allowancesOf(doomed)).toBe(0);
      expect(await t.database.db.select().from(students).where(eq(students.id, doomed.id))).toEqual([]);
    },
  );
});
