import { and, eq, ne, type SQL, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  type EntryListResponse,
  EntrySchema,
  type GraduateListResponse,
  GraduateSchema,
  type MemoryListResponse,
  MemorySchema,
  type Yearbook,
  type YearbookListResponse,
} from '../../../contracts/yearbook';
import { memoryWallPosts, students, yearbookEntries, yearbooks } from '../../db/schema';
import { json, UNKNOWN_ID } from '../../testing/factories';
import {
  expectItemsAreRecords,
  expectPageOf,
  idsWhere,
  listAnswer,
  PAGE_KEYS,
} from '../../testing/list-items';
import { fileTestRequests } from '../../testing/test-file';
import { entryDto, memoryDto, selectEntries } from './yearbook-records';
import { yearbookTestKit } from './yearbook-test-kit';

/*
 * The entries, the memory wall and the graduates are written by PostgreSQL (entry-list-page.ts,
 * memory-wall.service.ts, graduates-page.ts): each item must equal the record's DTO field for field
 * and in the same order, and the totals and programs a fresh count, on every path: the named first
 * pages, other pages, searches and the program filter, for management and for a reader.
 */

const { t, tokens, send } = fileTestRequests({
  signIn: ['ADM001', 'DPM001', 'PO001', 'USR001'],
  clockAt: new Date('2026-06-30T22:30:00Z'),
});
const kit = () => yearbookTestKit(t, tokens);
const get = (as: string, path: string) => send(as, 'GET', path);

/** A published yearbook with entries of every state and field, null or not, and its wall. */
async function fillYearbook() {
  const { published, addYearbook, addStudent, addEntry, send } = kit();
  const book = await published({ theme: 'Together' });
  const draft = await addYearbook();
  const student = (first: string, last: string, fields: Partial<typeof students.$inferInsert> = {}) =>
    addStudent({ email: null, firstName: first, lastName: last, fullName: `${first} ${last}`, ...fields });
  const withPhoto = await student('Chanda', `O'Brien "CJ"`, {
    currentProgram: 'BSc Nursing',
    profilePhotoUrl: 'https://photos.example.org/chanda.jpg',
  });
  const noProgram = await student('Émile', 'Zulu', { currentProgram: null, profilePhotoUrl: null });
  const pending = await student('Abel', 'Phiri', { currentProgram: 'BA Economics' });
  const rejected = await student('Natasha', 'Mwale', { currentProgram: 'BSc Nursing' });
  const twin = await student('Chanda', `O'Brien "CJ"`, { currentProgram: 'Diploma in Agriculture' });

  const first = await addEntry(book.id, withPhoto.id, {
    quote: 'Ubuntu:\n"I am because we are"',
    achievements: "Dean's list \\ class rep",
  });
  t.clock.advance(1000);
  await addEntry(book.id, noProgram.id, { student_photo_url: 'https://photos.example.org/own.jpg' });
  t.clock.advance(1000);
  const waiting = await addEntry(book.id, pending.id);
  const refused = await addEntry(book.id, rejected.id, { quote: 'Next year' });
  const second = await addEntry(book.id, twin.id);
  await addEntry(draft.id, pending.id);
  const db = t.database.db;
  await db
    .update(yearbookEntries)
    .set({ status: 'pending', approvedBy: null, approvedDate: null })
    .where(eq(yearbookEntries.id, waiting.id));
  await db.update(yearbookEntries).set({ status: 'rejected' }).where(eq(yearbookEntries.id, refused.id));
  // Two entries of one moment and name: the id breaks the tie, in both orders.
  const [{ createdAt } = { createdAt: new Date() }] = await db
    .select({ createdAt: yearbookEntries.createdAt })
    .from(yearbookEntries)
    .where(eq(yearbookEntries.id, first.id));
  await db.update(yearbookEntries).set({ createdAt }).where(eq(yearbookEntries.id, second.id));

  for (const [as, body] of [
    ['USR001', { message: 'Graduation day!\n"Hats off"' }],
    ['PO001', { message: 'So proud', photo_url: 'https://photos.example.org/day.jpg' }],
  ] as const) {
    expect((await send(as, 'POST', `/api/yearbooks/${book.id}/memories`, body)).status).toBe(201);
    t.clock.advance(1000);
  }
  // A memory whose author's account is gone, posted at the moment of another.
  const [latest] = await db
    .select({ createdAt: memoryWallPosts.createdAt })
    .from(memoryWallPosts)
    .where(eq(memoryWallPosts.yearbookId, book.id));
  await db.insert(memoryWallPosts).values({
    yearbookId: book.id,
    authorId: null,
    authorName: 'A Former Officer',
    message: 'Well done',
    createdAt: latest!.createdAt,
  });
  return { book, draft };
}

