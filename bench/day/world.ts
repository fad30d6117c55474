/**
 * What the load draws from, read back from the seeded database (bench/day/seed.ts seeds it, or
 * bench/day/cache.ts copies it): the accounts with a session each, the students, the allowances
 * waiting at each stage, the issues, events, announcements and yearbooks a request may name.
 */
import { sql } from 'drizzle-orm';
import { lusakaDate } from '../../src/domain/dates';
import type { Database } from '../../src/server/db/client';
import { type DayPeople, signInSeededPeople } from './people';

export interface DayStudent {
  id: string;
  name: string;
  chl: string;
  level: string;
  officer: number;
}

export interface DayWorld {
  people: DayPeople;
  students: DayStudent[];
  /** Allowance ids waiting at each review stage, oldest first (the load decides each one once). */
  waiting: { pending_dpm: string[]; pending_flmi: string[]; pending_pm: string[] };
  issueIds: string[];
  /** Events still open for registration. */
  openEventIds: string[];
  announcementIds: string[];
  yearbookIds: string[];
  /** The year the load submits into (no allowance there yet), and the upload's. */
  submitYear: number;
  uploadYear: number;
  /** Rows of the tables the bench prints, counted. */
  rows: Record<string, number>;
}

/** The world of a database seeded earlier (a cached copy): its accounts signed in afresh, the rest read back. */
export async function readSeededDay(db: Database): Promise<DayWorld> {
  return readWorld(db, await signInSeededPeople(db), new Date());
}

/** The tables whose rows the bench prints. */
const COUNTED_TABLES = [
  'users',
  'students',
  'allowances',
  'tasks',
  'issues',
  'forms',
  'student_files',
  'events',
  'announcements',
  'activities',
];

export async function readWorld(db: Database, people: DayPeople, now: Date): Promise<DayWorld> {
  const officerIndex = new Map(people.officers.map((o, i) => [o.id, i]));
  const students = await db.execute<{
    id: string;
    name: string;
    chl: string;
    level: string;
    officer: string;
  }>(sql`
    select id, full_name as name, chl_number as chl, program_level as level, assigned_officer_id as officer
      from students order by chl_number`);
  const waitingAt = async (stage: string) =>
    (
      await db.execute<{ id: string }>(
        sql`select id from allowances where approval_stage = ${stage} order by submitted_date, id`,
      )
    ).rows.map((r) => r.id);
  const idsOf = async (query: ReturnType<typeof sql>) =>
    (await db.execute<{ id: string }>(query)).rows.map((r) => r.id);
  // Counted, not read from pg_stat_user_tables: a database made from a template starts with no statistics.
  const counted = await db.execute<Record<string, number>>(
    sql.raw(`select ${COUNTED_TABLES.map((t) => `(select count(*) from ${t})::int as ${t}`).join(', ')}`),
  );
  const year = Number(lusakaDate(now).slice(0, 4));
  return {
    people,
    students: students.rows.map((s) => ({ ...s, officer: officerIndex.get(s.officer) ?? 0 })),
    waiting: {
      pending_dpm: await waitingAt('pending_dpm'),
      pending_flmi: await waitingAt('pending_flmi'),
      pending_pm: await waitingAt('pending_pm'),
    },
    issueIds: await idsOf(sql`select id from issues order by id`),
    openEventIds: await idsOf(sql`
      select id from events where status = 'upcoming' and registration_deadline > now() + interval '1 day'
         and max_attendees is null order by starts_at`),
    // What students and users see: the announcements for everyone, shown today.
    announcementIds: await idsOf(sql`
      select id from announcements where target_audience = 'all' and is_active
         and (expiry_date is null or expiry_date >= ${lusakaDate(now)}) order by id`),
    yearbookIds: await idsOf(sql`select id from yearbooks where status = 'published' order by id`),
    submitYear: year + 1,
    uploadYear: year + 2,
    rows: counted.rows[0]!,
  };
}
