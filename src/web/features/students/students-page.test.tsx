// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { StudentListResponse } from '../../../contracts/students';
import { cleanAfterEach, json, renderWithClient, stubApi } from '../../testing/api-stub';
import { StudentsPage } from './students-page';

vi.mock('../../lib/session', () => ({
  useCurrentUser: () => ({ id: 'b6f1c3de-0000-4000-8000-0000000000a1', role: 'program_officer' }),
}));

cleanAfterEach();

const answer = (over: Partial<StudentListResponse>): StudentListResponse => ({
  items: [],
  total: 0,
  total_capped: false,
  page: 1,
  pageSize: 25,
  counts: { all: 0, university: 0, diploma: 0, launch_year: 0 },
  counts_capped: { all: false, university: false, diploma: false, launch_year: false },
  ...over,
});

const tile = (label: string) => {
  const tiles = screen.getByRole('region', { name: 'Categories' });
  return within(tiles).getByRole('button', { name: new RegExp(label) });
};

describe('StudentsPage tiles (D17)', () => {
  it("shows a capped count as '1,000+' and the others as they are", async () => {
    stubApi(() =>
      json(
        answer({
          total: 1000,
          total_capped: true,
          counts: { all: 1000, university: 1000, diploma: 0, launch_year: 3 },
          counts_capped: { all: true, university: true, diploma: false, launch_year: false },
        }),
      ),
    );
    renderWithClient(<StudentsPage />, '/students?q=kafue');
    await screen.findAllByText('1,000+');
    expect(tile('All Students').textContent).toBe('All Students1,000+');
    expect(tile('University').textContent).toBe('University1,000+');
    expect(tile('College/Diploma').textContent).toBe('College/Diploma0');
    expect(tile('Launch Year').textContent).toBe('Launch Year3');
  });

  it('shows exact counts without a plus, 1,000 included', async () => {
    stubApi(() =>
      json(
        answer({
          total: 1000,
          counts: { all: 1000, university: 0, diploma: 1000, launch_year: 0 },
        }),
      ),
    );
    renderWithClient(<StudentsPage />, '/students?q=mongu');
    await screen.findAllByText('1000');
    expect(tile('All Students').textContent).toBe('All Students1000');
    expect(tile('College/Diploma').textContent).toBe('College/Diploma1000');
    expect(screen.queryByText(/1,000\+/)).toBeNull();
  });
});
