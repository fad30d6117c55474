import { randomUUID } from 'node:crypto';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Student, StudentListResponse } from '../../../contracts/students';
import { demoOfficersFrom, seedDemoStudents } from '../../db/demo-seed/students';
import { activities, allowances, students, users } from '../../db/schema';
import { accessMatrix, expectAccess, staffOnly } from '../../testing/access-matrix';
import { csvDownloadLines, makeUser } from '../../testing/factories';
import { fileTestContext } from '../../testing/test-file';

const STAFF = ['ADM001', 'DPM001', 'PO001', 'PO002'] as const;
const NON_STAFF = ['USR001', 'STU001'] as const;
const { t, tokens: token } = fileTestContext({ signIn: [...STAFF, ...NON_STAFF] });
let po1: string;
let po2: string;

beforeAll(async () => {
  const accounts = await t.deps.db.select().from(users);
  await seedDemoStudents(t.deps.db, demoOfficersFrom(accounts), t.clock.now());
  po1 = await t.userId('PO001');
  po2 = await t.userId('PO002');
});

/** A name no other test uses, so searches for it see only this test's students. */
const tag = () => `Zq${randomUUID().slice(0, 8)}`;

async function create(as: string, body: Record<string, unknown>): Promise<Student> {
  const res = await t.request('POST', '/api/students', { token: token[as], body });
  if (res.status !== 201) throw new Error(`create answered ${res.status}: ${await res.text()}`);
  return (await res.json()) as Student;
}

async function list(as: string, query = ''): Promise<StudentListResponse> {
  const res = await t.request('GET', `/api/students${query}`, { token: token[as] });
  expect(res.status).toBe(200);
  return (await res.json()) as StudentListResponse;
}

async function row(id: string) {
  const [r] = await t.deps.db.select().from(students).where(eq(students.id, id));
  return r;
}

describe('who reaches the student API', () => {
  it('answers 401 signed out and 403 for user and student accounts, before looking at the request, on every route', async () => {
    const someone = await create('PO001', { first_name: 'Access', last_name: tag() });
    const anotherOfficers = await create('PO002', { first_name: 'Access', last_name: tag() });
    await expectAccess(
      t,
      accessMatrix(
        [
          { route: 'GET /api/students', statuses: staffOnly(200) },
          // The door is checked before the request is: a caller who may not pass learns no more.
          { route: 'GET /api/students?page=0', statuses: staffOnly(400) },
          {
            route: 'POST /api/students',
            body: { first_name: 'Access', last_name: tag() },
            statuses: staffOnly(201),
          },
          { route: `GET /api/students/${someone.id}`, statuses: staffOnly(200) },
          // The demo program officer is PO001: another officer's student is not there for them.
          {
            route: `GET /api/students/${anotherOfficers.id}`,
            statuses: staffOnly({ program_officer: 404, deputy_manager: 200, admin: 200 }),
          },
          {
            route: `PUT /api/students/${someone.id}`,
            body: { community: 'Matero' },
            statuses: staffOnly(200),
          },
          { route: `DELETE /api/students/${randomUUID()}`, statuses: staffOnly(404) },
          { route: 'GET /api/students/export.csv', statuses: staffOnly(200) },
          { route: 'GET /api/students/officers', statuses: staffOnly(200) },
          // JSON instead of a file: past the door, refused for what it sends.
          { route: 'POST /api/students/import', body: {}, statuses: staffOnly(400) },
        ],
        { forbidden: "You don't have permission to access this resource. Required role: program_officer" },
      ),
    );
    expect(await row(someone.id)).toMatchObject({ firstName: 'Access', community: 'Matero' });
  });

  it('lets every staff role list, read, create, change and delete what is in their scope', async () => {
    for (const staffId of STAFF) {
      const created = await create(staffId, { first_name: 'Staff', last_name: tag() });
      expect((await t.request('GET', '/api/students', { token: token[staffId] })).status).toBe(200);
      expect((await t.request('GET', `/api/students/${created.id}`, { token: token[staffId] })).status).toBe(
        200,
      );
      const put = await t.request('PUT', `/api/students/${created.id}`, {
        token: token[staffId],
        body: { community: 'Matero' },
      });
      expect(put.status).toBe(200);
      expect((await t.request('GET', '/api/students/export.csv', { token: token[staffId] })).status).toBe(
        200,
      );
      expect((await t.request('GET', '/api/students/officers', { token: token[staffId] })).status).toBe(200);
      expect(
        (await t.request('DELETE', `/api/students/${created.id}`, { token: token[staffId] })).status,
      ).toBe(204);
      expect(await row(created.id)).toBeUndefined();
    }
  });
});

