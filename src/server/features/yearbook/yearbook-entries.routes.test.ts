import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { NotificationsResponse } from '../../../contracts/notifications';
import type {
  Entry,
  EntryListResponse,
  Memory,
  MemoryListResponse,
  MyEntriesResponse,
  MyEntryResponse,
  Yearbook,
} from '../../../contracts/yearbook';
import { YEARBOOK_MESSAGES as M } from '../../../domain/yearbook';
import { activities, students, yearbookEntries } from '../../db/schema';
import { checkTriggerKeptTables } from '../../db/trigger-kept-check';
import { json } from '../../testing/factories';
import { fileTestContext } from '../../testing/test-file';
import { yearbookTestKit } from './yearbook-test-kit';

const { t, tokens } = fileTestContext({
  signIn: ['ADM001', 'DPM001', 'PO001', 'USR001', 'STU001'],
  clockAt: new Date('2026-06-30T22:30:00Z'),
});
const kit = () => yearbookTestKit(t, tokens);
const saved = async (res: Response) => (await json<{ entry: Entry; created: boolean }>(res)).entry;

describe("a student's own entry (Submit Entry)", () => {
  it("needs a student record whose email is the account's", async () => {
    const { send, published, errorOf } = kit();
    const book = await published();
    for (const res of [
      await send('USR001', 'GET', `/api/yearbooks/${book.id}/my-entry`),
      await send('USR001', 'PUT', `/api/yearbooks/${book.id}/my-entry`, { quote: 'Hello' }),
    ]) {
      expect(res.status).toBe(404);
      expect(await errorOf(res)).toMatchObject({
        error: M.profileNotFound,
        code: 'student_profile_not_found',
      });
    }
  });

  it('is submitted pending, goes back to pending when edited after approval, and keeps one per student', async () => {
    const { send, published, addStudent, joinClass, submitOwn } = kit();
    const book = await published();
    const student = await addStudent();
    await joinClass(book);
    const before = await json<MyEntryResponse>(
      await send('STU001', 'GET', `/api/yearbooks/${book.id}/my-entry`),
    );
    expect(before).toEqual({
      entry: null,
      student: { id: student.id, full_name: 'Natasha Banda', program: 'BSc Nursing' },
    });

    const first = await submitOwn(book.id, {
      quote: ' Ubuntu. ',
      achievements: "Dean's list",
      student_photo_url: '',
    });
    expect(first.status).toBe(201);
    const entry = await saved(first);
    expect(entry).toMatchObject({
      status: 'pending',
      quote: 'Ubuntu.',
      student_photo_url: null,
      student_name: 'Natasha Banda',
      program: 'BSc Nursing',
    });

    // Pending entries are management's to see: the yearbook shows only approved ones.
    const shown = await json<EntryListResponse>(
      await send('STU001', 'GET', `/api/yearbooks/${book.id}/entries`),
    );
    expect(shown.items.map((e) => e.id)).not.toContain(entry.id);

    const approved = await send('DPM001', 'POST', `/api/yearbook-entries/${entry.id}/approve`);
    expect(await json<Entry>(approved)).toMatchObject({ status: 'approved', approved_date: '2026-07-01' });
    const again = await submitOwn(book.id, { quote: 'Ubuntu, always.' });
    expect(again.status).toBe(200);
    expect(await saved(again)).toMatchObject({
      id: entry.id,
      status: 'pending',
      quote: 'Ubuntu, always.',
      approved_by: null,
      approved_date: null,
      achievements: null,
    });

    const trail = await t.database.db.select().from(activities).where(eq(activities.entityId, entry.id));
    expect(trail.map((a) => a.action)).toEqual([
      'yearbook_entry.submitted',
      'yearbook_entry.approved',
      'yearbook_entry.resubmitted',
    ]);
  });

  it('refuses what is too long or not a web address, and stores nothing', async () => {
    const { published, addStudent, joinClass, submitOwn, errorOf, send } = kit();
    const book = await published();
    await addStudent({ email: 'other.graduate@example.org' });
    await joinClass(book);
    for (const [body, field, message] of [
      [{ quote: 'q'.repeat(251) }, 'quote', 'Quote must be at most 250 characters'],
      [{ achievements: 'a'.repeat(501) }, 'achievements', 'Achievements must be at most 500 characters'],
      [{ student_photo_url: 'not a url' }, 'student_photo_url', M.url],
    ] as const) {
      const res = await submitOwn(book.id, body);
      expect(res.status).toBe(400);
      expect((await errorOf(res)).fields?.[field]).toBe(message);
    }
    expect(
      (await submitOwn(book.id, { quote: 'q'.repeat(250), achievements: 'a'.repeat(500) })).status,
    ).toBeLessThan(300);
    const mine = await json<MyEntryResponse>(
      await send('STU001', 'GET', `/api/yearbooks/${book.id}/my-entry`),
    );
    expect(mine.entry?.quote).toHaveLength(250);
  });

  it("goes to the student's own class only (issue 46): a draft of it too, never another class", async () => {
    const { addYearbook, published, addStudent, joinClass, submitOwn, errorOf, send } = kit();
    await addStudent();
    const otherDraft = await addYearbook({ status: 'draft' });
    const otherClass = await published();
    const ownDraft = await addYearbook({ status: 'draft' });
    await joinClass(ownDraft);
    // Another class's draft is not the student's to know of; another class's published yearbook says why.
    expect((await submitOwn(otherDraft.id, { quote: 'Hi' })).status).toBe(404);
    expect((await send('STU001', 'GET', `/api/yearbooks/${otherDraft.id}/my-entry`)).status).toBe(404);
    const refused = await submitOwn(otherClass.id, { quote: 'Hi' });
    expect(refused.status).toBe(409);
    expect((await errorOf(refused)).error).toBe(M.notYourClass(ownDraft.year));
    const entries = await t.database.db
      .select()
      .from(yearbookEntries)
      .where(eq(yearbookEntries.yearbookId, otherClass.id));
    expect(entries).toEqual([]);

    const own = await submitOwn(ownDraft.id, { quote: 'Into my own class' });
    expect(own.status).toBe(201);
    expect(await saved(own)).toMatchObject({ yearbook_id: ownDraft.id, status: 'pending' });
    const mine = await json<MyEntryResponse>(
      await send('STU001', 'GET', `/api/yearbooks/${ownDraft.id}/my-entry`),
    );
    expect(mine.entry?.quote).toBe('Into my own class');
    // The draft itself stays management's: the student reaches only their entry in it.
    expect((await send('STU001', 'GET', `/api/yearbooks/${ownDraft.id}`)).status).toBe(404);
  });

  it('has no class without an expected end date, and takes no changes in an archived yearbook', async () => {
    const { addYearbook, published, addStudent, joinClass, submitOwn, errorOf } = kit();
    await addStudent();
    const archived = await addYearbook({ status: 'archived' });
    await joinClass(archived);
    const closed = await submitOwn(archived.id, { quote: 'Late' });
    expect(closed.status).toBe(409);
    expect((await errorOf(closed)).error).toBe(M.archivedEntry);

    const book = await published();
    await t.database.db.update(students).set({ expectedEndDate: null });
    const unknown = await submitOwn(book.id, { quote: 'Which class?' });
    expect(unknown.status).toBe(409);
    expect((await errorOf(unknown)).error).toBe(M.noClassYear);
  });

  it('shows the student their class and their entries wherever they are, own class first; they edit a misplaced one', async () => {
    const { addYearbook, published, addStudent, addEntry, joinClass, submitOwn, send } = kit();
    await addStudent();
    const earlier = await published();
    const ownDraft = await addYearbook({ status: 'draft', title: 'The Road Ahead' });
    await joinClass(ownDraft);
    const myEntries = async () =>
      json<MyEntriesResponse>(await send('STU001', 'GET', '/api/yearbooks/my-entries'));
    // The account's student: the file's first record with its email.
    const student = (await myEntries()).student!;
    const misplaced = await addEntry(earlier.id, student.id, { quote: 'Placed in the wrong class' });

    const before = await myEntries();
    expect(before.student).toMatchObject({ full_name: 'Natasha Banda', class_year: ownDraft.year });
    // Own class first, then every yearbook holding an entry of theirs (earlier tests' too), newest first.
    const years = before.yearbooks.slice(1).map((y) => y.yearbook.year);
    expect(years).toEqual([...years].sort((a, b) => b - a));
    expect(before.yearbooks.slice(1).every((y) => !y.own_class && y.entry !== null)).toBe(true);
    const shown = before.yearbooks.filter((y) => [ownDraft.id, earlier.id].includes(y.yearbook.id));
    expect(shown.map((y) => [y.yearbook.year, y.own_class, y.entry?.id ?? null])).toEqual([
      [ownDraft.year, true, null],
      [earlier.year, false, misplaced.id],
    ]);
    expect(before.yearbooks[0]!.yearbook).toEqual({
      id: ownDraft.id,
      year: ownDraft.year,
      title: 'The Road Ahead',
      status: 'draft',
    });

    const edited = await submitOwn(earlier.id, { quote: 'Still mine' });
    expect(edited.status).toBe(200);
    expect(await saved(edited)).toMatchObject({ id: misplaced.id, quote: 'Still mine', status: 'pending' });
    const own = await saved(await submitOwn(ownDraft.id, { quote: 'Where I belong' }));

    // The reviewer sees, on each entry, the student's classes in other yearbooks; readers do not.
    for (const [book, other] of [
      [ownDraft, earlier],
      [earlier, ownDraft],
    ] as const) {
      const listed = await json<EntryListResponse>(
        await send('DPM001', 'GET', `/api/yearbooks/${book.id}/entries`),
      );
      const classes = listed.items.find((e) => e.student_id === student.id)?.other_classes;
      expect(classes).toContain(other.year);
      expect(classes).not.toContain(book.year);
      expect(classes).toEqual([...(classes ?? [])].sort((a, b) => a - b));
    }
    await send('DPM001', 'POST', `/api/yearbook-entries/${misplaced.id}/approve`);
    const read = await json<EntryListResponse>(
      await send('USR001', 'GET', `/api/yearbooks/${earlier.id}/entries`),
    );
    expect(read.items.find((e) => e.id === misplaced.id)).not.toHaveProperty('other_classes');
    expect(own.yearbook_id).toBe(ownDraft.id);
  });

  it('tells an account without a student record that it has none, so Submit Entry is not offered', async () => {
    const { send } = kit();
    expect(await json<MyEntriesResponse>(await send('USR001', 'GET', '/api/yearbooks/my-entries'))).toEqual({
      student: null,
      yearbooks: [],
    });
  });
});

