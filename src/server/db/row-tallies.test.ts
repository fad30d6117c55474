import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { EVENT_STATUSES } from '../../domain/events';
import { fileTestContext } from '../testing/test-file';
import { seedDemoAnnouncements } from './demo-seed/announcements';
import { seedDemoCaseWork } from './demo-seed/case-work';
import { seedDemoCorporate } from './demo-seed/corporate';
import { seedDemoEvents } from './demo-seed/events';
import { seedDemoFormsAndFiles } from './demo-seed/forms-files';
import { seedDemoStories } from './demo-seed/impact-stories';
import { seedDemoLibrary } from './demo-seed/library';
import { demoOfficersFrom, seedDemoStudents } from './demo-seed/students';
import { seedDemoYearbook } from './demo-seed/yearbook';
import { ROW_TALLIES, type TallyName, tallyByBucket, tallyCount } from './row-tallies';
import { users } from './schema';
import { checkTriggerKeptTables } from './trigger-kept-check';

/*
 * row_tallies (migration 0026) against a recount after every kind of write: the demo world's
 * inserts, changes of bucket, deletes, a student moving officer (their forms and files follow),
 * and a truncate. checkTriggerKeptTables recounts every tally with ROW_TALLIES' own definitions.
 */

const { t } = fileTestContext();
const now = new Date('2026-03-15T09:00:00Z');
const run = (query: ReturnType<typeof sql>) => t.database.db.execute(query);

beforeAll(async () => {
  await t.database.db.transaction(async (tx) => {
    const accounts = await tx.select({ id: users.id, staffId: users.staffId, name: users.name }).from(users);
    await seedDemoStudents(tx, demoOfficersFrom(accounts), now);
    await seedDemoCorporate(tx, now);
    await seedDemoYearbook(tx, now);
    await seedDemoStories(tx, now);
    await seedDemoCaseWork(tx, now);
    await seedDemoFormsAndFiles(tx, now);
    await seedDemoEvents(tx, now);
    await seedDemoLibrary(tx, now);
    await seedDemoAnnouncements(tx, now);
  });
  // What the demo world does not hold: a payment batch, memories, role requests.
  await run(
    sql`insert into payment_batches (reference, created_by) values ('PB-T-1', 'test'), ('PB-T-2', 'test')`,
  );
  await run(sql`insert into memory_wall_posts (yearbook_id, author_name, message)
                select id, 'Mwila', 'Well done' from yearbooks cross join generate_series(1, 3)`);
  await run(sql`insert into role_requests (user_id, role)
                select id, 'program_officer' from users where staff_id in ('USR001', 'STU001')`);
  await run(sql`insert into activities (entity_type, entity_id, action, summary, actor_name)
                select 'student', id, 'update', 'Changed', 'Test' from students`);
});

const tallyRows = async (tally: TallyName) =>
  (
    await run(sql`select scope::text, bucket, row_count::int as n from row_tallies
                   where tally = ${tally} and row_count <> 0 order by 1, 2`)
  ).rows;

describe('row tallies', () => {
  it('counts every table named in ROW_TALLIES as it was filled', async () => {
    expect(await checkTriggerKeptTables(t.database.db)).toEqual([]);
    for (const tally of Object.keys(ROW_TALLIES) as TallyName[])
      expect((await tallyRows(tally)).length, tally).toBeGreaterThan(0);
  });

  it('follows changes of bucket and scope, and deletes', async () => {
    await run(sql`update events set type = 'workshop' where id in (select id from events limit 2)`);
    // The events tally is by type and status (migration 0054): a status moves its event too.
    await run(sql`update events set status = 'cancelled' where id in (select id from events limit 3)`);
    await run(
      sql`update library_resources set type = 'video' where id in (select id from library_resources limit 2)`,
    );
    await run(sql`update users set role = 'deputy_manager' where staff_id = 'USR001'`);
    await run(
      sql`update role_requests set status = 'approved' where id in (select id from role_requests limit 1)`,
    );
    await run(
      sql`update impact_stories set approved = false, featured = false where id in (select id from impact_stories limit 1)`,
    );
    await run(
      sql`update yearbook_entries set status = 'rejected' where id in (select id from yearbook_entries limit 2)`,
    );
    await run(sql`update forms set status = 'completed' where status = 'draft'`);
    await run(
      sql`update announcements set is_active = false where id in (select id from announcements limit 1)`,
    );
    await run(
      sql`update announcements set expiry_date = '2030-01-01' where id in (select id from announcements where expiry_date is null limit 1)`,
    );
    await run(
      sql`update announcements set type = 'urgent', target_audience = 'staff' where id in (select id from announcements where expiry_date is null and is_active limit 1)`,
    );
    await run(
      sql`delete from landlords where id in (select id from landlords where id not in (select landlord_id from students where landlord_id is not null) limit 1)`,
    );
    await run(sql`delete from memory_wall_posts where id in (select id from memory_wall_posts limit 2)`);
    await run(sql`delete from payment_batches where reference = 'PB-T-2'`);
    expect(await checkTriggerKeptTables(t.database.db)).toEqual([]);
  });

  it("moves a student's forms and files with them to another officer, or to none", async () => {
    const [moved] = (
      await run(sql`select s.id, s.assigned_officer_id as officer from students s
                     where exists (select 1 from forms f where f.student_id = s.id)
                       and exists (select 1 from student_files sf where sf.student_id = s.id) limit 1`)
    ).rows as Array<{ id: string; officer: string }>;
    expect(moved).toBeDefined();
    await run(sql`update students set assigned_officer_id = (select id from users where staff_id = 'PO002')
                   where id = ${moved!.id}`);
    expect(await checkTriggerKeptTables(t.database.db)).toEqual([]);
    await run(sql`update students set assigned_officer_id = null where id = ${moved!.id}`);
    expect(await checkTriggerKeptTables(t.database.db)).toEqual([]);
    const forNoOfficer = await tallyRows('forms');
    expect(forNoOfficer.some((row) => row.scope === '00000000-0000-0000-0000-000000000000')).toBe(true);
  });

  it('reads a count and the tiles as a list would, equal to a fresh count', async () => {
    const [row] = (
      await run(sql`select ${tallyCount('events')} as all_events,
                           ${tallyCount('events', { buckets: EVENT_STATUSES.map((s) => `workshop,${s}`) })} as workshops,
                           ${tallyByBucket('events')} as by_type,
                           ${tallyCount('impact_stories', { buckets: ['true,false', 'true,true'] })} as approved,
                           (select count(*)::int from events) as events_counted,
                           (select count(*)::int from events where type = 'workshop') as workshops_counted,
                           (select json_object_agg(b, n)::text from (select type || ',' || status as b, count(*)::int as n from events group by 1) c) as by_type_counted,
                           (select count(*)::int from impact_stories where approved) as approved_counted`)
    ).rows as Array<Record<string, unknown>>;
    expect(row!.all_events).toBe(row!.events_counted);
    expect(row!.workshops).toBe(row!.workshops_counted);
    expect(JSON.parse(String(row!.by_type))).toEqual(JSON.parse(String(row!.by_type_counted)));
    expect(row!.approved).toBe(row!.approved_counted);
    expect(row!.workshops).toBeGreaterThanOrEqual(2);
  });

  it('empties a tally when its table is truncated', async () => {
    await run(sql`truncate memory_wall_posts`);
    expect(await tallyRows('memory_wall_posts')).toEqual([]);
    expect(await checkTriggerKeptTables(t.database.db)).toEqual([]);
  });
});
