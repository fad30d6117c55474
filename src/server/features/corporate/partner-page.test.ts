import { count, eq, ilike } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  type Institution,
  InstitutionListResponseSchema,
  type Landlord,
  LandlordListResponseSchema,
} from '../../../contracts/corporate';
import { institutions, landlords, students } from '../../db/schema';
import { json, makeStudent } from '../../testing/factories';
import { fileTestRequests } from '../../testing/test-file';

/*
 * The lists' items are written by PostgreSQL (partner-page.ts), one record by toDto: the two must
 * answer the same, field for field, for every kind of value and every viewer, and the list's total
 * must be what a fresh count finds, on the named first page, any other page, a filter and a search.
 */

const { t, send } = fileTestRequests({
  signIn: ['ADM001', 'DPM001', 'PO001', 'PO002'],
  clockAt: new Date('2026-03-16T08:00:00.123Z'),
});
const VIEWERS = ['ADM001', 'DPM001', 'PO001', 'PO002'];

async function add(path: string, body: Record<string, unknown>) {
  const res = await send('PO001', 'POST', path, body);
  expect(res.status, await res.clone().text()).toBe(201);
  t.clock.advance(1234);
  return json<{ id: string }>(res);
}

/** Students of PO001 and PO002 linked to the record through `link`. */
async function linkStudents(link: 'landlordId' | 'institutionId', id: string, officers: string[]) {
  for (const [i, officer] of officers.entries()) {
    const student = await makeStudent(t, { name: `Linked ${id.slice(0, 6)} ${i}`, officer });
    await t.deps.db
      .update(students)
      .set({ [link]: id })
      .where(eq(students.id, student.id));
  }
}

/** Every item of the list answers as GET /:id does for the same viewer. */
async function expectItemsAsRecords<T extends { id: string }>(as: string, path: string, items: T[]) {
  for (const item of items) expect(item).toEqual(await json<T>(await send(as, 'GET', `${path}/${item.id}`)));
}

describe('the landlords list', () => {
  it('answers each record as GET does, with its total, on every path', async () => {
    const tag = 'Qxlandlord';
    const bodies = [
      { name: `Plain ${tag}`, boarding_house_name: 'Chilenje Boarding House' },
      {
        name: `Quotes "and" \\ back\\slash — ümlaut 🙂 ${tag}`,
        boarding_house_name: 'Kabwata Lodge',
        cell_line: '0971234567',
        landline: '+260 211 234567',
        address: 'Plot 12\nLine two\t<tab>',
        email: 'banda@mail.example',
        geolocation: '-15.40, 28.2833',
        total_students: 12,
        lease_agreement_signed: true,
        comments: '=1+2',
      },
      { name: `Web ${tag}`, boarding_house_name: 'Mukuba', geolocation: 'https://Maps.Example.com' },
      { name: `Words ${tag}`, boarding_house_name: 'Unity', geolocation: 'near the market' },
      {
        name: `Far ${tag}`,
        boarding_house_name: 'Hilltop',
        geolocation: '95, 30',
        lease_agreement_signed: true,
      },
    ];
    const added: Array<{ id: string }> = [];
    for (const body of bodies) added.push(await add('/api/landlords', body));
    await linkStudents('landlordId', added[1]!.id, ['PO001', 'PO002', 'PO002']);

    for (const as of VIEWERS) {
      const list = LandlordListResponseSchema.strict().parse(
        await json(await send(as, 'GET', '/api/landlords?pageSize=200')),
      );
      const [all] = await t.deps.db.select({ n: count() }).from(landlords);
      expect(list).toMatchObject({ total: all!.n, total_capped: false, page: 1, pageSize: 200 });
      expect(list.items.slice(0, 5).map((i) => i.id)).toEqual(added.map((a) => a.id).reverse());
      await expectItemsAsRecords<Landlord>(as, '/api/landlords', list.items);
      const linked = list.items.find((i) => i.id === added[1]!.id)!.linked_students;
      expect(linked).toBe({ ADM001: 3, DPM001: 3, PO001: 1, PO002: 2 }[as]);
    }
    const mapped = LandlordListResponseSchema.parse(
      await json(await send('PO001', 'GET', `/api/landlords?q=${tag}`)),
    );
    expect(mapped.items.map((i) => i.map_url)).toEqual([
      null,
      null,
      'https://maps.example.com/',
      'https://www.google.com/maps?q=-15.4,28.2833',
      null,
    ]);
    expect(mapped.total).toBe(5);
  });

  it('pages, filters and searches as before, counting afresh', async () => {
    // A page answers the same whatever size was asked for.
    const screenSized = await json<object>(await send('DPM001', 'GET', '/api/landlords?pageSize=24'));
    const otherSized = await json<object>(await send('DPM001', 'GET', '/api/landlords?pageSize=23'));
    expect({ ...screenSized, pageSize: 23 }).toEqual(otherSized);
    const pageOfTwo = async (page: number, query = '') =>
      LandlordListResponseSchema.parse(
        await json(await send('PO002', 'GET', `/api/landlords?pageSize=2&page=${page}${query}`)),
      );
    const whole = LandlordListResponseSchema.parse(
      await json(await send('PO002', 'GET', '/api/landlords?pageSize=200')),
    );
    const pages = [await pageOfTwo(1), await pageOfTwo(2), await pageOfTwo(3)];
    expect(pages.flatMap((p) => p.items)).toEqual(whole.items.slice(0, 6));

    for (const signed of [true, false]) {
      const filtered = LandlordListResponseSchema.parse(
        await json(await send('PO002', 'GET', `/api/landlords?lease_signed=${signed}&pageSize=25`)),
      );
      const [n] = await t.deps.db
        .select({ n: count() })
        .from(landlords)
        .where(eq(landlords.leaseAgreementSigned, signed));
      expect(filtered.total).toBe(n!.n);
      expect(filtered.items.every((i) => i.lease_agreement_signed === signed)).toBe(true);
      await expectItemsAsRecords<Landlord>('PO002', '/api/landlords', filtered.items);
    }
    const searched = LandlordListResponseSchema.parse(
      await json(await send('PO002', 'GET', '/api/landlords?q=qxland&lease_signed=true&pageSize=25')),
    );
    const [n] = await t.deps.db
      .select({ n: count() })
      .from(landlords)
      .where(ilike(landlords.name, '%qxland%'));
    expect(n!.n).toBe(5);
    expect(searched.items.map((i) => i.name)).toEqual([
      expect.stringMatching(/^Far/),
      expect.stringMatching(/^Quotes/),
    ]);
    expect(searched).toMatchObject({ total: 2, total_capped: false });
    await expectItemsAsRecords<Landlord>('PO002', '/api/landlords', searched.items);
    const nothing = await json(await send('PO002', 'GET', '/api/landlords?q=nothing-like-this'));
    expect(nothing).toEqual({ items: [], total: 0, total_capped: false, page: 1, pageSize: 25 });
  });
});

