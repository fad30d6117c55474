import type { Form } from '../../../contracts/forms';
import type { StudentFile } from '../../../contracts/student-files';
import { json, stubApi as stubApiWith } from '../../testing/api-stub';

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
    photo_ids: [],
    version: 1,
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

export { json, renderWithClient } from '../../testing/api-stub';

/**
 * Stands in for fetch: `answer` gets each call but the student picker's searches (an empty list:
 * a dialog opens with its focus in the picker). Returns the calls it answered.
 */
export const stubApi = (answer: (method: string, url: string, body: unknown) => Promise<Response>) =>
  stubApiWith(answer, (url) =>
    url.startsWith('/api/students?') ? json({ items: [], total: 0, page: 1, pageSize: 20 }) : undefined,
  );