describe("management's entries", () => {
  it('adds an approved entry from the student record, one per student (409), and needs a student', async () => {
    const { send, addYearbook, addStudent, addEntry, errorOf } = kit();
    const book = await addYearbook();
    const student = await addStudent({
      email: null,
      firstName: 'Mwila',
      lastName: 'Chanda',
      fullName: 'Mwila Chanda',
      currentProgram: 'BA Economics',
      profilePhotoUrl: 'https://photos.example.org/mwila.jpg',
    });
    const entry = await addEntry(book.id, student.id, { quote: 'Keep going' });
    expect(entry).toMatchObject({
      status: 'approved',
      approved_date: '2026-07-01',
      student_name: 'Mwila Chanda',
      program: 'BA Economics',
      student_photo_url: null,
      photo_url: 'https://photos.example.org/mwila.jpg',
    });
    expect(entry.approved_by).toBe(await t.userId('DPM001'));

    const twice = await send('ADM001', 'POST', `/api/yearbooks/${book.id}/entries`, {
      student_id: student.id,
    });
    expect(twice.status).toBe(409);
    expect((await errorOf(twice)).error).toBe(M.entryTaken);
    const none = await send('ADM001', 'POST', `/api/yearbooks/${book.id}/entries`, {});
    expect((await errorOf(none)).fields?.student_id).toBe(M.studentRequired);
    const unknown = await send('ADM001', 'POST', `/api/yearbooks/${book.id}/entries`, {
      student_id: '00000000-0000-4000-8000-000000000000',
    });
    expect(unknown.status).toBe(400);
    expect((await errorOf(unknown)).fields?.student_id).toBe(M.studentNotFound);
  });

  it('approves and rejects only pending entries (409 otherwise), and edits keep the state', async () => {
    const { send, published, addStudent, joinClass, submitOwn, errorOf } = kit();
    const book = await published();
    await addStudent({ email: 'stu001@demo.chl.org.zm'.toUpperCase() });
    await joinClass(book);
    const entry = await saved(await submitOwn(book.id, { quote: 'First' }));
    const rejected = await send('DPM001', 'POST', `/api/yearbook-entries/${entry.id}/reject`);
    expect(await json<Entry>(rejected)).toMatchObject({ status: 'rejected', approved_by: null });
    for (const decision of ['approve', 'reject']) {
      const res = await send('ADM001', 'POST', `/api/yearbook-entries/${entry.id}/${decision}`);
      expect(res.status).toBe(409);
      expect((await errorOf(res)).error).toBe(M.onlyPendingDecided);
    }
    const edited = await send('DPM001', 'PUT', `/api/yearbook-entries/${entry.id}`, {
      quote: 'Edited',
      achievements: 'Class rep',
    });
    expect(await json<Entry>(edited)).toMatchObject({
      status: 'rejected',
      quote: 'Edited',
      achievements: 'Class rep',
    });
    // A rejected student resubmits: back to review.
    expect(await saved(await submitOwn(book.id, { quote: 'Second try' }))).toMatchObject({
      status: 'pending',
    });
    expect((await send('DPM001', 'DELETE', `/api/yearbook-entries/${entry.id}`)).status).toBe(204);
    expect((await send('DPM001', 'DELETE', `/api/yearbook-entries/${entry.id}`)).status).toBe(404);
  });

  it('lists for management every entry newest first; others the approved ones by name, searched and filtered', async () => {
    const { send, published, addStudent, addEntry } = kit();
    const book = await published();
    const names = [
      ['Bwalya', 'Zulu', 'BSc Nursing'],
      ['Chanda', 'Mumba', 'BA Economics'],
      ['Abel', 'Phiri', 'BSc Nursing'],
    ];
    const entries: Entry[] = [];
    for (const [first, last, program] of names) {
      const s = await addStudent({
        email: null,
        firstName: first,
        lastName: last,
        fullName: `${first} ${last}`,
        currentProgram: program,
      });
      entries.push(await addEntry(book.id, s.id));
      t.clock.advance(1000);
    }
    await send('DPM001', 'PUT', `/api/yearbook-entries/${entries[1]!.id}`, {});
    const pendingStudent = await addStudent({
      email: null,
      firstName: 'Pending',
      lastName: 'Person',
      fullName: 'Pending Person',
    });
    const pending = await addEntry(book.id, pendingStudent.id);
    await t.database.db
      .update(yearbookEntries)
      .set({ status: 'pending' })
      .where(eq(yearbookEntries.id, pending.id));

    const forStudents = await json<EntryListResponse>(
      await send('USR001', 'GET', `/api/yearbooks/${book.id}/entries`),
    );
    expect(forStudents.items.map((e) => e.student_name)).toEqual([
      'Abel Phiri',
      'Bwalya Zulu',
      'Chanda Mumba',
    ]);
    expect(forStudents.programs).toEqual(['BA Economics', 'BSc Nursing']);
    const forManagers = await json<EntryListResponse>(
      await send('DPM001', 'GET', `/api/yearbooks/${book.id}/entries`),
    );
    expect(forManagers.items[0]!.student_name).toBe('Pending Person');
    expect(forManagers.total).toBe(4);

    const search = async (query: string) =>
      (
        await json<EntryListResponse>(
          await send('USR001', 'GET', `/api/yearbooks/${book.id}/entries?${query}`),
        )
      ).items.map((e) => e.student_name);
    expect(await search('q=ph')).toEqual(['Abel Phiri']);
    expect(await search('q=hir')).toEqual(['Abel Phiri']);
    expect(await search('q=economics')).toEqual(['Chanda Mumba']);
    expect(await search(`program=${encodeURIComponent('BSc Nursing')}`)).toEqual([
      'Abel Phiri',
      'Bwalya Zulu',
    ]);
    // A pending entry is not found by asking for it either.
    expect((await send('USR001', 'GET', `/api/yearbooks/${book.id}/entries?q=Pending`)).status).toBe(200);
    expect(await search('q=Pending')).toEqual([]);
  });

  it('offers the programs of the entries each may see, once each and in order', async () => {
    const { send, published, addStudent, addEntry } = kit();
    const book = await published();
    for (const [first, program] of [
      ['Ruth', 'Diploma in Agriculture'],
      ['Mary', 'BA Economics'],
      ['Grace', 'Diploma in Agriculture'],
      ['Esther', null],
      ['Hope', 'Certificate in Welding'],
    ] as const) {
      const s = await addStudent({
        email: null,
        firstName: first,
        fullName: `${first} Banda`,
        currentProgram: program,
      });
      await addEntry(book.id, s.id);
    }
    // Only a pending entry is in welding: management sees the program, readers do not.
    await t.database.db
      .update(yearbookEntries)
      .set({ status: 'pending' })
      .where(
        and(eq(yearbookEntries.yearbookId, book.id), eq(yearbookEntries.program, 'Certificate in Welding')),
      );
    const programsFor = async (as: string) =>
      (await json<EntryListResponse>(await send(as, 'GET', `/api/yearbooks/${book.id}/entries`))).programs;
    expect(await programsFor('DPM001')).toEqual([
      'BA Economics',
      'Certificate in Welding',
      'Diploma in Agriculture',
    ]);
    expect(await programsFor('USR001')).toEqual(['BA Economics', 'Diploma in Agriculture']);

    // The programs are a tally the triggers keep (row_tallies): a program changed and entries
    // deleted show at once, and the tally matches a recount.
    const inBook = (program: string) =>
      and(eq(yearbookEntries.yearbookId, book.id), eq(yearbookEntries.program, program));
    await t.database.db
      .update(yearbookEntries)
      .set({ program: 'BA Economics' })
      .where(inBook('Certificate in Welding'));
    expect(await programsFor('DPM001')).toEqual(['BA Economics', 'Diploma in Agriculture']);
    await t.database.db.delete(yearbookEntries).where(inBook('BA Economics'));
    expect(await programsFor('DPM001')).toEqual(['Diploma in Agriculture']);
    expect(await programsFor('USR001')).toEqual(['Diploma in Agriculture']);
    expect(await checkTriggerKeptTables(t.database.db)).toEqual([]);
  });

  it("puts entries awaiting review in management's bell, and nobody else's", async () => {
    const { send, published, addStudent, joinClass, submitOwn } = kit();
    const book = await published();
    await addStudent({ email: 'STU001@demo.chl.org.zm' });
    await joinClass(book);
    t.clock.advance(60_000); // the newest pending entry of the file
    const entry = await saved(await submitOwn(book.id, { quote: 'Bell me' }));
    const bell = async (as: string) =>
      (await json<NotificationsResponse>(await send(as, 'GET', '/api/notifications'))).groups.find(
        (g) => g.area === 'yearbook',
      );
    const group = await bell('DPM001');
    expect(group?.items[0]).toMatchObject({
      id: entry.id,
      title: 'Natasha Banda',
      href: `/yearbook-admin?tab=entries&yearbook=${book.id}`,
    });
    expect(group?.count).toBeGreaterThan(0);
    expect(await bell('ADM001')).toBeDefined();
    for (const as of ['PO001', 'USR001', 'STU001']) expect(await bell(as)).toBeUndefined();
  });
});