describe('the institutions list', () => {
  it('answers each record as GET does, with its total, filtered or searched', async () => {
    const tag = 'Qxcollege';
    const bodies = [
      { liaison_name: 'Grace Phiri', institution_name: `Evelyn Hone ${tag}` },
      {
        liaison_name: 'Bwalya "Jr" Mulenga',
        liaison_role: 'Dean of Students',
        cell_line: '+260 97 1234567',
        institution_direct_line: '0211234567',
        institution_name: `Northern ${tag}`,
        department: 'Nursing',
        liaison_email: 'bwalya@college.example',
        institution_email: 'info@college.example',
        geolocation: '-12.8, 28.2',
        mou_signed: true,
        comments: 'Line one\nLine two',
      },
    ];
    const added: Array<{ id: string }> = [];
    for (const body of bodies) added.push(await add('/api/institutions', body));
    await linkStudents('institutionId', added[0]!.id, ['PO001', 'PO002']);

    for (const as of VIEWERS) {
      for (const query of ['pageSize=24', 'pageSize=7', `q=${tag}`, 'mou_signed=true']) {
        const list = InstitutionListResponseSchema.strict().parse(
          await json(await send(as, 'GET', `/api/institutions?${query}`)),
        );
        await expectItemsAsRecords<Institution>(as, '/api/institutions', list.items);
        const fresh = t.deps.db.select({ n: count() }).from(institutions);
        const [n] = query.startsWith('q=')
          ? await fresh.where(ilike(institutions.institutionName, `%${tag}%`))
          : query.startsWith('mou')
            ? await fresh.where(eq(institutions.mouSigned, true))
            : await fresh;
        expect(list.total, `${as} ${query}`).toBe(n!.n);
      }
    }
    const first = InstitutionListResponseSchema.parse(
      await json(await send('PO002', 'GET', `/api/institutions?q=${tag}`)),
    );
    expect(first.items.map((i) => [i.linked_students, i.map_url])).toEqual([
      [0, 'https://www.google.com/maps?q=-12.8,28.2'],
      [1, null],
    ]);
  });
});
