/**
 * A national programme, written straight into the app's own tables (triggers fire as for any
 * insert): the day's accounts, 50,000 students spread over the program officers' caseloads, twelve
 * months of allowances for each in ONE insert ... select over generate_series (600,000 rows at the
 * stages a real year leaves them), and the other areas from the list benchmark's seeders at 10,000
 * records each (tasks, issues, forms, files, events, ...). Answers what the load draws from
 * (bench/day/world.ts).
 */
import { sql } from 'drizzle-orm';
import { lusakaDate, MONTHS } from '../../src/domain/dates';
import { insertByArrays } from '../../src/server/db/bulk-insert';
import type { Database, Tx } from '../../src/server/db/client';
import { buildDemoStudents, seededRandom } from '../../src/server/db/demo-seed/students';
import * as t from '../../src/server/db/schema';
import { checkTriggerKeptTables } from '../../src/server/db/trigger-kept-check';
import type { BenchServer } from '../harness';
import { seedAnnouncementsEventsLibrary } from '../seed-lists/announcements-events-library';
import { seedCaseWork } from '../seed-lists/case-work';
import { type PoolStudent, seedContext } from '../seed-lists/context';
import { seedCorporate } from '../seed-lists/corporate';
import { seedFormsAndFiles } from '../seed-lists/forms-files';
import { seedPaymentBatches } from '../seed-lists/payment-batches';
import { seedPeople as seedDirectoryPeople } from '../seed-lists/people';
import { seedStories } from '../seed-lists/stories';
import { seedYearbook } from '../seed-lists/yearbook';
import { withIndexesAfter } from './bulk-load';
import { type Account, type DayPeople, seedPeople } from './people';
import { type DayWorld, readWorld } from './world';

/**
 * Twelve months for every student, p = 0 (eleven months ago) .. 11 (this month): old months paid
 * with a few rejected at each step, last month in the later steps, this month mostly submitted
 * and in approval (as the week of the upload finds it).
 */
async function seedAllowances(tx: Tx, people: DayPeople, now: Date): Promise<void> {
  const today = lusakaDate(now);
  const names = (a: Account[]) => sql.param(a.map((x) => x.name));
  const ids = (a: Account[]) => sql.param(a.map((x) => x.id));
  // k buckets each (student, month) into a stage; the stage's check constraints need the fields below.
  await tx.execute(sql`
    with p as (
      select s.id, s.full_name, s.program_level, s.assigned_officer_id, o.name as officer_name,
             g.p, (s.n * 12 + g.p) % 100 as k, s.n,
             (date_trunc('month', ${today}::date) - make_interval(months => 11 - g.p))::date as first_day
        from (select id, full_name, program_level, assigned_officer_id, row_number() over (order by chl_number)::int as n
                from students) s
        join users o on o.id = s.assigned_officer_id
        cross join generate_series(0, 11) as g(p)
    ), staged as (
      select p.*, case
        when p.p <= 9 then case when k < 2 then 'rejected' when k = 2 then 'approved' else 'paid' end
        when p.p = 10 then case when k < 50 then 'paid' when k < 75 then 'approved' when k < 90 then 'pending_pm'
                                when k < 97 then 'pending_flmi' else 'rejected' end
        else case when k < 55 then 'pending_dpm' when k < 80 then 'pending_flmi' when k < 93 then 'pending_pm'
                  when k < 96 then 'approved' else 'rejected' end
      end as stage,
      case when p.program_level = 'launch_year' then 900 else 1200 end as stipend,
      case when p.program_level = 'launch_year' then 0 else 150 end as extra,
      (${names(people.deputyManagers)}::text[])[1 + p.n % ${people.deputyManagers.length}] as dpm_name,
      (${ids(people.deputyManagers)}::uuid[])[1 + p.n % ${people.deputyManagers.length}] as dpm_id,
      (${names(people.flmi)}::text[])[1 + p.n % ${people.flmi.length}] as flmi_name,
      (${ids(people.flmi)}::uuid[])[1 + p.n % ${people.flmi.length}] as flmi_id,
      (${names(people.pm)}::text[])[1 + p.n % ${people.pm.length}] as pm_name,
      (${ids(people.pm)}::uuid[])[1 + p.n % ${people.pm.length}] as pm_id,
      (${names(people.admins)}::text[])[1 + p.n % ${people.admins.length}] as admin_name,
      (${ids(people.admins)}::uuid[])[1 + p.n % ${people.admins.length}] as admin_id
      from p
    )
    insert into allowances (student_id, student_name, month, month_number, year, program_level,
      stipend, medical, transportation, school_supplies, accommodation, total, approval_stage,
      submitted_by, submitted_by_id, submitted_date,
      dpm_approved_by, dpm_approved_by_id, dpm_approved_date, dpm_status, dpm_comments,
      flmi_approved_by, flmi_approved_by_id, flmi_approved_date, flmi_status, flmi_comments,
      pm_approved_by, pm_approved_by_id, pm_approved_date, pm_status, pm_comments,
      rejection_reason, rejected_at_stage, rejected_by, rejected_date, paid_by, paid_by_id, paid_date)
    select id, full_name, (${sql.param([...MONTHS])}::text[])[extract(month from first_day)::int],
      extract(month from first_day)::int, extract(year from first_day)::int,
      case when program_level = 'diploma' then 'college' else program_level end,
      stipend, extra, extra, extra, extra, stipend + 4 * extra, stage,
      officer_name, assigned_officer_id, first_day + make_interval(hours => 6 + n % 10, mins => n % 60),
      case when stage in ('pending_flmi', 'pending_pm', 'approved', 'paid') or (stage = 'rejected' and k <> 0) then dpm_name end,
      case when stage in ('pending_flmi', 'pending_pm', 'approved', 'paid') or (stage = 'rejected' and k <> 0) then dpm_id end,
      case when stage in ('pending_flmi', 'pending_pm', 'approved', 'paid') or (stage = 'rejected' and k <> 0) then first_day + 2 end,
      case when stage in ('pending_flmi', 'pending_pm', 'approved', 'paid') or (stage = 'rejected' and k <> 0) then 'approved' end,
      case when stage in ('pending_flmi', 'pending_pm', 'approved', 'paid') then 'Within the approved budget.' end,
      case when stage in ('pending_pm', 'approved', 'paid') then flmi_name end,
      case when stage in ('pending_pm', 'approved', 'paid') then flmi_id end,
      case when stage in ('pending_pm', 'approved', 'paid') then first_day + 4 end,
      case when stage in ('pending_pm', 'approved', 'paid') then 'approved' end,
      case when stage in ('pending_pm', 'approved', 'paid') then 'Receipts verified.' end,
      case when stage in ('approved', 'paid') then pm_name end,
      case when stage in ('approved', 'paid') then pm_id end,
      case when stage in ('approved', 'paid') then first_day + 6 end,
      case when stage in ('approved', 'paid') then 'approved' end,
      case when stage in ('approved', 'paid') then 'Approved for payment.' end,
      case when stage = 'rejected' then 'No receipts provided; please resubmit.' end,
      case when stage = 'rejected' then (case when k = 0 then 'dpm_review' else 'flmi_review' end) end,
      case when stage = 'rejected' then (case when k = 0 then dpm_name else flmi_name end) end,
      case when stage = 'rejected' then first_day + 3 end,
      case when stage = 'paid' then admin_name end,
      case when stage = 'paid' then admin_id end,
      case when stage = 'paid' then first_day + 10 end
    from staged`);
}

