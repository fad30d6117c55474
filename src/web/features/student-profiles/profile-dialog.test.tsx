// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { cleanAfterEach, json, renderWithClient, stubApi } from '../../testing/api-stub';
import { fullStudent, later, listItem, OFFICER_ID, STUDENT_ID } from '../students/test-support';
import { ProfileDialog } from './profile-dialog';

vi.mock('../../lib/session', () => ({
  useCurrentUser: () => ({ id: OFFICER_ID, role: 'program_officer', name: 'Bupe Tembo' }),
}));

cleanAfterEach();

const EMPTY_PAGE = { items: [], total: 0, page: 1, pageSize: 5 };

/** The record arrives when the test says; the profile's channels, tasks, issues, forms and files are none. */
function stubRecord() {
  const record = later();
  const calls = stubApi((method, url) =>
    method === 'GET' && url === `/api/students/${STUDENT_ID}`
      ? record.promise
      : url.endsWith('/payment-channels')
        ? json({ current: [], history: [] })
        : json(EMPTY_PAGE),
  );
  return { record, reads: () => calls.filter((c) => c.url === `/api/students/${STUDENT_ID}`).length };
}

describe('ProfileDialog opened from a profile card', () => {
  it('views: the card shows at once, the sections once the whole record arrives', async () => {
    const { record, reads } = stubRecord();
    renderWithClient(<ProfileDialog state={{ mode: 'view', student: listItem }} onStateChange={() => {}} />);
    const dialog = screen.getByRole('dialog', { name: 'Student Profile' });

    expect(within(dialog).getByText('Mutale Phiri')).toBeTruthy();
    expect(within(dialog).getByText('BSc Nursing')).toBeTruthy();
    expect(within(dialog).getByText("Loading the student's details...")).toBeTruthy();
    expect(within(dialog).queryByText('Guardian')).toBeNull();
    expect(within(dialog).queryByText('123456/10/1')).toBeNull();
    expect(reads()).toBe(1);

    record.arrive(json(fullStudent));
    expect(await within(dialog).findByText('123456/10/1')).toBeTruthy();
    expect(within(dialog).getByText('Grace Phiri')).toBeTruthy();
    expect(within(dialog).getByText('Plot 12, Kabwata')).toBeTruthy();
    expect(within(dialog).getByText('ZMW 150.00')).toBeTruthy();
  });

  it('edits: no form and no Save until the record arrives, then every field from the record', async () => {
    const { record } = stubRecord();
    renderWithClient(
      <ProfileDialog state={{ mode: 'edit', student: listItem, from: 'card' }} onStateChange={() => {}} />,
    );
    const dialog = screen.getByRole('dialog', { name: 'Edit Student Profile' });
    expect(within(dialog).queryByLabelText(/NRC Number/)).toBeNull();
    const save = within(dialog).getByRole('button', { name: 'Save Changes' }) as HTMLButtonElement;
    expect(save.disabled).toBe(true);

    record.arrive(json(fullStudent));
    const nrc = (await within(dialog).findByLabelText(/NRC Number/)) as HTMLInputElement;
    expect(nrc.value).toBe('123456/10/1');
    expect((within(dialog).getByLabelText(/Guardian Contact/) as HTMLInputElement).value).toBe(
      '+260966000222',
    );
    await waitFor(() => expect(save.disabled).toBe(false));
  });
});