/** Each item equals entryDto of its record, keys in the contract's order. */
/** Each entry as its record; management's also with the classes of the student's other entries. */
const expectEntriesAreRecords = (items: EntryListResponse['items'], manager: boolean) =>
  expectItemsAreRecords(
    items,
    async (item) => {
      const [row] = await selectEntries(t.database.db).where(eq(yearbookEntries.id, item.id));
      if (!manager) return entryDto(row!);
      const others = await t.database.db
        .select({ year: yearbooks.year })
        .from(yearbookEntries)
        .innerJoin(yearbooks, eq(yearbooks.id, yearbookEntries.yearbookId))
        .where(
          and(eq(yearbookEntries.studentId, row!.studentId), ne(yearbookEntries.yearbookId, row!.yearbookId)),
        )
        .orderBy(yearbooks.year);
      return { ...entryDto(row!), other_classes: others.map((o) => o.year) };
    },
    { keys: Object.keys(EntrySchema.shape).filter((k) => manager || k !== 'other_classes') },
  );

describe('the entries written by PostgreSQL', () => {
  it('answers each entry as its record, with totals and programs of a fresh count, on every path', async () => {
    const { book } = await fillYearbook();
    const inBook = sql`yearbook_id = ${book.id}`;
    const contains = (term: string) =>
      sql`(student_name ilike ${`%${term}%`} or program ilike ${`%${term}%`})`;
    const starts = (term: string) =>
      sql`(student_name ilike ${`${term}%`} or student_name ilike ${`% ${term}%`} or program ilike ${`${term}%`} or program ilike ${`% ${term}%`})`;
    for (const [as, manager] of [
      ['ADM001', true],
      ['DPM001', true],
      ['PO001', false],
      ['USR001', false],
    ] as const) {
      const seen = manager ? inBook : sql`${inBook} and status = 'approved'`;
      const order = manager ? 'created_at desc, id desc' : 'student_name asc, id asc';
      const list = (where: SQL = sql`true`) =>
        idsWhere(t, 'yearbook_entries', sql`${seen} and ${where}`, order);
      const programs = await t.database.db.execute<{ program: string }>(
        sql`select distinct program from yearbook_entries where ${seen} and program is not null order by program`,
      );
      const cases: Array<[string, string[]]> = [
        ['', await list()],
        ['page=1&pageSize=25', await list()],
        ['page=1&pageSize=200', await list()],
        ['page=2&pageSize=2', await list()],
        // Past the end by the kept total: the page is not read.
        ['page=3&pageSize=2', await list()],
        ['page=9&pageSize=25', await list()],
        ['q=nurs', await list(contains('nurs'))],
        ['q=ch', await list(starts('ch'))],
        // The start of a word of the program, as of the name (D17: 'Nursing' in 'BSc Nursing').
        ['q=nu', await list(starts('nu'))],
        ['q=zu&page=1&pageSize=25', await list(starts('zu'))],
        [`program=${encodeURIComponent('BSc Nursing')}`, await list(sql`program = 'BSc Nursing'`)],
        [
          `q=o&program=${encodeURIComponent('BSc Nursing')}`,
          await list(sql`program = 'BSc Nursing' and ${starts('o')}`),
        ],
      ];
      for (const [query, ids] of cases) {
        const label = `${as} ${query}`;
        const body = await listAnswer<EntryListResponse>(
          await get(as, `/api/yearbooks/${book.id}/entries?${query}`),
          [...PAGE_KEYS, 'programs'],
          label,
        );
        expectPageOf(body, ids, label);
        expect(body.total_capped, label).toBe(false);
        expect(body.programs, label).toEqual(programs.rows.map((r) => r.program));
        await expectEntriesAreRecords(body.items, manager);
      }
      expect(cases.every(([, ids]) => ids.length > 0)).toBe(true);
    }
    const empty = await kit().published();
    for (const as of ['DPM001', 'USR001']) {
      const body = await json<EntryListResponse>(await get(as, `/api/yearbooks/${empty.id}/entries`));
      expect(body).toMatchObject({ items: [], total: 0, total_capped: false, programs: [] });
    }
  });

  it("answers 404 as before for a yearbook that is missing, no uuid, or not the reader's to see", async () => {
    const { draft } = await fillYearbook();
    for (const list of ['entries', 'memories']) {
      for (const as of ['ADM001', 'PO001']) {
        for (const id of [UNKNOWN_ID, 'nope']) {
          const res = await get(as, `/api/yearbooks/${id}/${list}?page=1&pageSize=25`);
          expect(res.status).toBe(404);
          expect(await res.json()).toEqual({ error: 'Yearbook not found' });
        }
      }
      expect((await get('PO001', `/api/yearbooks/${draft.id}/${list}`)).status).toBe(404);
      expect((await get('USR001', `/api/yearbooks/${draft.id}/${list}?page=1&pageSize=25`)).status).toBe(404);
      expect((await get('DPM001', `/api/yearbooks/${draft.id}/${list}?page=1&pageSize=25`)).status).toBe(200);
    }
    const managers = await json<EntryListResponse>(await get('ADM001', `/api/yearbooks/${draft.id}/entries`));
    expect(managers.total).toBe(1);
    await expectEntriesAreRecords(managers.items, true);
  });
});

