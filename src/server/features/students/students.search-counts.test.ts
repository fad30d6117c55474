/**
 * A search counts its matches up to 1,000 and no further (docs/product.md D17): past that the
 * list's total and each tile read "1,000+" (total_capped, counts_capped), and the pages stop at
 * the 1,000th match. A list without a search keeps its exact stored counts.
 */
import { describe, expect, it } from 'vitest';
import { type StudentListResponse, StudentListResponseSchema } from '../../../contracts/students';
import { SEARCH_COUNT_CAP } from '../../../domain/search';
import type { ProgramLevel } from '../../../domain/students';
import { insertByArrays } from '../../db/bulk-insert';
import { students } from '../../db/schema';
import { fileTestContext } from '../../testing/test-file';

const { t, tokens } = fileTestContext({ signIn: ['ADM001', 'PO001', 'PO002'] });

const list = async (as: string, query: string): Promise<StudentListResponse> => {
  const res = await t.request('GET', `/api/students?${query}`, { token: tokens[as] });
  expect(res.status).toBe(200);
  return StudentListResponseSchema.strict().parse(await res.json());
};

const EXACT = { all: false, university: false, diploma: false, launch_year: false };

let serial = 0;
const base = Date.parse('2025-01-01T00:00:00Z');
function row(
  level: ProgramLevel,
  lastName: string,
  institution: string | null,
  officerId: string | null,
): typeof students.$inferInsert {
  serial++;
  const firstName = `Pupil${serial}`;
  return {
    firstName,
    lastName,
    fullName: `${firstName} ${lastName}`,
    programLevel: level,
    institutionName: institution,
    assignedOfficerId: officerId,
    chlNumber: `CHL-2025-${String(serial).padStart(4, '0')}`,
    email: `pupil${serial}@example.org`,
    createdAt: new Date(base + serial * 1000),
  };
}

/*
 * 1,200 university students at Kafue University (600 Phiri, 600 Mwale; PO001 and PO002 turn
 * about), 1,000 diploma students at Mongu College named Mwale (PO001), 3 launch-year students
 * named Kafuewa (PO001).
 */
async function seed() {
  const po1 = await t.userId('PO001');
  const po2 = await t.userId('PO002');
  const rows = [
    ...Array.from({ length: 1200 }, (_, i) =>
      row('university', i % 2 ? 'Mwale' : 'Phiri', 'Kafue University', i % 2 ? po1 : po2),
    ),
    ...Array.from({ length: 1000 }, () => row('diploma', 'Mwale', 'Mongu College', po1)),
    ...Array.from({ length: 3 }, () => row('launch_year', 'Kafuewa', null, po1)),
  ];
  await t.database.db.transaction((tx) => insertByArrays(tx, students, rows));
}

