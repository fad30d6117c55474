import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type {
  Institution,
  InstitutionListResponse,
  Landlord,
  LandlordListResponse,
} from '../../../contracts/corporate';
import { activities, students } from '../../db/schema';
import { accessMatrix, expectAccess, staffOnly } from '../../testing/access-matrix';
import { csvDownloadLines, errorOf, json, makeStudent, UNKNOWN_ID } from '../../testing/factories';
import { fileTestRequests } from '../../testing/test-file';

const { t, send } = fileTestRequests({
  signIn: ['ADM001', 'DPM001', 'PO001', 'PO002'],
  clockAt: new Date('2026-03-16T08:00:00Z'),
});

let serial = 0;
const landlordBody = (fields: Record<string, unknown> = {}) => ({
  name: `Mwape Banda ${++serial}`,
  boarding_house_name: 'Chilenje Boarding House',
  ...fields,
});
const addLandlord = async (fields: Record<string, unknown> = {}, as = 'PO001') => {
  const res = await send(as, 'POST', '/api/landlords', landlordBody(fields));
  expect(res.status, await res.clone().text()).toBe(201);
  return json<Landlord>(res);
};
const addInstitution = async (fields: Record<string, unknown> = {}) => {
  const res = await send('PO001', 'POST', '/api/institutions', {
    liaison_name: 'Grace Phiri',
    institution_name: `Evelyn Hone College ${++serial}`,
    ...fields,
  });
  expect(res.status, await res.clone().text()).toBe(201);
  return json<Institution>(res);
};

describe('who reaches Corporate Collaborations', () => {
  it('staff only, for every route of both kinds (D11)', async () => {
    const routes = ['landlords', 'institutions'].flatMap((kind) => [
      { route: `GET /api/${kind}`, statuses: staffOnly(200) },
      { route: `GET /api/${kind}/export.csv`, statuses: staffOnly(200) },
      { route: `GET /api/${kind}/${UNKNOWN_ID}`, statuses: staffOnly(404) },
      { route: `GET /api/${kind}/${UNKNOWN_ID}/history`, statuses: staffOnly(404) },
      { route: `PUT /api/${kind}/${UNKNOWN_ID}`, body: {}, statuses: staffOnly(400) },
      { route: `DELETE /api/${kind}/${UNKNOWN_ID}`, statuses: staffOnly(404) },
      { route: `POST /api/${kind}`, body: {}, statuses: staffOnly(400) },
    ]);
    await expectAccess(t, accessMatrix(routes));
  });

  it('answers 404 for an id that is no uuid, never a database error', async () => {
    for (const method of ['GET', 'DELETE'])
      expect((await send('PO001', method, '/api/landlords/not-an-id')).status).toBe(404);
    const put = await send('PO001', 'PUT', '/api/institutions/42', {
      liaison_name: 'A',
      institution_name: 'B',
    });
    expect(put.status).toBe(404);
  });
});

