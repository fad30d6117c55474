import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { FormListResponse } from '../../../contracts/forms';
import type { StudentFileListResponse } from '../../../contracts/student-files';
import { FORM_STATUSES, FORM_TYPES } from '../../../domain/forms';
import { FILE_CATEGORIES } from '../../../domain/student-files';
import { forms, studentFiles } from '../../db/schema';
import { json, makeStudent } from '../../testing/factories';
import { fileTestContext } from '../../testing/test-file';

/*
 * The lists' counts join the students only for an officer's scope or a search, and the forms'
 * total comes from the status tiles when the filters allow (form-list-page.ts): each
 * caller's totals and pages must be what their scope (D11) and filters hold.
 */

const { t, tokens } = fileTestContext({
  signIn: ['ADM001', 'PO001', 'PO002'],
  clockAt: new Date('2026-03-16T08:00:00Z'),
});

interface Row {
  id: string;
  officer: string;
  studentId: string;
  type: string;
  status: string;
  formDate: string;
  createdAt: Date;
  formId: string | null;
  category: string;
}
let seededForms: Row[] = [];
let seededFiles: Row[] = [];
const STAFF = ['ADM001', 'PO001', 'PO002'] as const;
const inScope = (as: string) => (r: Row) => as === 'ADM001' || r.officer === as;

beforeAll(async () => {
  const people = [
    { ...(await makeStudent(t, { name: 'Mwila Chanda', officer: 'PO001' })), officer: 'PO001' },
    { ...(await makeStudent(t, { name: 'Bwalya Mulenga', officer: 'PO001' })), officer: 'PO001' },
    { ...(await makeStudent(t, { name: 'Chanda Phiri', officer: 'PO002' })), officer: 'PO002' },
    { ...(await makeStudent(t, { name: 'Nobody Assigned' })), officer: '' },
  ];
  const at = (i: number) => new Date(Date.UTC(2026, 2, 10, 8, i % 5));
  const made = await t.database.db
    .insert(forms)
    .values(
      Array.from({ length: 23 }, (_, i) => ({
        type: FORM_TYPES[i % FORM_TYPES.length]!,
        studentId: people[i % people.length]!.id,
        formDate: `2026-03-0${1 + (i % 4)}`,
        status: FORM_STATUSES[(i >> 1) % FORM_STATUSES.length]!,
        createdAt: at(i),
      })),
    )
    .returning();
  const officerOf = (studentId: string) => people.find((p) => p.id === studentId)!.officer;
  seededForms = made.map((f) => ({ ...f, officer: officerOf(f.studentId), formId: null, category: '' }));
  const files = await t.database.db
    .insert(studentFiles)
    .values(
      Array.from({ length: 19 }, (_, i) => {
        const form = i % 3 === 0 ? made[i]! : null;
        return {
          studentId: form?.studentId ?? people[i % people.length]!.id,
          formId: form?.id ?? null,
          name: `Statement ${i}.pdf`,
          mimeType: 'application/pdf',
          size: 1_000,
          category: FILE_CATEGORIES[i % FILE_CATEGORIES.length]!,
          storageKey: randomUUID(),
          createdAt: at(i),
        };
      }),
    )
    .returning();
  seededFiles = files.map((f) => ({
    ...f,
    officer: officerOf(f.studentId),
    type: '',
    status: '',
    formDate: '',
  }));
});

const desc = (a: string | number, b: string | number) => (a < b ? 1 : a > b ? -1 : 0);

async function everyPage<T extends { id: string }>(as: string, path: string, pageSize = 4) {
  const ids: string[] = [];
  const totals = new Set<number>();
  let last: unknown;
  for (let page = 1; page <= 20; page++) {
    const res = await t.request(
      'GET',
      `${path}${path.includes('?') ? '&' : '?'}page=${page}&pageSize=${pageSize}`,
      {
        token: tokens[as],
      },
    );
    expect(res.status).toBe(200);
    const list = await json<{ items: T[]; total: number }>(res);
    totals.add(list.total);
    ids.push(...list.items.map((x) => x.id));
    last = list;
    if (list.items.length < pageSize) break;
  }
  return { ids, totals: [...totals], last };
}

describe('the forms list', () => {
  it('each caller pages through their scope, newest first, with totals and tiles of what they reach', async () => {
    const filters: Array<[string, (r: Row) => boolean]> = [
      ['', () => true],
      ['status=draft', (r) => r.status === 'draft'],
      ['status=reviewed', (r) => r.status === 'reviewed'],
      ['type=care_call', (r) => r.type === 'care_call'],
      ['type=home_visit&status=completed', (r) => r.type === 'home_visit' && r.status === 'completed'],
      ['q=mwila', (r) => r.studentId === seededForms[0]!.studentId],
    ];
    for (const as of STAFF) {
      const reached = seededForms.filter(inScope(as));
      for (const [filter, keep] of filters) {
        const expected = reached
          .filter(keep)
          .sort(
            (a, b) =>
              desc(a.formDate, b.formDate) ||
              desc(a.createdAt.getTime(), b.createdAt.getTime()) ||
              desc(a.id, b.id),
          )
          .map((r) => r.id);
        const { ids, totals, last } = await everyPage(as, `/api/forms?${filter}`);
        expect(ids, `${as} ${filter}`).toEqual(expected);
        expect(totals, `${as} ${filter}`).toEqual([expected.length]);
        const count = (status: string) => reached.filter((r) => r.status === status).length;
        expect((last as FormListResponse).counts, `${as} ${filter}`).toEqual({
          total: reached.length,
          draft: count('draft'),
          completed: count('completed'),
          reviewed: count('reviewed'),
        });
      }
    }
  });
});

describe('the student files list', () => {
  it('each caller pages through their scope, newest first, counted under every filter', async () => {
    const form = seededFiles.find((f) => f.formId)!.formId!;
    const filters: Array<[string, (r: Row) => boolean]> = [
      ['', () => true],
      ['category=financial', (r) => r.category === 'financial'],
      [`form_id=${form}`, (r) => r.formId === form],
      ['q=chanda', (r) => r.officer === 'PO002' || r.studentId === seededForms[0]!.studentId],
    ];
    for (const as of STAFF) {
      for (const [filter, keep] of filters) {
        const expected = seededFiles
          .filter(inScope(as))
          .filter(keep)
          .sort((a, b) => desc(a.createdAt.getTime(), b.createdAt.getTime()) || desc(a.id, b.id))
          .map((r) => r.id);
        const { ids, totals } = await everyPage<StudentFileListResponse['items'][number]>(
          as,
          `/api/files?${filter}`,
        );
        expect(ids, `${as} ${filter}`).toEqual(expected);
        expect(totals, `${as} ${filter}`).toEqual([expected.length]);
      }
    }
  });
});