describe('searched student counts stop at 1,000 (D17)', () => {
  it('answers "1,000+" for a search matching more, exact figures for the rest', async () => {
    await seed();

    // Without a search: the stored counts, exact.
    const all = await list('ADM001', '');
    expect(all.counts).toEqual({ all: 2203, university: 1200, diploma: 1000, launch_year: 3 });
    expect(all.counts_capped).toEqual(EXACT);
    expect(all).toMatchObject({ total: 2203, total_capped: false });

    // 'kafue' (anywhere): 1,200 university students, 3 launch-year ones, no diploma.
    const kafue = await list('ADM001', 'q=kafue');
    expect(kafue.counts).toEqual({
      all: SEARCH_COUNT_CAP,
      university: SEARCH_COUNT_CAP,
      diploma: 0,
      launch_year: 3,
    });
    expect(kafue.counts_capped).toEqual({ all: true, university: true, diploma: false, launch_year: false });
    expect(kafue).toMatchObject({ total: 1000, total_capped: true, page: 1, pageSize: 25 });
    expect(kafue.items).toHaveLength(25);

    // A category's own figure pages its list: exact when it is.
    const launch = await list('ADM001', 'q=kafue&category=launch_year');
    expect(launch).toMatchObject({ total: 3, total_capped: false });
    expect(launch.items.map((s) => s.last_name)).toEqual(['Kafuewa', 'Kafuewa', 'Kafuewa']);
    expect(await list('ADM001', 'q=kafue&category=university')).toMatchObject({
      total: 1000,
      total_capped: true,
    });
    expect(await list('ADM001', 'q=kafue&category=diploma')).toMatchObject({
      total: 0,
      total_capped: false,
      items: [],
    });
  });

  it("keeps the officer's scope: PO002 counts only their own", async () => {
    const mine = await list('PO002', 'q=kafue');
    expect(mine.counts).toEqual({ all: 600, university: 600, diploma: 0, launch_year: 0 });
    expect(mine.counts_capped).toEqual(EXACT);
    expect(mine).toMatchObject({ total: 600, total_capped: false });
    expect(mine.items.every((s) => s.assigned_officer_id === mine.items[0]!.assigned_officer_id)).toBe(true);
    const po1 = await list('PO001', 'q=kafue');
    expect(po1.counts).toEqual({ all: 603, university: 600, diploma: 0, launch_year: 3 });
  });

  it('counts exactly 1,000 as exact, and 1,001 as "1,000+"', async () => {
    const mongu = await list('ADM001', 'q=mongu');
    expect(mongu.counts).toEqual({ all: 1000, university: 0, diploma: 1000, launch_year: 0 });
    expect(mongu.counts_capped).toEqual(EXACT);
    expect(mongu).toMatchObject({ total: 1000, total_capped: false });

    const po1 = await t.userId('PO001');
    await t.database.db.insert(students).values(row('diploma', 'Banda', 'Mongu College', po1));
    const more = await list('ADM001', 'q=mongu');
    expect(more.counts).toEqual({ all: 1000, university: 0, diploma: 1000, launch_year: 0 });
    expect(more.counts_capped).toEqual({ all: true, university: false, diploma: true, launch_year: false });
    expect(more).toMatchObject({ total: 1000, total_capped: true });
  });

  it('adds exact categories up to an exact whole, even past 1,000', async () => {
    // 'mwale': 600 university + 1,000 diploma students, each category within the cap.
    const mwale = await list('ADM001', 'q=mwale');
    expect(mwale.counts).toEqual({ all: 1600, university: 600, diploma: 1000, launch_year: 0 });
    expect(mwale.counts_capped).toEqual(EXACT);
    expect(mwale).toMatchObject({ total: 1600, total_capped: false });
    // An exact total pages to its end.
    const last = await list('ADM001', 'q=mwale&page=64');
    expect(last.items).toHaveLength(25);
  });

  it('caps a one- or two-character search too (the start of a name or number)', async () => {
    // Every CHL number starts with 'ch'; no name does.
    const ch = await list('ADM001', 'q=ch');
    expect(ch.counts).toEqual({ all: 1000, university: 1000, diploma: 1000, launch_year: 3 });
    expect(ch.counts_capped).toEqual({ all: true, university: true, diploma: true, launch_year: false });
    // 'ph': the start of Phiri (600), not the middle of Pupil…
    const ph = await list('ADM001', 'q=ph');
    expect(ph.counts).toEqual({ all: 600, university: 600, diploma: 0, launch_year: 0 });
    expect(ph.counts_capped).toEqual(EXACT);
  });

  it('pages a capped search up to the 1,000th match, in order, and no further', async () => {
    const pages = await Promise.all(
      [1, 2, 40].map((page) => list('ADM001', `q=kafue&category=university&sort=name_asc&page=${page}`)),
    );
    for (const page of pages) expect(page).toMatchObject({ total: 1000, total_capped: true });
    const names = pages.flatMap((p) => p.items.map((s) => s.full_name.toLowerCase()));
    expect(names).toHaveLength(75);
    expect(names).toEqual([...names].sort());
    expect(new Set(pages.flatMap((p) => p.items.map((s) => s.id))).size).toBe(75);
    // Page 40 holds the 976th to 1,000th; page 41 would start past the cap.
    const beyond = await list('ADM001', 'q=kafue&category=university&page=41');
    expect(beyond).toMatchObject({ items: [], total: 1000, total_capped: true, page: 41 });
    // 200 a page: page 5 ends at the 1,000th.
    const big = await list('ADM001', 'q=kafue&pageSize=200&page=5');
    expect(big.items).toHaveLength(200);
    expect((await list('ADM001', 'q=kafue&pageSize=200&page=6')).items).toEqual([]);
  });
});
