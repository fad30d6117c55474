import { beforeAll, describe, expect, it } from 'vitest';
import type { SearchResponse } from '../../../contracts/search';
import { accessMatrix, expectAccess, signedInOnly } from '../../testing/access-matrix';
import { json, makeAllowance, makeStudent, type TestStudent } from '../../testing/factories';
import { fileTestContext } from '../../testing/test-file';

const { t, tokens } = fileTestContext({
  signIn: ['ADM001', 'DPM001', 'PO001', 'PO002', 'USR001', 'STU001'],
  clockAt: new Date('2026-03-16T08:00:00Z'),
});

const search = async (as: string, q: string) => {
  const res = await t.request('GET', `/api/search?q=${encodeURIComponent(q)}`, { token: tokens[as] });
  expect(res.status, `${as} searching ${q}`).toBe(200);
  return json<SearchResponse>(res);
};
/** The titles each area found, by area. */
const found = async (as: string, q: string) =>
  Object.fromEntries((await search(as, q)).groups.map((g) => [g.area, g.items.map((i) => i.title)]));

let mwila: TestStudent;
let allowanceId: string;

beforeAll(async () => {
  mwila = await makeStudent(t, { name: 'Mwila Chanda', officer: 'PO001', chlNumber: 'CHL-2024-017' });
  await makeStudent(t, { name: 'Bupe Mbaya', officer: 'PO002', chlNumber: 'CHL-2023-002' });
  await makeStudent(t, { name: 'Natasha Banda', officer: 'PO002' });
  allowanceId = await makeAllowance(t, mwila, { month: 'March', monthNumber: 3 });
});

describe('GET /api/search', () => {
  it('answers every signed-in account, and nobody else', async () => {
    await expectAccess(t, accessMatrix([{ route: 'GET /api/search?q=mw', statuses: signedInOnly(200) }]));
  });

  it("never shows a program officer another officer's student, by name or by number", async () => {
    for (const q of ['Mwila', 'Mwila Chanda', 'chanda', 'CHL-2024-017', '2024-017', 'Mw']) {
      expect(await found('PO002', q), q).toEqual({});
    }
    // A letter that starts their own student's number finds that student only.
    expect(await found('PO002', 'C')).toEqual({ students: ['Bupe Mbaya'] });
    // Their own officer, and managers, find the student and the student's allowances.
    for (const who of ['PO001', 'DPM001', 'ADM001']) {
      expect(await found(who, 'Mwila Chanda'), who).toEqual({
        students: ['Mwila Chanda'],
        allowances: ['Mwila Chanda · March 2026'],
      });
      expect(await found(who, 'CHL-2024-017'), who).toMatchObject({ students: ['Mwila Chanda'] });
    }
  });

  it('gives accounts without a staff role no student or allowance', async () => {
    for (const who of ['USR001', 'STU001'])
      expect(await search(who, 'Mwila')).toEqual({ q: 'Mwila', groups: [] });
  });

  it('opens each record at its own screen', async () => {
    const { groups } = await search('PO001', 'mwila');
    expect(groups.map((g) => [g.area, g.label])).toEqual([
      ['students', 'Students'],
      ['allowances', 'Allowances'],
    ]);
    expect(groups[0]!.items[0]).toEqual({
      id: mwila.id,
      title: 'Mwila Chanda',
      detail: 'CHL-2024-017 · University',
      href: `/students?open=${mwila.id}`,
    });
    expect(groups[1]!.items[0]).toEqual({
      id: allowanceId,
      title: 'Mwila Chanda · March 2026',
      detail: 'ZMW 1,000.00 · Pending Deputy Manager',
      href: `/allowances?open=${allowanceId}`,
    });
  });

  it('matches the start of a name or number with one or two characters, anywhere with three or more (D17)', async () => {
    const students = async (q: string) => (await found('DPM001', q)).students ?? [];
    expect(await students('b')).toEqual(['Bupe Mbaya', 'Natasha Banda']);
    expect(await students('ba')).toEqual(['Natasha Banda']);
    expect(await students('mb')).toEqual(['Bupe Mbaya']);
    expect(await students('ay')).toEqual([]);
    expect(await students('aya')).toEqual(['Bupe Mbaya']);
    expect(await students('CH')).toEqual(['Bupe Mbaya', 'Mwila Chanda']);
    expect(await students('023')).toEqual(['Bupe Mbaya']);
    expect(await students('ANDA')).toEqual(['Mwila Chanda', 'Natasha Banda']);
  });

  it('takes % and _ as themselves, not as patterns', async () => {
    expect(await found('ADM001', '%')).toEqual({});
    expect(await found('ADM001', '___')).toEqual({});
    expect(await found('ADM001', "' or 1=1 --")).toEqual({});
  });

  it('refuses an empty or overlong search with a message', async () => {
    for (const [q, message] of [
      ['', 'Type something to search for'],
      ['   ', 'Type something to search for'],
      ['x'.repeat(101), 'Search for at most 100 characters'],
    ] as const) {
      const res = await t.request('GET', `/api/search?q=${encodeURIComponent(q)}`, { token: tokens.PO001 });
      expect(res.status).toBe(400);
      expect(JSON.stringify(await res.json())).toContain(message);
    }
    const missing = await t.request('GET', '/api/search', { token: tokens.PO001 });
    expect(missing.status).toBe(400);
  });

  it('finds landlords and institutions for staff, opening Corporate Collaborations at them', async () => {
    const made = await t.request('POST', '/api/landlords', {
      token: tokens.PO001,
      body: { name: 'Ruth Kapembwa', boarding_house_name: 'Kapembwa Lodge', address: 'Plot 9, Kabulonga' },
    });
    expect(made.status).toBe(201);
    const { groups } = await search('PO002', 'kapembwa');
    expect(groups.map((g) => g.area)).toEqual(['landlords']);
    expect(groups[0]!.items[0]).toMatchObject({
      title: 'Ruth Kapembwa',
      detail: 'Kapembwa Lodge · Plot 9, Kabulonga',
      href: '/corporate?q=Ruth+Kapembwa&kind=landlords',
    });
    expect(await search('USR001', 'kapembwa')).toEqual({ q: 'kapembwa', groups: [] });
  });

  it('lists at most six records of an area', async () => {
    for (let i = 0; i < 8; i++) await makeStudent(t, { name: `Zebedee Phiri${i}`, officer: 'PO001' });
    expect((await found('PO001', 'zebedee')).students).toHaveLength(6);
  });
});
