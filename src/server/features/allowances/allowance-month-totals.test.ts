/**
 * The dashboard's Monthly Allowances read allowance_month_totals, which triggers keep (migration
 * 0032; submissions by month at each UTC offset since 0035). Whatever writes allowances (a
 * submission, a bulk file, each decision, payment, a change of total, a DELETE or TRUNCATE) or
 * moves a student to another officer, the stored totals must equal a recount over allowances and
 * their students, and the sums read from them must equal the sums read straight from allowances,
 * as the dashboard read them before, in every zone.
 */
import { eq, inArray, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { ALLOWANCE_TEMPLATE_COLUMNS } from '../../../contracts/allowances';
import type { DashboardResponse } from '../../../contracts/dashboard';
import { UTC_OFFSET_HOURS } from '../../../domain/dates';
import { TIME_ZONES } from '../../../domain/settings';
import { allowances, students, users } from '../../db/schema';
import { checkTriggerKeptTables } from '../../db/trigger-kept-check';
import {
  json,
  makeAllowance,
  makeStudent,
  makeUser,
  type TestStudent,
  upload,
} from '../../testing/factories';
import { putSettings } from '../../testing/put-settings';
import { fileTestRequests } from '../../testing/test-file';
import { allowanceSeriesSql } from './allowance-figures';

// 10:00 UTC: the same day in every zone, so decisions are dated alike whichever is chosen.
const NOW = new Date('2026-04-15T10:00:00Z');
const { t, tokens, send, ok } = fileTestRequests({
  signIn: ['ADM001', 'DPM001', 'PO001', 'PO002'],
  clockAt: NOW,
});
let mwila: TestStudent;
let joseph: TestStudent;
let nobodys: TestStudent;

beforeAll(async () => {
  mwila = await makeStudent(t, { name: 'Mwila Chanda', officer: 'PO001', chlNumber: 'CHL-M-1' });
  joseph = await makeStudent(t, { name: 'Joseph Mumba', officer: 'PO001', chlNumber: 'CHL-M-2' });
  nobodys = await makeStudent(t, { name: 'Natasha Phiri', officer: null });
});

type SeriesRow = { month: string; kind: string; total: string };
const inOrder = (rows: SeriesRow[]) =>
  [...rows].sort((a, b) => `${a.kind} ${a.month}`.localeCompare(`${b.kind} ${b.month}`));

/** The dashboard's sums since `first`, as it reads them now: from allowance_month_totals. */
async function keptSeries(officer: string | undefined, first: string, tz: (typeof TIME_ZONES)[number]) {
  const { rows } = await t.database.db.execute<SeriesRow>(
    allowanceSeriesSql(officer, first, tz, UTC_OFFSET_HOURS[tz]),
  );
  return inOrder(rows);
}

/** The same sums as the dashboard read them before migration 0032: straight from allowances. */
async function countedSeries(officer: string | undefined, first: string, tz: string) {
  const ofOfficer = officer
    ? sql` and student_id in (select id from students where assigned_officer_id = ${officer})`
    : sql``;
  const { rows } = await t.database.db.execute<SeriesRow>(sql`
      select to_char(submitted_date at time zone ${tz}, 'YYYY-MM') as month, 'submitted' as kind, sum(total)::text as total
        from allowances where submitted_date >= (${first}::date::timestamp at time zone ${tz})${ofOfficer} group by 1
      union all
      select to_char(pm_approved_date, 'YYYY-MM'), 'approved', sum(total)::text
        from allowances where pm_status = 'approved' and pm_approved_date >= ${first}::date${ofOfficer} group by 1
      union all
      select to_char(paid_date, 'YYYY-MM'), 'paid', sum(total)::text
        from allowances where approval_stage = 'paid' and paid_date >= ${first}::date${ofOfficer} group by 1`);
  return inOrder(rows);
}

/**
 * The stored totals equal a recount (checkTriggerKeptTables), and everyone's and each officer's
 * sums, in every zone System Settings offer, equal those read straight from allowances.
 */
async function expectKept() {
  expect(await checkTriggerKeptTables(t.database.db)).toEqual([]);
  for (const officer of [undefined, await t.userId('PO001'), await t.userId('PO002')])
    for (const tz of TIME_ZONES)
      for (const first of ['2020-01-01', '2026-04-01'])
        expect(await keptSeries(officer, first, tz)).toEqual(await countedSeries(officer, first, tz));
}

/** Added through the API (as the admin, for any student): its id. */
const submit = async (student: TestStudent, month: string, stipend: string) =>
  (
    await ok<{ id: string }>(
      await send('ADM001', 'POST', '/api/allowances', {
        student_id: student.id,
        month,
        year: 2026,
        program_level: 'university',
        stipend,
      }),
    )
  ).id;

/** One step of the chain through the API; answers 200 or the test fails. */
const step = async (id: string, as: string, decision: 'approve' | 'deny', expected_stage: string) =>
  ok(
    await send(as, 'POST', `/api/allowances/${id}/decision`, {
      decision,
      comment: 'Receipts checked',
      expected_stage,
    }),
  );

const reassign = async (student: TestStudent, officer: string | null) =>
  ok(await send('ADM001', 'PUT', `/api/students/${student.id}`, { assigned_officer_id: officer }));

describe('allowance_month_totals', () => {
  it('follows submissions, each approval step, denials and payment', async () => {
    const a = await submit(mwila, 'January', '1000.10');
    const b = await submit(joseph, 'January', '2000.20');
    const c = await submit(nobodys, 'January', '333.33');
    await expectKept();

    for (const [as, stage] of [
      ['DPM001', 'pending_dpm'],
      ['PO001', 'pending_flmi'],
      ['ADM001', 'pending_pm'],
    ] as const) {
      await step(a, as, 'approve', stage);
      await expectKept();
    }
    // Denied at the first step, and at the programme manager's: neither counts as approved.
    await step(b, 'DPM001', 'deny', 'pending_dpm');
    await step(c, 'DPM001', 'approve', 'pending_dpm');
    await step(c, 'PO001', 'approve', 'pending_flmi');
    await step(c, 'ADM001', 'deny', 'pending_pm');
    await expectKept();

    await ok(await send('ADM001', 'POST', `/api/allowances/${a}/pay`, { expected_stage: 'approved' }));
    await expectKept();
    const april = await keptSeries(await t.userId('PO001'), '2026-04-01', 'Africa/Lusaka');
    expect(april.filter((r) => r.kind !== 'submitted')).toEqual([
      { month: '2026-04', kind: 'approved', total: '1000.10' },
      { month: '2026-04', kind: 'paid', total: '1000.10' },
    ]);
  });

  it('follows a bulk file and a change of total, and writes nothing for a note or a step that moves no sum', async () => {
    const rows = ['March', 'April', 'May', 'June'].flatMap((month) => [
      `,Mwila Chanda,CHL-M-1,${month},2026,university,100.01,,,,,`,
      `,Joseph Mumba,CHL-M-2,${month},2026,university,200.02,,,,,`,
    ]);
    const csv = [ALLOWANCE_TEMPLATE_COLUMNS.join(','), ...rows].join('\n');
    const res = await upload(t, '/api/allowances/bulk', tokens.PO001, 'allowances.csv', csv);
    expect(await json(res)).toEqual({ success: 8, failed: 0, errors: [] });
    await expectKept();

    await t.database.db
      .update(allowances)
      .set({ medical: sql`${allowances.medical} + 1.5`, total: sql`${allowances.total} + 1.5` })
      .where(eq(allowances.month, 'March'));
    await expectKept();

    const versions = () =>
      t.database.db.execute(
        sql`select xmin::text, officer_id, kind, at from allowance_month_totals order by 2, 3, 4`,
      );
    const before = (await versions()).rows;
    await t.database.db.update(allowances).set({ flmzComments: 'Seen' }).where(eq(allowances.month, 'April'));
    const [may] = await t.database.db
      .select({ id: allowances.id })
      .from(allowances)
      .where(eq(allowances.month, 'May'))
      .limit(1);
    await step(may!.id, 'DPM001', 'approve', 'pending_dpm');
    expect((await versions()).rows).toEqual(before);
  });

  it("moves a student's sums with them to another officer, to none, and when an officer's account goes", async () => {
    const po2 = await t.userId('PO002');
    await reassign(mwila, po2);
    await expectKept();
    await reassign(mwila, null);
    await expectKept();
    // Two students at once, in one statement.
    await t.database.db
      .update(students)
      .set({ assignedOfficerId: po2 })
      .where(inArray(students.id, [mwila.id, joseph.id]));
    await expectKept();

    const leaving = await makeUser(t, 'program_officer', { name: 'Leaving Officer' });
    await reassign(joseph, leaving.id);
    await expectKept();
    // The foreign key sets the student's officer to null: their sums move to the null officer.
    await t.database.db.delete(users).where(eq(users.id, leaving.id));
    await expectKept();
    await reassign(joseph, await t.userId('PO001'));
    await expectKept();
  });

  it('stays true when a change of officer races submissions and decisions', async () => {
    const ids = await Promise.all(
      ['July', 'August', 'September'].map((month, i) => submit(mwila, month, `${100 + i}.5${i}`)),
    );
    await Promise.all([
      reassign(mwila, await t.userId('PO001')),
      ...ids.map((id) => step(id, 'DPM001', 'approve', 'pending_dpm')),
      submit(mwila, 'October', '5.05'),
      reassign(mwila, await t.userId('PO002')),
      submit(mwila, 'November', '6.06'),
    ]);
    await expectKept();
  });

  // A real second transaction: PGlite serves one session for every connection.
  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'counts a submission for the officer whose change committed while it was being written',
    async () => {
      const student = await makeStudent(t, { name: 'Bwalya Zulu', officer: 'PO001' });
      const mover = await t.database.pool.connect();
      let committed = false;
      try {
        await mover.query('begin');
        await mover.query('update students set assigned_officer_id = $1 where id = $2', [
          await t.userId('PO002'),
          student.id,
        ]);
        const { rows } = await mover.query<{ pid: number }>('select pg_backend_pid() as pid');
        // The submission's trigger reads the officer FOR SHARE: it waits for the change to commit
        // and counts the new officer. Unlocked, it would count PO001, whose move it missed.
        let answered = false;
        const submitting = submit(student, 'December', '12.12').finally(() => {
          answered = true;
        });
        await untilSomeoneWaitsFor(rows[0]!.pid, () => answered);
        await mover.query('commit');
        committed = true;
        await submitting;
      } finally {
        if (!committed) await mover.query('rollback');
        mover.release();
      }
      await expectKept();
    },
  );

  it('takes the month of a submission in the zone System Settings choose', async () => {
    const student = await makeStudent(t, { name: 'Chanda Mwape', officer: 'PO002' });
    // 22:30 UTC on 31 March is 00:30 on 1 April in Lusaka and Harare, still March in UTC.
    await makeAllowance(t, student, {
      total: '70.00',
      submittedDate: new Date('2026-03-31T22:30:00Z'),
    });
    await expectKept();
    const chart = async (timezone: (typeof TIME_ZONES)[number]) => {
      await putSettings(t, tokens.ADM001!, (s) => ({ ...s, general: { ...s.general, timezone } }));
      const body = await ok<DashboardResponse>(await send('PO002', 'GET', '/api/dashboard'));
      const counted = await countedSeries(await t.userId('PO002'), '2025-05-01', timezone);
      const submitted = (month: string) =>
        counted.find((r) => r.kind === 'submitted' && r.month === month)?.total ?? '0.00';
      return { body, submitted };
    };
    const utc = await chart('UTC');
    expect(utc.body.monthly_allowances.find((m) => m.month === '2026-03')!.submitted).toBe('70.00');
    for (const zone of TIME_ZONES) {
      const { body, submitted } = await chart(zone);
      for (const m of body.monthly_allowances) expect(m.submitted).toBe(submitted(m.month));
    }
    const lusaka = await chart('Africa/Lusaka');
    expect(lusaka.body.monthly_allowances.find((m) => m.month === '2026-03')!.submitted).toBe('0.00');
  });

  it('keeps submissions at the UTC offset of every zone System Settings offer', async () => {
    const { rows } = await t.database.db.execute<{ utc_offset: number }>(
      sql`select distinct utc_offset from allowance_month_buckets(now(), null, null) where kind = 'submitted'`,
    );
    const kept = rows.map((r) => Number(r.utc_offset));
    for (const zone of TIME_ZONES)
      expect({ zone, kept }).toEqual({ zone, kept: expect.arrayContaining([UTC_OFFSET_HOURS[zone]]) });
  });

  it('follows a DELETE and a TRUNCATE made outside the app', async () => {
    await t.database.db.delete(allowances).where(eq(allowances.month, 'April'));
    await expectKept();
    await t.database.db.execute(
      sql`truncate payouts, payment_batch_held, payment_batch_items, allowance_comments, allowances`,
    );
    await expectKept();
    const left = await t.database.db.execute(sql`select count(*)::int as n from allowance_month_totals`);
    expect(left.rows).toEqual([{ n: 0 }]);
  });
});

/** Until a session waits for a lock `pid` holds (asked from the pool, outside any transaction), or done(). */
async function untilSomeoneWaitsFor(pid: number, done: () => boolean): Promise<void> {
  const waiting = sql`select exists (select 1 from pg_stat_activity where ${pid} = any(pg_blocking_pids(pid))) as w`;
  for (let tries = 0; tries < 200 && !done(); tries++) {
    const { rows } = await t.database.db.execute<{ w: boolean }>(waiting);
    if (rows[0]!.w) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
