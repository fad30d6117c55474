/**
 * The student list sends list items, not records (contracts/students.ts StudentListItem): the
 * fields a list shows and none of the private ones, on every road a page is read by (the newest
 * page without a search, a searched page, a partner's students), for managers and officers alike.
 * The whole record stays at GET /api/students/:id.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  STUDENT_LIST_ITEM_FIELDS,
  type Student,
  type StudentListResponse,
} from '../../../contracts/students';
import { fileTestContext } from '../../testing/test-file';

const { t, tokens } = fileTestContext({ signIn: ['ADM001', 'DPM001', 'PO001'] });

/** Never in a list item: what only the whole record may carry. */
const PRIVATE = [
  'nrc_number',
  'date_of_birth',
  'age',
  'contact_number',
  'school_id_number',
  'program_notes',
  'guardian_full_name',
  'guardian_community',
  'guardian_contact_number',
  'guardian_relationship',
  'accommodation_type',
  'accommodation_monthly_rent',
  'accommodation_payment_method',
  'accommodation_address',
  'accommodation_landlord_name',
  'accommodation_landlord_contact',
  'laptop_plan',
  'laptop_serial_number',
  'laptop_monthly_deduction',
  'laptop_inspection_date',
  'laptop_submission_date',
  'laptop_collection_date',
] as const;

async function send(as: string, method: string, path: string, body?: unknown) {
  return t.request(method, path, { token: tokens[as], body });
}

async function listText(as: string, query: string): Promise<string> {
  const res = await send(as, 'GET', `/api/students?${query}`);
  expect(res.status).toBe(200);
  return res.text();
}

describe('GET /api/students sends list items', () => {
  it('with exactly the list fields and none of the private ones, for an admin and an officer, searched or not', async () => {
    const tag = `Lx${randomUUID().slice(0, 8)}`;
    const nrc = `${randomUUID().slice(0, 6)}/10/1`;
    const landlord = await send('PO001', 'POST', '/api/landlords', {
      name: 'Private Landlord',
      boarding_house_name: `House ${tag}`,
    });
    expect(landlord.status).toBe(201);
    const landlordId = ((await landlord.json()) as { id: string }).id;
    const created = await send('PO001', 'POST', '/api/students', {
      first_name: 'Mutale',
      last_name: tag,
      email: `${tag.toLowerCase()}@mail.example`,
      chl_number: `${tag}-CHL`,
      contact_number: '+260977000111',
      nrc_number: nrc,
      date_of_birth: '2004-05-06',
      school_id_number: `SCH-${tag}`,
      program_notes: `Notes only the record holds ${tag}`,
      guardian_full_name: 'Guardian Phiri',
      guardian_contact_number: '+260966000222',
      guardian_relationship: 'Aunt',
      accommodation_type: 'boarding_house',
      accommodation_monthly_rent: '900.00',
      accommodation_address: 'Plot 12, Kabwata',
      laptop_plan: 'rent_to_own',
      laptop_serial_number: `SN-${tag}`,
      laptop_monthly_deduction: '150.00',
      landlord_id: landlordId,
      current_program: 'BSc Nursing',
      institution_name: 'University of Zambia',
    });
    expect(created.status).toBe(201);
    const record = (await created.json()) as Student;

    const pages = [
      { as: 'ADM001', query: 'pageSize=200' },
      { as: 'PO001', query: 'pageSize=200' },
      { as: 'DPM001', query: 'pageSize=200&category=university&status=enrolled&sort=name_asc' },
      { as: 'ADM001', query: `q=${tag}` },
      { as: 'PO001', query: `q=${tag.slice(0, 2)}` },
      { as: 'PO001', query: `landlord_id=${landlordId}` },
      { as: 'ADM001', query: `landlord_id=${landlordId}&q=${tag}` },
    ];
    for (const { as, query } of pages) {
      const text = await listText(as, query);
      const answer = JSON.parse(text) as StudentListResponse;
      const mine = answer.items.find((item) => item.id === record.id);
      expect(mine, `${as} ${query}`).toBeDefined();
      for (const item of answer.items) {
        expect(Object.keys(item).sort(), `${as} ${query}`).toEqual([...STUDENT_LIST_ITEM_FIELDS].sort());
        for (const field of PRIVATE) expect(item).not.toHaveProperty(field);
      }
      // The list item's values are the record's own.
      expect(mine).toEqual(Object.fromEntries(STUDENT_LIST_ITEM_FIELDS.map((f) => [f, record[f]])));
      // Not under another name either: the private values appear nowhere in the answer.
      for (const secret of [nrc, '+260977000111', '+260966000222', '2004-05-06', `SN-${tag}`, 'Aunt'])
        expect(text, `${as} ${query}`).not.toContain(secret);
    }
  });

  it('lists the fields a list shows, and the record keeps every field', async () => {
    expect([...STUDENT_LIST_ITEM_FIELDS].sort()).toEqual(
      [
        'assigned_officer_id',
        'assigned_officer_name',
        'chl_number',
        'current_program',
        'email',
        'first_name',
        'full_name',
        'id',
        'institution_name',
        'last_name',
        'profile_photo_url',
        'program_level',
        'program_status',
      ].sort(),
    );
    const created = await send('PO001', 'POST', '/api/students', {
      first_name: 'Whole',
      last_name: `Record${randomUUID().slice(0, 6)}`,
      nrc_number: `${randomUUID().slice(0, 6)}/11/1`,
      date_of_birth: '2003-01-02',
    });
    const { id } = (await created.json()) as Student;
    const res = await send('PO001', 'GET', `/api/students/${id}`);
    const full = (await res.json()) as Student;
    for (const field of PRIVATE) expect(full).toHaveProperty(field);
    expect(full).toMatchObject({ date_of_birth: '2003-01-02', age: expect.any(Number) });
  });
});