describe('GET /api/students', () => {
  it('shows a program officer only their own students, and managers everyone', async () => {
    const [all] = await t.deps.db.select({ n: students.id }).from(students).limit(1);
    expect(all).toBeDefined();
    const mine = await t.deps.db
      .select({ id: students.id })
      .from(students)
      .where(eq(students.assignedOfficerId, po1));
    const everyone = await t.deps.db.select({ id: students.id }).from(students);

    const asPo1 = await list('PO001', '?pageSize=200');
    expect(asPo1.total).toBe(mine.length);
    expect(asPo1.counts.all).toBe(mine.length);
    expect(asPo1.items.every((s) => s.assigned_officer_id === po1)).toBe(true);
    expect(asPo1.items.every((s) => s.assigned_officer_name === 'Bupe Tembo')).toBe(true);

    for (const manager of ['ADM001', 'DPM001']) {
      const res = await list(manager, '?pageSize=1');
      expect(res.total).toBe(everyone.length);
      expect(res.items).toHaveLength(1);
    }
    const asPo2 = await list('PO002', '?pageSize=200');
    expect(asPo2.items.some((s) => s.assigned_officer_id === po1)).toBe(false);
  });

  it('without a search, pages, filters and sorts exactly as a fresh query over the table does', async () => {
    await create('PO001', { first_name: 'Zed', last_name: tag(), program_level: 'diploma' });
    await create('PO001', { first_name: 'Abel', last_name: tag(), program_status: 'graduated' });
    await create('PO002', { first_name: 'Mercy', last_name: tag(), program_level: 'diploma' });
    const orders = {
      created_at_desc: [desc(students.createdAt), desc(students.id)],
      created_at_asc: [asc(students.createdAt), asc(students.id)],
      name_asc: [asc(sql`lower(${students.fullName})`), asc(students.id)],
      name_desc: [desc(sql`lower(${students.fullName})`), desc(students.id)],
    };
    const cases: Array<
      [
        string,
        { status?: string; category?: string; sort?: keyof typeof orders; page?: number; pageSize?: number },
      ]
    > = [
      ['ADM001', { pageSize: 3, page: 2 }],
      ['PO001', { status: 'enrolled', pageSize: 5 }],
      ['PO001', { category: 'diploma', sort: 'name_asc' }],
      ['DPM001', { sort: 'created_at_asc', pageSize: 4, page: 2 }],
      ['PO002', { category: 'diploma', status: 'enrolled', sort: 'name_desc' }],
    ];
    for (const [as, q] of cases) {
      const { page = 1, pageSize = 25, sort = 'created_at_desc' } = q;
      const expected = await t.deps.db
        .select({ id: students.id })
        .from(students)
        .where(
          and(
            as.startsWith('PO') ? eq(students.assignedOfficerId, await t.userId(as)) : undefined,
            q.status ? eq(students.programStatus, q.status as 'enrolled') : undefined,
            q.category ? eq(students.programLevel, q.category as 'diploma') : undefined,
          ),
        )
        .orderBy(...orders[sort])
        .limit(pageSize)
        .offset((page - 1) * pageSize);
      const params = new URLSearchParams(Object.entries(q).map(([k, v]) => [k, String(v)]));
      const got = await list(as, `?${params}`);
      expect(got.items.map((s) => s.id)).toEqual(expected.map((r) => r.id));
    }
  });

  it('searches name, email, institution and CHL number ignoring case, with LIKE wildcards taken literally, short terms from the start (D17)', async () => {
    const name = tag();
    const a = await create('PO001', {
      first_name: 'Chilufya',
      last_name: name,
      email: `${name}@mail.example`,
      institution_name: 'Copperbelt University',
      chl_number: `${name}-CHL`,
    });
    const b = await create('PO001', {
      first_name: 'Mwape',
      last_name: `${name}_x`,
      institution_name: '100% Tech',
    });
    const ids = (r: StudentListResponse) => r.items.map((s) => s.id).sort();

    expect(ids(await list('PO001', `?q=${name.toUpperCase()}`))).toEqual([a.id, b.id].sort());
    expect(ids(await list('PO001', `?q=chilufya%20${name.toLowerCase()}`))).toEqual([a.id]);
    expect(ids(await list('PO001', `?q=${name}@MAIL`))).toEqual([a.id]);
    expect(ids(await list('PO001', `?q=${name}-chl`))).toEqual([a.id]);
    expect((await list('PO001', `?q=${name}&pageSize=200`)).counts.all).toBe(2);
    // '_' and '%' are letters here, not wildcards.
    expect(ids(await list('PO001', `?q=${name}_`))).toEqual([b.id]);
    expect(ids(await list('PO001', `?q=${encodeURIComponent('100% tech')}`))).toEqual([b.id]);
    // One or two characters match only the start of a name or number (D17).
    expect((await list('PO001', `?q=${encodeURIComponent('%')}`)).items).toEqual([]);
    expect((await list('PO001', '?q=10')).items).toEqual([]);
    expect(ids(await list('PO001', '?q=mw'))).toContain(b.id);
    expect(ids(await list('PO001', '?q=wa'))).not.toContain(b.id);
    // Another officer's students never match.
    expect((await list('PO002', `?q=${name}`)).total).toBe(0);
  });

  it('filters by category and status; counts follow search and status but not category', async () => {
    const name = tag();
    await create('PO001', { first_name: 'U', last_name: name, program_level: 'university' });
    await create('PO001', {
      first_name: 'U2',
      last_name: name,
      program_level: 'university',
      program_status: 'graduated',
    });
    await create('PO001', { first_name: 'D', last_name: name, program_level: 'diploma' });
    await create('PO001', { first_name: 'L', last_name: name, program_level: 'launch_year' });

    const diploma = await list('PO001', `?q=${name}&category=diploma`);
    expect(diploma.items.map((s) => s.first_name)).toEqual(['D']);
    expect(diploma.total).toBe(1);
    expect(diploma.counts).toEqual({ all: 4, university: 2, diploma: 1, launch_year: 1 });

    const enrolledUniversity = await list('PO001', `?q=${name}&category=university&status=enrolled`);
    expect(enrolledUniversity.items.map((s) => s.first_name)).toEqual(['U']);
    expect(enrolledUniversity.counts).toEqual({ all: 3, university: 1, diploma: 1, launch_year: 1 });
  });

  it('pages and sorts, newest first by default', async () => {
    const name = tag();
    for (const first of ['Bwalya', 'Agness', 'Chola']) {
      await create('PO001', { first_name: first, last_name: name });
      t.clock.advance(60_000);
    }
    const newest = await list('PO001', `?q=${name}&pageSize=2`);
    expect(newest.items.map((s) => s.first_name)).toEqual(['Chola', 'Agness']);
    expect(newest).toMatchObject({ total: 3, page: 1, pageSize: 2 });
    const second = await list('PO001', `?q=${name}&pageSize=2&page=2`);
    expect(second.items.map((s) => s.first_name)).toEqual(['Bwalya']);
    const names = async (sort: string) =>
      (await list('PO001', `?q=${name}&sort=${sort}`)).items.map((s) => s.first_name);
    expect(await names('created_at_asc')).toEqual(['Bwalya', 'Agness', 'Chola']);
    expect(await names('name_asc')).toEqual(['Agness', 'Bwalya', 'Chola']);
    expect(await names('name_desc')).toEqual(['Chola', 'Bwalya', 'Agness']);
  });

  it('refuses bad filters with a message per parameter', async () => {
    for (const [query, field] of [
      ['?category=college', 'category'],
      ['?status=alive', 'status'],
      ['?page=0', 'page'],
      ['?pageSize=1000', 'pageSize'],
      ['?sort=age', 'sort'],
      [`?q=${'x'.repeat(101)}`, 'q'],
    ] as const) {
      const res = await t.request('GET', `/api/students${query}`, { token: token.ADM001 });
      expect(res.status, query).toBe(400);
      expect(Object.keys((await res.json()).fields)).toEqual([field]);
    }
  });
});

