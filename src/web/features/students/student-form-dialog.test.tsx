// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { cleanAfterEach, json, stubApi } from '../../testing/api-stub';
import { StudentFormDialog } from './student-form-dialog';
import { fullStudent, later, listItem, STUDENT_ID } from './test-support';

function renderEditStudent() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <StudentFormDialog open onOpenChange={() => {}} student={listItem} canAssignOfficer={false} />
    </QueryClientProvider>,
  );
  return queryClient;
}

const fieldValue = (label: string) => (screen.getByLabelText(label) as HTMLInputElement).value;

function renderAddStudent() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <StudentFormDialog open onOpenChange={() => {}} canAssignOfficer={false} />
    </QueryClientProvider>,
  );
}

async function fillNames() {
  await userEvent.type(screen.getByLabelText('First Name'), 'Mwila');
  await userEvent.type(screen.getByLabelText('Last Name'), 'Chanda');
}

cleanAfterEach();

describe('StudentFormDialog', () => {
  it("refuses a bad email with the contract's message, without calling the server", async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    renderAddStudent();
    await fillNames();
    await userEvent.type(screen.getByLabelText('Email'), 'mwila-at-example');
    await userEvent.click(screen.getByRole('button', { name: 'Add Student' }));
    expect(await screen.findByText('Email must be a valid email address')).toBeTruthy();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('puts a CHL number the server says is taken under CHL Number, keeping what was typed', async () => {
    const message = 'A student with CHL number CHL-7 already exists.';
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json({ error: message }, { status: 409 })),
    );
    renderAddStudent();
    await fillNames();
    await userEvent.type(screen.getByLabelText('CHL Number'), 'CHL-7');
    await userEvent.click(screen.getByRole('button', { name: 'Add Student' }));
    expect(await screen.findByText(message)).toBeTruthy();
    const chl = screen.getByLabelText('CHL Number') as HTMLInputElement;
    expect(chl.getAttribute('aria-invalid')).toBe('true');
    expect(chl.value).toBe('CHL-7');
    expect((screen.getByLabelText('First Name') as HTMLInputElement).value).toBe('Mwila');
  });
});

describe('StudentFormDialog editing a list row', () => {
  it('shows no fields until the whole record has been read, then fills them all from it', async () => {
    const record = later();
    const calls = stubApi((method, url) =>
      method === 'GET' && url === `/api/students/${STUDENT_ID}` ? record.promise : json(fullStudent),
    );
    renderEditStudent();

    expect(screen.getByRole('dialog', { name: 'Edit Student' })).toBeTruthy();
    expect(screen.getByText("Loading the student's details...")).toBeTruthy();
    expect(screen.queryByLabelText('First Name')).toBeNull();
    expect(screen.queryByLabelText('Contact Number')).toBeNull();
    // Nothing to save yet: Save waits for the fields.
    expect((screen.getByRole('button', { name: 'Save Changes' }) as HTMLButtonElement).disabled).toBe(true);

    record.arrive(json(fullStudent));
    await screen.findByLabelText('First Name');
    expect(fieldValue('First Name')).toBe('Mutale');
    // Fields a list item does not carry come from the record, not blanks.
    expect(fieldValue('Contact Number')).toBe('+260977000111');
    expect(fieldValue('Community')).toBe('Kabwata');
    expect(fieldValue('Academic Standing')).toBe('probation');
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('First Name')));
    expect((screen.getByRole('button', { name: 'Save Changes' }) as HTMLButtonElement).disabled).toBe(false);

    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    const put = calls.find((c) => c.method === 'PUT')!;
    expect(put.url).toBe(`/api/students/${STUDENT_ID}`);
    expect(put.body).toMatchObject({
      first_name: 'Mutale',
      contact_number: '+260977000111',
      community: 'Kabwata',
      academic_standing: 'probation',
    });
  });

  it('keeps what was typed when the record is read again in the background', async () => {
    let reads = 0;
    stubApi((method) => {
      if (method !== 'GET') return json(fullStudent);
      reads++;
      return json(reads === 1 ? fullStudent : { ...fullStudent, community: 'Changed elsewhere' });
    });
    const queryClient = renderEditStudent();
    await screen.findByLabelText('Community');
    await userEvent.type(screen.getByLabelText('Community'), ' East');

    await queryClient.invalidateQueries();
    await waitFor(() => expect(reads).toBe(2));
    expect(fieldValue('Community')).toBe('Kabwata East');
  });
});