describe('the top bar search', () => {
  it('finds approved graduates of published classes for everyone, every entry for management', async () => {
    const { send, published, addYearbook, addStudent, addEntry } = kit();
    const open = await published();
    const draft = await addYearbook();
    const shown = await addStudent({
      email: null,
      firstName: 'Chisomo',
      lastName: 'Zimba',
      fullName: 'Chisomo Zimba',
    });
    const hidden = await addStudent({
      email: null,
      firstName: 'Chikondi',
      lastName: 'Zimba',
      fullName: 'Chikondi Zimba',
    });
    const inOpen = await addEntry(open.id, shown.id);
    const inDraft = await addEntry(draft.id, hidden.id);
    const found = async (as: string) => {
      const { groups } = await json<{
        groups: Array<{ area: string; items: Array<{ id: string; href: string }> }>;
      }>(await send(as, 'GET', '/api/search?q=zimba'));
      return groups.find((g) => g.area === 'yearbook')?.items ?? [];
    };
    const forReader = await found('USR001');
    expect(forReader.map((i) => i.id)).toEqual([inOpen.id]);
    expect(forReader[0]!.href).toBe(`/yearbook?year=${open.year}&q=Chisomo+Zimba`);
    expect((await found('DPM001')).map((i) => i.id).sort()).toEqual([inOpen.id, inDraft.id].sort());
  });
});