describe('POST /api/students', () => {
  it('creates with defaults, full name, server times, and the creator as officer', async () => {
    const name = tag();
    const created = await create('PO001', {
      first_name: '  Natasha ',
      last_name: name,
      full_name: 'ignored',
      created_at: '2000-01-01T00:00:00Z',
      age: 99,
    });
    expect(created).toMatchObject({
      first_name: 'Natasha',
      full_name: `Natasha ${name}`,
      program_level: 'university',
      program_status: 'enrolled',
      academic_standing: 'good',
      gender: 'male',
      accommodation_type: 'institution_hostel',
      laptop_plan: 'none',
      assigned_officer_id: po1,
      assigned_officer_name: 'Bupe Tembo',
      created_at: t.clock.now().toISOString(),
      updated_at: t.clock.now().toISOString(),
      age: null,
      email: null,
    });
    const [activity] = await t.deps.db.select().from(activities).where(eq(activities.entityId, created.id));
    expect(activity).toMatchObject({
      action: 'student.created',
      officerId: po1,
      actorName: 'Bupe Tembo',
      summary: `Bupe Tembo added Natasha ${name}`,
    });
  });

  it('stores a complete profile exactly', async () => {
    const body = {
      first_name: 'Chilufya',
      last_name: tag(),
      email: 'chilufya@example.org',
      contact_number: '+260971234567',
      community: 'Kanyama',
      program_level: 'diploma',
      program_status: 'suspended',
      academic_standing: 'probation',
      institution_name: 'Evelyn Hone College',
      current_program: 'Diploma in Journalism',
      overall_gpa: 2.45,
      chl_number: `CHL-${randomUUID().slice(0, 6)}`,
      gender: 'female',
      date_of_birth: '2004-06-01',
      nrc_number: `${randomUUID().slice(0, 6)}/10/1`,
      school_id_number: 'EHC/2023/1',
      profile_photo_url: 'https://photos.example.org/c.jpg',
      program_notes: 'Notes',
      guardian_full_name: 'Agness Mwape',
      guardian_community: 'Kanyama',
      guardian_contact_number: '+260961234567',
      guardian_relationship: 'Aunt',
      institution_location: 'Lusaka',
      area_of_study: 'Journalism',
      program_length: '3 years',
      start_date: '2023-01-10',
      expected_end_date: '2026-07-31',
      accommodation_type: 'boarding_house',
      accommodation_monthly_rent: '1500',
      accommodation_payment_method: 'Mobile money',
      accommodation_address: 'Plot 1, Kalundu',
      accommodation_landlord_name: 'Mr Phiri',
      accommodation_landlord_contact: '+260951234567',
      laptop_plan: 'rent_to_own',
      laptop_serial_number: 'SN-1',
      laptop_monthly_deduction: '250.5',
      laptop_inspection_date: '2023-02-01',
      laptop_submission_date: '2023-03-01',
      laptop_collection_date: '2023-04-01',
    };
    const created = await create('PO001', body);
    const fetched = (await (
      await t.request('GET', `/api/students/${created.id}`, { token: token.PO001 })
    ).json()) as Student;
    expect(fetched).toEqual(created);
    expect(fetched).toMatchObject({
      ...body,
      accommodation_monthly_rent: '1500.00',
      laptop_monthly_deduction: '250.50',
      age: 21,
    });
  });

  it('computes age on the Lusaka calendar day', async () => {
    // 22:30 UTC on the 14th is already the 15th in Lusaka: the birthday has come.
    t.clock.set(new Date('2026-03-14T22:30:00Z'));
    const created = await create('PO001', {
      first_name: 'Birthday',
      last_name: tag(),
      date_of_birth: '2008-03-15',
    });
    expect(created.age).toBe(18);
    t.clock.set(new Date('2026-03-14T21:30:00Z'));
    const res = await t.request('GET', `/api/students/${created.id}`, { token: token.PO001 });
    expect(((await res.json()) as Student).age).toBe(17);
    t.clock.set(new Date('2026-03-15T09:00:00Z'));
  });

  it('refuses bad values with a message per field and writes nothing', async () => {
    const name = tag();
    const res = await t.request('POST', '/api/students', {
      token: token.PO001,
      body: {
        first_name: ' ',
        last_name: name,
        email: 'nope',
        program_level: 'phd',
        program_status: 'asleep',
        academic_standing: 'great',
        gender: 'x',
        overall_gpa: 4.5,
        date_of_birth: '2004-02-30',
        start_date: 'yesterday',
        expected_end_date: '2026-13-01',
        accommodation_type: 'tent',
        accommodation_monthly_rent: '-5',
        laptop_plan: 'buy',
        laptop_monthly_deduction: 'abc',
        laptop_inspection_date: '1/2/2024',
        laptop_submission_date: '2024-02-31',
        laptop_collection_date: '2024-1-1',
        profile_photo_url: 'javascript:alert(1)',
        community: 'x'.repeat(121),
        assigned_officer_id: 'PO002',
      },
    });
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(Object.keys(body.fields).sort()).toEqual(
      [
        'first_name',
        'email',
        'program_level',
        'program_status',
        'academic_standing',
        'gender',
        'overall_gpa',
        'date_of_birth',
        'start_date',
        'expected_end_date',
        'accommodation_type',
        'accommodation_monthly_rent',
        'laptop_plan',
        'laptop_monthly_deduction',
        'laptop_inspection_date',
        'laptop_submission_date',
        'laptop_collection_date',
        'profile_photo_url',
        'community',
        'assigned_officer_id',
      ].sort(),
    );
    expect(body.fields.first_name).toBe('First name is required');
    expect(body.fields.email).toBe('Email must be a valid email address');
    expect((await list('ADM001', `?q=${name}`)).total).toBe(0);
  });

  it('refuses a birth date in the future and an end before the start', async () => {
    const res = await t.request('POST', '/api/students', {
      token: token.PO001,
      body: { first_name: 'A', last_name: tag(), date_of_birth: '2026-03-16' },
    });
    expect(res.status).toBe(400);
    expect((await res.json()).fields).toEqual({ date_of_birth: 'Date of birth cannot be in the future' });
    const ends = await t.request('POST', '/api/students', {
      token: token.PO001,
      body: { first_name: 'A', last_name: tag(), start_date: '2024-01-10', expected_end_date: '2023-12-01' },
    });
    expect(ends.status).toBe(400);
    expect((await ends.json()).error).toBe('Expected end date cannot be before the start date');
  });

  it('refuses a body that is not JSON or not an object', async () => {
    const res = await t.request('POST', '/api/students', { token: token.PO001, rawBody: '{nope' });
    expect(res.status).toBe(400);
    const array = await t.request('POST', '/api/students', { token: token.PO001, body: [1] });
    expect(array.status).toBe(400);
  });

  it('lets managers pick an active officer; an officer may assign only to themselves', async () => {
    const byAdmin = await create('ADM001', { first_name: 'A', last_name: tag(), assigned_officer_id: po2 });
    expect(byAdmin).toMatchObject({ assigned_officer_id: po2, assigned_officer_name: 'Mwansa Zulu' });
    const dpm = await t.userId('DPM001');
    const byDpm = await create('DPM001', { first_name: 'A', last_name: tag() });
    expect(byDpm.assigned_officer_id).toBe(dpm);
    const self = await create('PO001', { first_name: 'A', last_name: tag(), assigned_officer_id: po1 });
    expect(self.assigned_officer_id).toBe(po1);

    const name = tag();
    const other = await t.request('POST', '/api/students', {
      token: token.PO001,
      body: { first_name: 'A', last_name: name, assigned_officer_id: po2 },
    });
    expect(other.status).toBe(403);
    expect((await other.json()).error).toBe('Program officers can only assign students to themselves.');

    const inactive = await makeUser(t, 'program_officer', { isActive: false });
    for (const officerId of [await t.userId('USR001'), await t.userId('STU001'), inactive.id, randomUUID()]) {
      const res = await t.request('POST', '/api/students', {
        token: token.ADM001,
        body: { first_name: 'A', last_name: name, assigned_officer_id: officerId },
      });
      expect(res.status).toBe(400);
      expect((await res.json()).fields).toEqual({
        assigned_officer_id:
          'The assigned officer must be an active program officer, deputy manager or admin.',
      });
    }
    expect((await list('ADM001', `?q=${name}`)).total).toBe(0);
  });

  it('answers 409 for a CHL or NRC number already used, whatever the case', async () => {
    const chl = `CHL-${randomUUID().slice(0, 8)}`;
    const nrc = `${randomUUID().slice(0, 6)}/11/1`;
    await create('PO002', { first_name: 'First', last_name: tag(), chl_number: chl, nrc_number: nrc });
    const name = tag();
    const sameChl = await t.request('POST', '/api/students', {
      token: token.PO001,
      body: { first_name: 'Second', last_name: name, chl_number: chl.toLowerCase() },
    });
    expect(sameChl.status).toBe(409);
    expect((await sameChl.json()).error).toBe(
      `A student with CHL number ${chl.toLowerCase()} already exists.`,
    );
    const sameNrc = await t.request('POST', '/api/students', {
      token: token.PO001,
      body: { first_name: 'Second', last_name: name, nrc_number: nrc },
    });
    expect(sameNrc.status).toBe(409);
    expect((await sameNrc.json()).error).toBe(`A student with NRC number ${nrc} already exists.`);
    expect((await list('ADM001', `?q=${name}`)).total).toBe(0);
  });
});

