import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { vi } from 'vitest';
import type { Form } from '../../../contracts/forms';
import type { StudentFile } from '../../../contracts/student-files';

/** Test helpers of this feature's component tests (not shipped: only the tests import it). */

export const STUDENT_ID = 'b6f1c3de-0000-4000-8000-000000000001';
export const FORM_ID = 'b6f1c3de-0000-4000-8000-0000000000f1';
export const OFFICER_ID = 'b6f1c3de-0000-4000-8000-0000000000a1';

export const student = {
  id: STUDENT_ID,
  full_name: 'Mwila Chanda',
  chl_number: 'CHL-001',
  program_level: 'university' as const,
  program_status: 'enrolled' as const,
  current_program: 'BSc Nursing',
};

export function makeForm(overrides: Partial<Form> = {}): Form {
  return {
    id: FORM_ID,
    type: 'care_call',
    student_id: STUDENT_ID,
    student_name: 'Mwila Chanda',
    form_date: '2026-03-16',
    fields: { person_called: 'The student', duration_minutes: 30, topics: 'Exams', wellbeing_rating: 4 },
    status: 'draft',
    author_id: OFFICER_ID,
    author_name: 'Peter Banda',
    completed_at: null,
    reviewed_by_id: null,
    reviewed_by_name: null,
    reviewed_at: null,
    review_note: null,
    file_count: 0,
    created_at: '2026-03-16T08:00:00.000Z',
    updated_at: '2026-03-16T08:00:00.000Z',
    ...overrides,
  };
}

export function makeFile(overrides: Partial<StudentFile> = {}): StudentFile {
  return {
    id: 'b6f1c3de-0000-4000-8000-0000000000c1',
    name: 'results.pdf',
    mime_type: 'application/pdf',
    size: 1536 * 1024,
    category: 'academic',
    student_id: STUDENT_ID,
    student_name: 'Mwila Chanda',
    form_id: null,
    uploaded_by_id: OFFICER_ID,
    uploaded_by_name: 'Peter Banda',
    created_at: '2026-03-16T08:00:00.000Z',
    ...overrides,
  };
}

export const json = (body: unknown, status = 200) =>
  Promise.resolve(
    new Response(body === null ? null : JSON.stringify(body), {
      status,
      headers: { 'content-type': 'application/json' },
    }),
  );

export function renderWithClient(ui: ReactNode, path = '/') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>{ui}</MemoryRouter>
    </QueryClientProvider>,
  );
}

/**
 * Stands in for fetch: `answer` gets each call but the student picker's searches (an empty list:
 * a dialog opens with its focus in the picker). Returns the mock and the calls it answered.
 */
export function stubApi(answer: (method: string, url: string, body: unknown) => Promise<Response>) {
  const seen: Array<{ method: string; url: string; body: unknown }> = [];
  const fetch = vi.fn((input: string | URL | Request, init?: RequestInit) => {
    const url = String(input);
    if (url.startsWith('/api/students?')) return json({ items: [], total: 0, page: 1, pageSize: 20 });
    const method = init?.method ?? 'GET';
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    seen.push({ method, url, body });
    return answer(method, url, body);
  });
  vi.stubGlobal('fetch', fetch);
  return seen;
}