describe('the memory wall', () => {
  it('takes a non-blank message from any signed-in user, as themselves, newest first', async () => {
    const { send, published, errorOf } = kit();
    const book = await published();
    const blank = await send('USR001', 'POST', `/api/yearbooks/${book.id}/memories`, { message: '   ' });
    expect((await errorOf(blank)).fields?.message).toBe(M.messageRequired);
    const badPhoto = await send('USR001', 'POST', `/api/yearbooks/${book.id}/memories`, {
      message: 'Hi',
      photo_url: 'ftp://x',
    });
    expect((await errorOf(badPhoto)).fields?.photo_url).toBe(M.url);
    const first = await json<Memory>(
      await send('USR001', 'POST', `/api/yearbooks/${book.id}/memories`, {
        message: ' Graduation day! ',
        author_name: 'Someone Else',
        author_id: 'x',
      }),
    );
    expect(first).toMatchObject({
      message: 'Graduation day!',
      author_id: await t.userId('USR001'),
      photo_url: null,
    });
    t.clock.advance(1000);
    await send('STU001', 'POST', `/api/yearbooks/${book.id}/memories`, {
      message: 'Second',
      photo_url: 'https://photos.example.org/day.jpg',
    });
    const wall = await json<MemoryListResponse>(
      await send('PO001', 'GET', `/api/yearbooks/${book.id}/memories`),
    );
    expect(wall.items.map((m) => m.message)).toEqual(['Second', 'Graduation day!']);
    const counted = await json<Yearbook>(await send('PO001', 'GET', `/api/yearbooks/${book.id}`));
    expect(counted.memory_count).toBe(2);
  });
});