describe('GET, PUT and DELETE /api/students/:id', () => {
  it("answers 404 for another officer's student on every verb, and for unknown or malformed ids", async () => {
    const theirs = await create('PO001', { first_name: 'Theirs', last_name: tag() });
    for (const [method, body] of [['GET'], ['PUT', { first_name: 'Hacked' }], ['DELETE']] as const) {
      const res = await t.request(method, `/api/students/${theirs.id}`, { token: token.PO002, body });
      expect(res.status, method).toBe(404);
      expect((await res.json()).error).toBe('Student not found');
      for (const id of [randomUUID(), 'not-a-uuid', "1' or '1'='1"]) {
        const other = await t.request(method, `/api/students/${encodeURIComponent(id)}`, {
          token: token.ADM001,
          body,
        });
        expect(other.status, `${method} ${id}`).toBe(404);
      }
    }
    expect(await row(theirs.id)).toMatchObject({ firstName: 'Theirs' });
  });

  it('changes only the fields sent, recomputes the full name, clears with null or blank', async () => {
    const created = await create('PO001', {
      first_name: 'Mwila',
      last_name: tag(),
      email: 'mwila@example.org',
      community: 'Matero',
      program_level: 'diploma',
      overall_gpa: 3.1,
    });
    t.clock.advance(120_000);
    const res = await t.request('PUT', `/api/students/${created.id}`, {
      token: token.PO001,
      body: {
        first_name: 'Mwila2',
        email: '',
        community: null,
        program_status: 'graduated',
        program_level: '',
      },
    });
    expect(res.status).toBe(200);
    const updated = (await res.json()) as Student;
    expect(updated).toMatchObject({
      first_name: 'Mwila2',
      full_name: `Mwila2 ${created.last_name}`,
      email: null,
      community: null,
      program_level: 'diploma',
      program_status: 'graduated',
      overall_gpa: 3.1,
      created_at: created.created_at,
      updated_at: t.clock.now().toISOString(),
    });
    const [activity] = await t.deps.db
      .select()
      .from(activities)
      .where(and(eq(activities.entityId, created.id), eq(activities.action, 'student.updated')));
    expect(activity?.summary).toBe(
      `Bupe Tembo updated Mwila2 ${created.last_name} (status Enrolled → Graduated)`,
    );
  });

  it('accepts the whole record sent back by the edit form', async () => {
    const created = await create('PO001', { first_name: 'Round', last_name: tag(), overall_gpa: '2.50' });
    const res = await t.request('PUT', `/api/students/${created.id}`, {
      token: token.PO001,
      body: { ...created, community: 'George' },
    });
    expect(res.status).toBe(200);
    const updated = (await res.json()) as Student;
    expect({ ...updated, updated_at: created.updated_at }).toEqual({ ...created, community: 'George' });
  });

  it('refuses bad values on update and changes nothing', async () => {
    const created = await create('PO001', {
      first_name: 'Keep',
      last_name: tag(),
      email: 'keep@example.org',
    });
    const before = await row(created.id);
    for (const body of [
      { first_name: '' },
      { email: 'bad' },
      { overall_gpa: 5 },
      { accommodation_monthly_rent: '1.234' },
      { date_of_birth: '2001-02-29' },
      { gender: 'x' },
      { profile_photo_url: 'file:///etc/passwd' },
      { expected_end_date: '1999-01-01', start_date: '2000-01-01' },
    ]) {
      const res = await t.request('PUT', `/api/students/${created.id}`, { token: token.PO001, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(Object.keys((await res.json()).fields).length).toBeGreaterThan(0);
    }
    expect(await row(created.id)).toEqual(before);
  });

  it('lets managers reassign; an officer may not hand a student away', async () => {
    const created = await create('PO001', { first_name: 'Moving', last_name: tag() });
    for (const officerId of [po2, null]) {
      const res = await t.request('PUT', `/api/students/${created.id}`, {
        token: token.PO001,
        body: { assigned_officer_id: officerId },
      });
      expect(res.status).toBe(403);
      expect((await res.json()).error).toBe('Program officers can only assign students to themselves.');
    }
    const bad = await t.request('PUT', `/api/students/${created.id}`, {
      token: token.ADM001,
      body: { assigned_officer_id: await t.userId('USR001') },
    });
    expect(bad.status).toBe(400);

    const moved = await t.request('PUT', `/api/students/${created.id}`, {
      token: token.DPM001,
      body: { assigned_officer_id: po2 },
    });
    expect(moved.status).toBe(200);
    expect(await moved.json()).toMatchObject({
      assigned_officer_id: po2,
      assigned_officer_name: 'Mwansa Zulu',
    });
    expect((await t.request('GET', `/api/students/${created.id}`, { token: token.PO001 })).status).toBe(404);
    expect((await t.request('GET', `/api/students/${created.id}`, { token: token.PO002 })).status).toBe(200);
    const notes = await t.deps.db.select().from(activities).where(eq(activities.entityId, created.id));
    expect(notes.map((n) => [n.action, n.officerId]).sort()).toEqual(
      [
        ['student.created', po1],
        ['student.reassigned', po1],
        ['student.updated', po2],
      ].sort(),
    );
  });

  it('answers 409 when a change takes a CHL or NRC number already used', async () => {
    const chl = `CHL-${randomUUID().slice(0, 8)}`;
    const nrc = `${randomUUID().slice(0, 6)}/12/1`;
    const first = await create('PO001', {
      first_name: 'A',
      last_name: tag(),
      chl_number: chl,
      nrc_number: nrc,
    });
    const second = await create('PO001', { first_name: 'B', last_name: tag() });
    const res = await t.request('PUT', `/api/students/${second.id}`, {
      token: token.PO001,
      body: { chl_number: chl.toLowerCase() },
    });
    expect(res.status).toBe(409);
    const nrcRes = await t.request('PUT', `/api/students/${second.id}`, {
      token: token.PO001,
      body: { nrc_number: nrc.toUpperCase() },
    });
    expect(nrcRes.status).toBe(409);
    // Saving a student with its own numbers is not a conflict.
    const same = await t.request('PUT', `/api/students/${first.id}`, {
      token: token.PO001,
      body: { chl_number: chl, nrc_number: nrc },
    });
    expect(same.status).toBe(200);
  });

  it('deletes, records it, and refuses while allowances exist', async () => {
    const created = await create('PO001', { first_name: 'Gone', last_name: tag() });
    expect((await t.request('DELETE', `/api/students/${created.id}`, { token: token.PO001 })).status).toBe(
      204,
    );
    expect(await row(created.id)).toBeUndefined();
    const [note] = await t.deps.db
      .select()
      .from(activities)
      .where(and(eq(activities.entityId, created.id), eq(activities.action, 'student.deleted')));
    expect(note).toMatchObject({ officerId: po1, summary: `Bupe Tembo deleted ${created.full_name}` });

    const paid = await create('PO001', { first_name: 'Paid', last_name: tag() });
    await t.deps.db.insert(allowances).values({
      studentId: paid.id,
      studentName: paid.full_name,
      month: 'March',
      monthNumber: 3,
      year: 2026,
      programLevel: 'university',
      stipend: '500.00',
      total: '500.00',
      submittedBy: 'Bupe Tembo',
    });
    const refused = await t.request('DELETE', `/api/students/${paid.id}`, { token: token.ADM001 });
    expect(refused.status).toBe(409);
    expect((await refused.json()).error).toBe(
      "This student has allowance records and cannot be deleted. Change the student's status instead.",
    );
    expect(await row(paid.id)).toBeDefined();
  });
});

describe('GET /api/students/export.csv', () => {
  it('exports the filtered, scoped list as a formula-safe attachment', async () => {
    const name = tag();
    await create('PO001', {
      first_name: '=HYPERLINK("x")',
      last_name: name,
      program_level: 'diploma',
      overall_gpa: 3.5,
    });
    await create('PO001', { first_name: 'Plain', last_name: name, program_level: 'university' });
    await create('PO002', { first_name: 'Other', last_name: name, program_level: 'diploma' });

    const res = await t.request('GET', `/api/students/export.csv?q=${name}&category=diploma`, {
      token: token.PO001,
    });
    const lines = await csvDownloadLines(res, 'students.csv');
    expect(lines[0]).toMatch(/^id,chl_number,first_name,last_name,full_name,email,/);
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(`"'=HYPERLINK(""x"")"`);
    expect(lines[1]).toContain('Bupe Tembo');
    expect(lines[1]).toContain(',3.50,');

    const all = await t.request('GET', `/api/students/export.csv?q=${name}`, { token: token.ADM001 });
    expect((await all.text()).trim().split('\r\n')).toHaveLength(4);
    const bad = await t.request('GET', '/api/students/export.csv?status=x', { token: token.ADM001 });
    expect(bad.status).toBe(400);
  });
});

describe('GET /api/students/officers', () => {
  it('lists active program officers, deputy managers and admins by name', async () => {
    await makeUser(t, 'program_officer', { staffId: 'OLDPO', name: 'Aaron Old', isActive: false });
    const res = await t.request('GET', '/api/students/officers', { token: token.PO001 });
    expect(res.status).toBe(200);
    const officers = (await res.json()) as Array<{ name: string; staff_id: string; role: string }>;
    expect(officers.map((o) => [o.staff_id, o.role])).toEqual(
      expect.arrayContaining([
        ['ADM001', 'admin'],
        ['DPM001', 'deputy_manager'],
        ['PO001', 'program_officer'],
        ['PO002', 'program_officer'],
      ]),
    );
    expect(officers.some((o) => ['USR001', 'STU001', 'OLDPO'].includes(o.staff_id))).toBe(false);
    const names = officers.map((o) => o.name);
    expect(names).toEqual([...names].sort());
  });
});

describe('OpenAPI', () => {
  it('documents every student route', async () => {
    const doc = await (await t.request('GET', '/api/openapi.json')).json();
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/api/students',
        '/api/students/{id}',
        '/api/students/import',
        '/api/students/export.csv',
        '/api/students/officers',
        '/api/dashboard',
      ]),
    );
    expect(Object.keys(doc.paths['/api/students/{id}'])).toEqual(['get', 'put', 'delete']);
    expect(doc.components.schemas.Student.properties).toHaveProperty('assigned_officer_name');
  });
});
