// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { Event } from '../../../contracts/events';
import { EVENT_MESSAGES as M } from '../../../domain/events';
import { Toaster } from '../../components/ui';
import { cleanAfterEach } from '../../testing/api-stub';
import { EventFormDialog } from './event-form-dialog';
import { EVENT_ID, json, makeEvent, renderWithClient, stubApi } from './test-support';

cleanAfterEach();

function renderForm(event?: Event) {
  const onClose = vi.fn();
  renderWithClient(
    <>
      <EventFormDialog event={event} onClose={onClose} />
      <Toaster />
    </>,
  );
  const dialog = screen.getByRole('dialog', { name: event ? 'Edit Event' : 'Create Event' });
  return { dialog, onClose };
}

const DEADLINE = '2099-03-18T17:30';

async function fillIn(dialog: HTMLElement) {
  const field = (label: RegExp | string) => within(dialog).getByLabelText(label);
  await userEvent.type(field(/^Title/), 'CV Writing Workshop');
  await userEvent.type(field(/^Description/), 'Bring a printed CV.');
  await userEvent.selectOptions(field('Type'), 'seminar');
  fireEvent.change(field(/^Date/), { target: { value: '20/03/2099' } });
  fireEvent.change(field(/^Time/), { target: { value: '14:00' } });
  await userEvent.type(field(/^Location/), 'Lusaka Hub');
  await userEvent.type(field(/^Maximum attendees/), '25');
  fireEvent.change(field(/^Registration deadline/), { target: { value: DEADLINE } });
  await userEvent.type(field(/^Tags/), 'career, cv ,, jobs');
}

describe('EventFormDialog', () => {
  it('sends the tags as a list and the deadline as an ISO timestamp, and says so', async () => {
    const seen = stubApi(() => json(makeEvent(), 201));
    const { dialog, onClose } = renderForm();
    await fillIn(dialog);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create Event' }));
    await waitFor(() => expect(onClose).toHaveBeenCalledOnce());
    expect(seen[0]).toEqual({
      method: 'POST',
      url: '/api/events',
      body: {
        title: 'CV Writing Workshop',
        description: 'Bring a printed CV.',
        type: 'seminar',
        date: '2099-03-20',
        time: '14:00',
        is_virtual: false,
        location: 'Lusaka Hub',
        virtual_link: null,
        max_attendees: 25,
        registration_deadline: new Date(DEADLINE).toISOString(),
        status: 'upcoming',
        image_url: '',
        requirements: '',
        tags: ['career', 'cv', 'jobs'],
      },
    });
    expect(await screen.findByText(M.created)).toBeTruthy();
  });

  it("puts the server's field messages on their fields and keeps what was typed", async () => {
    stubApi(() =>
      json(
        {
          error: 'Check the fields',
          fields: { title: 'That title is taken', 'tags.1': 'A tag must be at most 40 characters' },
        },
        400,
      ),
    );
    const { dialog } = renderForm();
    await fillIn(dialog);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create Event' }));
    const title = within(dialog).getByLabelText(/^Title/) as HTMLInputElement;
    expect(await within(dialog).findByText('That title is taken')).toBeTruthy();
    expect(title.getAttribute('aria-invalid')).toBe('true');
    expect(title.value).toBe('CV Writing Workshop');
    expect(within(dialog).getByText('A tag must be at most 40 characters')).toBeTruthy();
    expect(within(dialog).getByLabelText(/^Tags/).getAttribute('aria-invalid')).toBe('true');
  });

  it('asks for what is required, without calling the server', async () => {
    const seen = stubApi(() => json({}, 500));
    const { dialog } = renderForm();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create Event' }));
    expect(await within(dialog).findByText(M.titleRequired)).toBeTruthy();
    expect(within(dialog).getByText(M.descriptionRequired)).toBeTruthy();
    expect(within(dialog).getByText(M.dateRequired)).toBeTruthy();
    expect(within(dialog).getByText(M.deadlineRequired)).toBeTruthy();
    expect(within(dialog).getByText(M.locationRequired)).toBeTruthy();
    expect(seen).toHaveLength(0);
  });

  it('asks for a virtual link for a virtual event, and a deadline before it starts', async () => {
    const seen = stubApi(() => json({}, 500));
    const { dialog } = renderForm();
    await fillIn(dialog);
    await userEvent.click(within(dialog).getByLabelText('Virtual event'));
    expect(within(dialog).queryByLabelText(/^Location/)).toBeNull();
    fireEvent.change(within(dialog).getByLabelText(/^Registration deadline/), {
      target: { value: '2099-03-21T09:00' },
    });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create Event' }));
    expect(await within(dialog).findByText(M.locationRequired)).toBeTruthy();
    expect(
      within(dialog)
        .getByLabelText(/^Virtual link/)
        .getAttribute('aria-invalid'),
    ).toBe('true');
    expect(within(dialog).getByText(M.deadlineAfterStart)).toBeTruthy();
    expect(seen).toHaveLength(0);
  });

  it('edits an event with PUT, starting from its values', async () => {
    const event = makeEvent({ tags: ['career', 'cv'], max_attendees: 30 });
    const seen = stubApi(() => json(event));
    const { dialog, onClose } = renderForm(event);
    expect((within(dialog).getByLabelText(/^Tags/) as HTMLInputElement).value).toBe('career, cv');
    expect((within(dialog).getByLabelText(/^Maximum attendees/) as HTMLInputElement).value).toBe('30');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(onClose).toHaveBeenCalledOnce());
    expect(seen[0]).toMatchObject({
      method: 'PUT',
      url: `/api/events/${EVENT_ID}`,
      body: { tags: ['career', 'cv'], max_attendees: 30, registration_deadline: event.registration_deadline },
    });
  });
});