/** 50,000 students (as the demo makes them), dealt round the program officers' caseloads. */
async function seedStudents(tx: Tx, people: DayPeople, count: number, now: Date): Promise<void> {
  const officers = { PO001: people.demo.PO001!, PO002: people.demo.PO002! };
  const world = buildDemoStudents(officers, now, { count, seed: 47_047 });
  world.forEach((s, i) => {
    s.assignedOfficerId = people.officers[i % people.officers.length]!.id;
  });
  await insertByArrays(tx, t.students, world);
}

export async function seedDay(db: Database, studentCount: number): Promise<DayWorld> {
  const now = new Date();
  const step = stepTimer();
  const people = await step('people', () => seedPeople(db));
  const server = { accounts: people.demo } as unknown as BenchServer;
  await db.transaction(async (tx) => {
    // PostgreSQL compiled the allowances' insert before running it (9 s of its 36 on a loaded
    // machine): no statement here runs often enough to repay that. PGlite has no compiler.
    await tx.execute(sql`set local jit = off`);
    await step('students', () =>
      withIndexesAfter(tx, 'students', () => seedStudents(tx, people, studentCount, now)),
    );
    await step('allowances', () => withIndexesAfter(tx, 'allowances', () => seedAllowances(tx, people, now)));
    const pool = await tx.execute<PoolStudent & Record<string, unknown>>(sql`
      select id, full_name as name, assigned_officer_id as officer, program_status as status,
             current_program as program from students order by chl_number`);
    // The list benchmark's areas at 10,000 records each (one random sequence, in its order).
    const ctx = seedContext(tx, server, Math.min(10_000, studentCount), now, pool.rows, seededRandom(47_047));
    await step('case work', () => seedCaseWork(ctx));
    await step('forms, files', () => seedFormsAndFiles(ctx));
    await step('announcements, events, library', () => seedAnnouncementsEventsLibrary(ctx));
    await step('corporate', () => seedCorporate(ctx));
    await step('stories', () => seedStories(ctx));
    await step('yearbook', () => seedYearbook(ctx));
    await step('directory', () => seedDirectoryPeople(ctx));
    await step('payment batches', () => seedPaymentBatches(ctx));
  });
  await step('vacuum analyze', () => db.execute(sql`vacuum analyze`));
  // The indexes and keys were made after the rows, the triggers were not: what they kept must
  // still be what a recount gives.
  const differences = await step('recount', () => checkTriggerKeptTables(db));
  if (differences.length)
    throw new Error(
      `The seeded day's kept counts differ from a recount: ${differences.map((d) => d.table).join(', ')}`,
    );
  const world = await step('read world', () => readWorld(db, people, now));
  console.log(step.report());
  return world;
}

/** Runs each step of the seed, noting how long it took; `report` lists them. */
function stepTimer() {
  const steps: string[] = [];
  const step = async <T>(name: string, run: () => Promise<T>): Promise<T> => {
    const started = performance.now();
    const out = await run();
    steps.push(`${name} ${((performance.now() - started) / 1000).toFixed(1)}`);
    return out;
  };
  step.report = () => `Seed steps (s): ${steps.join(', ')}`;
  return step;
}
