// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { cleanAfterEach, json, renderWithClient, stubApi } from '../../testing/api-stub';
import { TaskFormDialog } from './task-form-dialog';

const ME = '11111111-1111-4111-8111-111111111111';
const OTHER = '22222222-2222-4222-8222-222222222222';

vi.mock('../../lib/session', () => ({
  useCurrentUser: () => ({ id: ME, name: 'Peter Officer', role: 'program_officer' }),
  useAuth: () => ({ refresh: async () => {} }),
}));

cleanAfterEach();

const STAFF = [
  { id: OTHER, name: 'Dora Deputy', role: 'deputy_manager' },
  { id: ME, name: 'Peter Officer', role: 'program_officer' },
];

/** Answers the staff list once `release` is called, and any save with the task. */
function serve() {
  let release: () => void = () => {};
  const staffLoaded = new Promise<void>((resolve) => {
    release = resolve;
  });
  const seen = stubApi(
    (method, url) =>
      url.startsWith('/api/staff')
        ? staffLoaded.then(() => json(STAFF))
        : method === 'POST'
          ? json({ id: 'task-1' })
          : json({ items: [], total: 0 }),
    (url) => (url.startsWith('/api/students') ? json({ items: [], total: 0 }) : undefined),
  );
  return { seen, release };
}

const shown = (select: HTMLElement) => (select as HTMLSelectElement).selectedOptions[0]?.textContent;
const posts = (seen: ReturnType<typeof stubApi>) => seen.filter((c) => c.method === 'POST');

describe('TaskFormDialog', () => {
  it('shows the user as the assignee it will save, before and after the staff list arrives', async () => {
    const { release } = serve();
    renderWithClient(<TaskFormDialog onClose={() => {}} />);
    const assignee = screen.getByRole('combobox', { name: 'Assigned To' });
    expect(shown(assignee)).toBe('Peter Officer (Program Officer)');
    release();
    await screen.findByRole('option', { name: 'Dora Deputy (Deputy Manager)' });
    expect(shown(assignee)).toBe('Peter Officer (Program Officer)');
    await userEvent.selectOptions(assignee, OTHER);
    expect(shown(assignee)).toBe('Dora Deputy (Deputy Manager)');
  });

  it('asks before saving a due date already past, and saves nothing when cancelled', async () => {
    const { seen, release } = serve();
    release();
    const onClose = vi.fn();
    renderWithClient(<TaskFormDialog onClose={onClose} />);
    const dialog = screen.getByRole('dialog', { name: 'Add Task' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Title' }), 'Visit the hostel');
    await userEvent.type(within(dialog).getByLabelText('Due Date'), '2020-01-15');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add Task' }));
    const question = await screen.findByRole('alertdialog', { name: 'Due date in the past' });
    expect(question.textContent).toContain('15/01/2020 is before today');
    await userEvent.click(within(question).getByRole('button', { name: 'Cancel' }));
    expect(posts(seen)).toEqual([]);

    await userEvent.click(within(dialog).getByRole('button', { name: 'Add Task' }));
    await userEvent.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Save Anyway' }),
    );
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(posts(seen)).toMatchObject([
      { url: '/api/tasks', body: { title: 'Visit the hostel', due_date: '2020-01-15', assigned_to_id: ME } },
    ]);
  });

  it('saves a due date from today on without asking', async () => {
    const { seen, release } = serve();
    release();
    const onClose = vi.fn();
    renderWithClient(<TaskFormDialog onClose={onClose} />);
    const dialog = screen.getByRole('dialog', { name: 'Add Task' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Title' }), 'Call the guardian');
    await userEvent.type(within(dialog).getByLabelText('Due Date'), '2999-12-31');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add Task' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(posts(seen)).toHaveLength(1);
  });
});