describe('landlords: what the server accepts and stores', () => {
  it('stores phones in E.164, blanks as null, and keeps the dates itself', async () => {
    const res = await send('PO001', 'POST', '/api/landlords', {
      ...landlordBody(),
      cell_line: '+260 97 1234567',
      landline: '(0211) 234 567',
      email: ' Banda@Mail.Example ',
      address: '   ',
      geolocation: '-15.4167, 28.2833',
      total_students: 12,
      lease_agreement_signed: true,
      comments: '',
      created_at: '2001-01-01T00:00:00Z',
    });
    expect(res.status).toBe(201);
    const landlord = await json<Landlord>(res);
    expect(landlord).toMatchObject({
      cell_line: '+260971234567',
      landline: '+260211234567',
      email: 'banda@mail.example',
      address: null,
      comments: null,
      total_students: 12,
      lease_agreement_signed: true,
      map_url: 'https://www.google.com/maps?q=-15.4167,28.2833',
      linked_students: 0,
      created_at: '2026-03-16T08:00:00.000Z',
      updated_at: '2026-03-16T08:00:00.000Z',
    });
    expect((await addLandlord({ cell_line: '0971234567' })).cell_line).toBe('+260971234567');
  });

  it('refuses each bad field with its message, and writes nothing', async () => {
    const before = (await json<LandlordListResponse>(await send('ADM001', 'GET', '/api/landlords'))).total;
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ name: ' ' }, 'name', 'Name of Landlord is required'],
      [{ boarding_house_name: undefined }, 'boarding_house_name', 'Name of Boarding House is required'],
      [{ email: 'not-an-email' }, 'email', 'Enter a valid email address'],
      [{ cell_line: '97 12' }, 'cell_line', 'Enter a phone number such as +260 97 1234567 or 0971234567'],
      [
        { landline: '=HYPERLINK()' },
        'landline',
        'Enter a phone number such as +260 97 1234567 or 0971234567',
      ],
      [{ total_students: -1 }, 'total_students', 'Total students must be a whole number of 0 or more'],
      [{ total_students: 2.5 }, 'total_students', 'Total students must be a whole number of 0 or more'],
      [{ total_students: '7' }, 'total_students', 'Total students must be a whole number of 0 or more'],
      [
        { lease_agreement_signed: 'yes' },
        'lease_agreement_signed',
        'Lease agreement signed must be true or false',
      ],
    ];
    for (const [fields, field, message] of cases) {
      const res = await send('PO001', 'POST', '/api/landlords', landlordBody(fields));
      expect(res.status, field).toBe(400);
      expect((await errorOf(res)).fields?.[field], field).toBe(message);
    }
    const after = (await json<LandlordListResponse>(await send('ADM001', 'GET', '/api/landlords'))).total;
    expect(after).toBe(before);
  });

  it('updates every field of the form, records before and after, and answers 404 for an unknown one', async () => {
    const landlord = await addLandlord({ total_students: 3 });
    t.clock.advance(60_000);
    const res = await send('DPM001', 'PUT', `/api/landlords/${landlord.id}`, {
      name: landlord.name,
      boarding_house_name: 'Kabwata Lodge',
      total_students: 5,
      lease_agreement_signed: true,
      geolocation: 'https://maps.app.goo.gl/xyz',
    });
    expect(res.status).toBe(200);
    const updated = await json<Landlord>(res);
    expect(updated).toMatchObject({
      boarding_house_name: 'Kabwata Lodge',
      total_students: 5,
      lease_agreement_signed: true,
      map_url: 'https://maps.app.goo.gl/xyz',
      created_at: landlord.created_at,
      updated_at: '2026-03-16T08:01:00.000Z',
    });
    const [entry] = await t.deps.db
      .select()
      .from(activities)
      .where(and(eq(activities.entityId, landlord.id), eq(activities.action, 'landlord.updated')));
    expect(entry!.changes).toEqual({
      boarding_house_name: { before: 'Chilenje Boarding House', after: 'Kabwata Lodge' },
      total_students: { before: 3, after: 5 },
      lease_agreement_signed: { before: false, after: true },
      geolocation: { before: null, after: 'https://maps.app.goo.gl/xyz' },
    });
    const history = await json<{ items: Array<{ action: string }> }>(
      await send('PO002', 'GET', `/api/landlords/${landlord.id}/history`),
    );
    expect(history.items.map((i) => i.action)).toEqual(['landlord.created', 'landlord.updated']);
    const unknown = await send(
      'DPM001',
      'PUT',
      '/api/landlords/00000000-0000-4000-8000-000000000000',
      landlordBody(),
    );
    expect(unknown.status).toBe(404);
    expect((await errorOf(unknown)).error).toBe('Landlord not found');
  });
});

describe('the lists', () => {
  it('search (D17), the signed filters, newest first, and paging', async () => {
    const tag = `Zq${++serial}`;
    const a = await addLandlord({ name: `Alpha ${tag}`, lease_agreement_signed: true });
    t.clock.advance(1000);
    const b = await addLandlord({ name: `Beta ${tag}`, address: `Plot 12, ${tag} Road` });
    const list = async (query: string) =>
      (await json<LandlordListResponse>(await send('PO002', 'GET', `/api/landlords?${query}`))).items.map(
        (l) => l.id,
      );
    expect(await list(`q=${tag}`)).toEqual([b.id, a.id]);
    expect(await list(`q=${tag}&lease_signed=true`)).toEqual([a.id]);
    expect(await list(`q=${tag}&lease_signed=false`)).toEqual([b.id]);
    expect(await list(`q=${tag}&pageSize=1&page=2`)).toEqual([a.id]);
    expect(await list(`q=${tag.slice(0, 2)}`)).toEqual(expect.arrayContaining([a.id, b.id]));
    // Two characters match the start of a word only.
    expect(await list(`q=${tag.slice(1, 3)}`)).not.toContain(a.id);
    const bad = await send('PO002', 'GET', '/api/landlords?lease_signed=maybe');
    expect(bad.status).toBe(400);
    expect(JSON.stringify(await bad.json())).toContain('lease_signed must be true or false');

    const college = await addInstitution({ mou_signed: true, department: `Nursing ${tag}` });
    const institutions = await json<InstitutionListResponse>(
      await send('DPM001', 'GET', `/api/institutions?q=${tag}&mou_signed=true`),
    );
    expect(institutions.items.map((i) => i.id)).toEqual([college.id]);
    expect(institutions.total).toBe(1);
  });

  it('exports what the search and filter match, formula-safe', async () => {
    const tag = `Export${++serial}`;
    await addLandlord({ name: `Export ${tag}`, comments: '=1+2', total_students: 4 });
    await addLandlord({ name: `Other ${tag}`, lease_agreement_signed: true });
    const lines = await csvDownloadLines(
      await send('ADM001', 'GET', `/api/landlords/export.csv?q=${tag}&lease_signed=false`),
      'landlords.csv',
    );
    expect(lines[0]).toBe(
      'id,name,boarding_house_name,cell_line,landline,address,email,geolocation,total_students,lease_agreement_signed,comments,created_at,updated_at',
    );
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(`Export ${tag}`);
    expect(lines[1]).toContain(",4,false,'=1+2,");
    const institutions = await csvDownloadLines(
      await send('ADM001', 'GET', '/api/institutions/export.csv'),
      'institutions.csv',
    );
    expect(institutions[0]!.startsWith('id,institution_name,department,liaison_name')).toBe(true);
  });
});

