// @vitest-environment jsdom
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { Announcement } from '../../../contracts/announcements';
import { ANNOUNCEMENT_MESSAGES as M } from '../../../domain/announcements';
import { lusakaDate } from '../../../domain/dates';
import { FILE_MESSAGES } from '../../../domain/student-files';
import { Toaster } from '../../components/ui';
import { cleanAfterEach } from '../../testing/api-stub';
import { stubUploads } from '../../testing/fake-xhr';
import { AnnouncementFormDialog } from './announcement-form-dialog';
import { ANNOUNCEMENT_ID, addDays, json, makeAnnouncement, renderWithClient, stubApi } from './test-support';

cleanAfterEach();

function renderForm(props: { announcement?: Announcement; onCreated?: (a: Announcement) => void } = {}) {
  const onClose = vi.fn();
  const onCreated = props.onCreated ?? vi.fn();
  renderWithClient(
    <>
      <AnnouncementFormDialog announcement={props.announcement} onCreated={onCreated} onClose={onClose} />
      <Toaster />
    </>,
  );
  const dialog = screen.getByRole('dialog', {
    name: props.announcement ? 'Edit Announcement' : 'New Announcement',
  });
  return { dialog, onClose, onCreated };
}

describe('AnnouncementFormDialog', () => {
  it("puts the server's field messages on their fields and keeps what was typed", async () => {
    stubApi(() =>
      json(
        { error: 'Check the fields', fields: { title: 'That title is taken', expiry_date: M.expiryPast } },
        400,
      ),
    );
    const { dialog } = renderForm();
    await userEvent.type(within(dialog).getByLabelText(/^Title/), 'Fees due');
    await userEvent.type(within(dialog).getByLabelText(/^Content/), 'Pay by Friday.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Publish' }));
    const title = within(dialog).getByLabelText(/^Title/) as HTMLInputElement;
    expect(await within(dialog).findByText('That title is taken')).toBeTruthy();
    expect(title.getAttribute('aria-invalid')).toBe('true');
    expect(title.value).toBe('Fees due');
    expect(within(dialog).getByText(M.expiryPast)).toBeTruthy();
    expect(within(dialog).getByLabelText('Expiry date').getAttribute('aria-invalid')).toBe('true');
  });

  it('asks for the title and content, and refuses an expiry before today, without calling the server', async () => {
    const seen = stubApi(() => json({}, 500));
    const { dialog } = renderForm();
    await userEvent.type(within(dialog).getByLabelText('Expiry date'), addDays(lusakaDate(new Date()), -1));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Publish' }));
    expect(await within(dialog).findByText(M.titleRequired)).toBeTruthy();
    expect(within(dialog).getByText(M.contentRequired)).toBeTruthy();
    expect(within(dialog).getByText(M.expiryPast)).toBeTruthy();
    expect(seen).toHaveLength(0);
  });

  it('publishes the typed values (no expiry as null) and says so', async () => {
    const seen = stubApi(() => json(makeAnnouncement({ title: 'Fees due' }), 201));
    const { dialog, onCreated } = renderForm();
    await userEvent.type(within(dialog).getByLabelText(/^Title/), 'Fees due');
    await userEvent.type(within(dialog).getByLabelText(/^Content/), 'Pay by Friday.');
    await userEvent.selectOptions(within(dialog).getByLabelText('Type'), 'financial');
    await userEvent.selectOptions(within(dialog).getByLabelText('Priority'), 'high');
    await userEvent.selectOptions(within(dialog).getByLabelText('Audience'), 'students');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Publish' }));
    await waitFor(() => expect(onCreated).toHaveBeenCalledOnce());
    expect(seen[0]).toEqual({
      method: 'POST',
      url: '/api/announcements',
      body: {
        title: 'Fees due',
        content: 'Pay by Friday.',
        type: 'financial',
        priority: 'high',
        target_audience: 'students',
        expiry_date: null,
        is_active: true,
      },
    });
    expect(await screen.findByText(M.created)).toBeTruthy();
  });

  it('adds attachments to a saved announcement with progress, and removes stored ones', async () => {
    const requests = stubUploads();
    const stored = { id: 'f1', name: 'old.pdf', mime_type: 'application/pdf', size: 2048 };
    const seen = stubApi(() => json(null, 204));
    const { dialog } = renderForm({ announcement: makeAnnouncement({ attachments: [stored] }) });
    const pdf = new File(['%PDF-1.7'], 'timetable.pdf', { type: 'application/pdf' });
    await userEvent.upload(within(dialog).getByLabelText('Add attachments'), pdf);
    await waitFor(() => expect(requests).toHaveLength(1));
    expect(within(dialog).getByRole('progressbar', { name: 'Uploading timetable.pdf' })).toBeTruthy();
    act(() =>
      requests[0]!.answer(201, { id: 'f2', name: 'timetable.pdf', mime_type: 'application/pdf', size: 8 }),
    );
    const files = within(dialog).getByRole('list', { name: 'Stored attachments' });
    expect(await within(files).findByRole('link', { name: 'timetable.pdf' })).toBeTruthy();
    expect(within(files).getByRole('link', { name: 'old.pdf' }).getAttribute('href')).toBe(
      `/api/announcements/${ANNOUNCEMENT_ID}/attachments/f1`,
    );

    await userEvent.upload(within(dialog).getByLabelText('Add attachments'), pdf);
    await waitFor(() => expect(requests).toHaveLength(2));
    act(() => requests[1]!.answer(415, {}));
    expect(await within(dialog).findByText(FILE_MESSAGES.refused)).toBeTruthy();

    await userEvent.click(within(files).getByRole('button', { name: 'Remove old.pdf' }));
    await waitFor(() => expect(within(files).queryByText('old.pdf')).toBeNull());
    expect(seen[0]).toMatchObject({
      method: 'DELETE',
      url: `/api/announcements/${ANNOUNCEMENT_ID}/attachments/f1`,
    });
  });
});