describe('the memory wall written by PostgreSQL', () => {
  it('answers each memory as its record, newest first, with a fresh count', async () => {
    const { book } = await fillYearbook();
    const ids = await idsWhere(
      t,
      'memory_wall_posts',
      sql`yearbook_id = ${book.id}`,
      'created_at desc, id desc',
    );
    expect(ids).toHaveLength(3);
    for (const as of ['ADM001', 'PO001']) {
      for (const query of ['', 'page=1&pageSize=25', 'page=1&pageSize=200', 'page=2&pageSize=2']) {
        const label = `${as} ${query}`;
        const body = await json<MemoryListResponse>(
          await get(as, `/api/yearbooks/${book.id}/memories?${query}`),
        );
        expect(Object.keys(body), label).toEqual(PAGE_KEYS);
        expectPageOf(body, ids, label);
        await expectItemsAreRecords(
          body.items,
          async (item) => {
            const [row] = await t.database.db
              .select()
              .from(memoryWallPosts)
              .where(eq(memoryWallPosts.id, item.id));
            return memoryDto(row!);
          },
          { keys: Object.keys(MemorySchema.shape), label: () => label },
        );
      }
    }
    const nobody = await json<MemoryListResponse>(
      await get('PO001', `/api/yearbooks/${(await kit().published()).id}/memories`),
    );
    expect(nobody).toMatchObject({ items: [], total: 0 });
  });
});