describe('students linked to a partner', () => {
  it('are counted within the viewer’s scope, and stop a deletion until they move', async () => {
    const landlord = await addLandlord();
    const mine = await makeStudent(t, { name: 'Linked Mine', officer: 'PO001' });
    const theirs = await makeStudent(t, { name: 'Linked Theirs', officer: 'PO002' });
    await t.deps.db.update(students).set({ landlordId: landlord.id }).where(eq(students.id, mine.id));
    await t.deps.db.update(students).set({ landlordId: landlord.id }).where(eq(students.id, theirs.id));

    const seenBy = async (as: string) =>
      (await json<Landlord>(await send(as, 'GET', `/api/landlords/${landlord.id}`))).linked_students;
    expect(await seenBy('PO001')).toBe(1);
    expect(await seenBy('PO002')).toBe(1);
    expect(await seenBy('DPM001')).toBe(2);

    const refused = await send('PO001', 'DELETE', `/api/landlords/${landlord.id}`);
    expect(refused.status).toBe(409);
    expect((await errorOf(refused)).error).toBe(
      'This landlord houses 2 students. Move them to another landlord first.',
    );
    expect((await send('PO001', 'GET', `/api/landlords/${landlord.id}`)).status).toBe(200);

    await t.deps.db.update(students).set({ landlordId: null }).where(eq(students.landlordId, landlord.id));
    expect((await send('PO001', 'DELETE', `/api/landlords/${landlord.id}`)).status).toBe(204);
    expect((await send('PO001', 'GET', `/api/landlords/${landlord.id}`)).status).toBe(404);
    const [entry] = await t.deps.db
      .select()
      .from(activities)
      .where(and(eq(activities.entityId, landlord.id), eq(activities.action, 'landlord.deleted')));
    expect(entry!.summary).toBe(`Bupe Tembo deleted ${landlord.name} (Chilenje Boarding House)`);
  });

  it('an institution with a student is refused the same way', async () => {
    const college = await addInstitution();
    const student = await makeStudent(t, { name: 'Studies There', officer: 'PO002' });
    await t.deps.db.update(students).set({ institutionId: college.id }).where(eq(students.id, student.id));
    expect(
      (await json<Institution>(await send('PO001', 'GET', `/api/institutions/${college.id}`)))
        .linked_students,
    ).toBe(0);
    const refused = await send('ADM001', 'DELETE', `/api/institutions/${college.id}`);
    expect(refused.status).toBe(409);
    expect((await errorOf(refused)).error).toBe(
      '1 student studies at this institution. Move that student to another institution first.',
    );
  });
});

describe('linking students through the student API', () => {
  it('sets, lists by and clears a student’s landlord and institution, refusing one that does not exist', async () => {
    const landlord = await addLandlord();
    const college = await addInstitution();
    const created = await send('PO001', 'POST', '/api/students', {
      first_name: 'Linked',
      last_name: `Through${++serial}`,
      landlord_id: landlord.id,
      institution_id: college.id,
    });
    expect(created.status).toBe(201);
    const student = await json<{ id: string; landlord_id: string; institution_id: string }>(created);
    expect(student).toMatchObject({ landlord_id: landlord.id, institution_id: college.id });
    const other = await makeStudent(t, { name: 'Other Officer', officer: 'PO002' });
    await send('PO002', 'PUT', `/api/students/${other.id}`, { landlord_id: landlord.id });

    const listed = async (as: string, query: string) =>
      (
        await json<{ items: Array<{ id: string }>; counts: { all: number } }>(
          await send(as, 'GET', `/api/students?${query}`),
        )
      ).items.map((s) => s.id);
    expect(await listed('PO001', `landlord_id=${landlord.id}`)).toEqual([student.id]);
    expect(await listed('PO002', `landlord_id=${landlord.id}`)).toEqual([other.id]);
    expect((await listed('DPM001', `landlord_id=${landlord.id}`)).sort()).toEqual(
      [student.id, other.id].sort(),
    );
    expect(await listed('DPM001', `institution_id=${college.id}`)).toEqual([student.id]);
    const bad = await send('DPM001', 'GET', '/api/students?landlord_id=nope');
    expect(bad.status).toBe(400);

    const unknown = await send('PO001', 'PUT', `/api/students/${student.id}`, {
      landlord_id: '00000000-0000-4000-8000-000000000000',
    });
    expect(unknown.status).toBe(409);
    expect((await errorOf(unknown)).error).toBe(
      'The landlord chosen is not one of the landlords in Corporate Collaborations.',
    );
    const cleared = await send('PO001', 'PUT', `/api/students/${student.id}`, { landlord_id: '' });
    expect(await json(cleared)).toMatchObject({ landlord_id: null, institution_id: college.id });
    expect(
      (await json<Landlord>(await send('DPM001', 'GET', `/api/landlords/${landlord.id}`))).linked_students,
    ).toBe(1);
  });
});