describe('the graduates written by PostgreSQL', () => {
  it('answers each graduate as their record, by name, with a fresh count, searched or not', async () => {
    const { addStudent } = kit();
    await addStudent({
      email: null,
      firstName: 'Nasilele',
      lastName: 'Banda',
      profilePhotoUrl: 'https://p.example.org/n.jpg',
    });
    await addStudent({ email: null, firstName: 'Nasilele', lastName: 'Banda', currentProgram: null });
    await addStudent({ email: null, firstName: 'Still', lastName: 'Studying', programStatus: 'enrolled' });
    const graduated = sql`program_status = 'graduated'`;
    const list = (where: SQL = sql`true`) =>
      idsWhere(t, 'students', sql`${graduated} and ${where}`, 'full_name asc, id asc');
    const cases: Array<[string, string[]]> = [
      ['', await list()],
      ['page=1&pageSize=25', await list()],
      ['page=2&pageSize=2', await list()],
      ['q=na', await list(sql`(first_name ilike 'na%' or last_name ilike 'na%')`)],
      ['q=band&page=1&pageSize=25', await list(sql`full_name ilike '%band%'`)],
    ];
    for (const [query, ids] of cases) {
      const body = await json<GraduateListResponse>(await get('DPM001', `/api/yearbooks/graduates?${query}`));
      expect(Object.keys(body), query).toEqual(PAGE_KEYS);
      expectPageOf(body, ids, query);
      expect(body.total_capped, query).toBe(false);
      await expectItemsAreRecords(
        body.items,
        async (item) => {
          const [row] = await t.database.db
            .select({
              id: students.id,
              full_name: students.fullName,
              current_program: students.currentProgram,
              profile_photo_url: students.profilePhotoUrl,
            })
            .from(students)
            .where(eq(students.id, item.id));
          return row;
        },
        { keys: Object.keys(GraduateSchema.shape), label: () => query },
      );
    }
    expect(cases.every(([, ids]) => ids.length > 1)).toBe(true);
    expect((await get('PO001', '/api/yearbooks/graduates')).status).toBe(403);
  });
});

describe('the yearbooks list', () => {
  /** Entries by state as the caller sees them and memories, counted afresh. */
  async function freshFigures(id: string, manager: boolean) {
    const db = t.database.db;
    const entries = await db
      .select({ status: yearbookEntries.status, n: sql<number>`count(*)::int` })
      .from(yearbookEntries)
      .where(eq(yearbookEntries.yearbookId, id))
      .groupBy(yearbookEntries.status);
    const of = (status: string) => entries.find((e) => e.status === status)?.n ?? 0;
    const counts = manager
      ? { approved: of('approved'), pending: of('pending'), rejected: of('rejected') }
      : { approved: of('approved'), pending: 0, rejected: 0 };
    const [memories] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(memoryWallPosts)
      .where(eq(memoryWallPosts.yearbookId, id));
    return {
      entry_counts: { total: counts.approved + counts.pending + counts.rejected, ...counts },
      memory_count: memories?.n ?? 0,
    };
  }

  it('holds each yearbook as its own answer, with the tallies equal to a fresh count, on every page', async () => {
    await fillYearbook();
    for (const [as, manager] of [
      ['DPM001', true],
      ['USR001', false],
    ] as const) {
      const seen = await t.database.db
        .select({ id: yearbooks.id })
        .from(yearbooks)
        .where(manager ? undefined : eq(yearbooks.status, 'published'));
      // The first page, full or not, pages of one and two, and a page past the end: each total counted.
      for (const [page, pageSize] of [
        [1, 12],
        [1, 1],
        [2, 2],
        [99, 2],
      ] as const) {
        const list = await json<YearbookListResponse>(
          await get(as, `/api/yearbooks?page=${page}&pageSize=${pageSize}`),
        );
        expect(list.total, `${as} ${page} ${pageSize}`).toBe(seen.length);
        expect(list.items.length).toBe(Math.max(0, Math.min(pageSize, seen.length - (page - 1) * pageSize)));
        for (const item of list.items) {
          const record = await json<Yearbook>(await get(as, `/api/yearbooks/${item.id}`));
          expect(item, `${as} ${item.year}`).toEqual(record);
          expect(Object.keys(item)).toEqual(Object.keys(record));
          expect(item).toMatchObject(await freshFigures(item.id, manager));
        }
      }
    }
  });
});
