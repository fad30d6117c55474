// @vitest-environment jsdom
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { Resource } from '../../../contracts/library';
import { LIBRARY_MESSAGES as M } from '../../../domain/library';
import { Toaster } from '../../components/ui';
import { cleanAfterEach } from '../../testing/api-stub';
import { stubUploads } from '../../testing/fake-xhr';
import { ResourceFormDialog } from './resource-form-dialog';
import { json, makeResource, RESOURCE_ID, renderWithClient, stubApi } from './test-support';

const listOfNothing = { items: [], total: 0, page: 1, pageSize: 20 };

cleanAfterEach();

function renderForm(resource?: Resource) {
  const onClose = vi.fn();
  const onCreated = vi.fn();
  renderWithClient(
    <>
      <ResourceFormDialog resource={resource} onCreated={onCreated} onClose={onClose} />
      <Toaster />
    </>,
  );
  const dialog = screen.getByRole('dialog', { name: resource ? 'Edit Resource' : 'Add Resource' });
  return { dialog, onClose, onCreated };
}

async function fillIn(dialog: HTMLElement) {
  const field = (label: RegExp | string) => within(dialog).getByLabelText(label);
  await userEvent.type(field(/^Title/), 'Things Fall Apart');
  await userEvent.type(field(/^Author/), 'Chinua Achebe');
  await userEvent.selectOptions(field('Type'), 'audiobook');
  await userEvent.selectOptions(field('Category'), 'life_skills');
  await userEvent.type(field(/^Tags/), 'novel, africa ,, classic');
  await userEvent.type(field(/^Link/), 'https://example.org/tfa');
}

describe('ResourceFormDialog', () => {
  it('sends the tags as a list, says so and hands the saved resource on for its file', async () => {
    const saved = makeResource();
    const seen = stubApi(() => json(saved, 201));
    const { dialog, onCreated } = renderForm();
    await fillIn(dialog);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add Resource' }));
    await waitFor(() => expect(onCreated).toHaveBeenCalledWith(saved));
    expect(seen[0]).toEqual({
      method: 'POST',
      url: '/api/library',
      body: {
        title: 'Things Fall Apart',
        description: '',
        author: 'Chinua Achebe',
        type: 'audiobook',
        category: 'life_skills',
        tags: ['novel', 'africa', 'classic'],
        duration: '',
        thumbnail_url: '',
        url: 'https://example.org/tfa',
      },
    });
    expect(await screen.findByText(M.created)).toBeTruthy();
  });

  it("puts the server's field messages on their fields and keeps what was typed", async () => {
    stubApi(() =>
      json(
        {
          error: 'Check the fields',
          fields: {
            url: 'The link must be a web address (https://...)',
            'tags.1': 'A tag must be at most 40 characters',
          },
        },
        400,
      ),
    );
    const { dialog } = renderForm();
    await fillIn(dialog);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add Resource' }));
    expect(await within(dialog).findByText('The link must be a web address (https://...)')).toBeTruthy();
    const link = within(dialog).getByLabelText(/^Link/) as HTMLInputElement;
    expect(link.getAttribute('aria-invalid')).toBe('true');
    expect(link.value).toBe('https://example.org/tfa');
    expect(within(dialog).getByText('A tag must be at most 40 characters')).toBeTruthy();
    expect(within(dialog).getByLabelText(/^Tags/).getAttribute('aria-invalid')).toBe('true');
  });

  it('asks for a title without calling the server', async () => {
    const seen = stubApi(() => json({}, 500));
    const { dialog } = renderForm();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add Resource' }));
    expect(await within(dialog).findByText(M.titleRequired)).toBeTruthy();
    expect(seen).toHaveLength(0);
  });

  it('edits with PUT from its values, and offers the file upload once saved', async () => {
    const resource = makeResource({ has_file: true, file_name: 'tfa.pdf', mime_type: 'application/pdf' });
    const seen = stubApi(() => json(resource));
    const { dialog, onClose } = renderForm(resource);
    expect((within(dialog).getByLabelText(/^Tags/) as HTMLInputElement).value).toBe(
      'novel, africa, classic, literature',
    );
    expect(within(dialog).getByText('tfa.pdf')).toBeTruthy();
    expect(
      within(dialog)
        .getByLabelText(/^Replace the file/)
        .getAttribute('accept'),
    ).toContain('.pdf');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(onClose).toHaveBeenCalledOnce());
    expect(seen[0]).toMatchObject({
      method: 'PUT',
      url: `/api/library/${RESOURCE_ID}`,
      body: { tags: ['novel', 'africa', 'classic', 'literature'], type: 'book' },
    });
  });

  it('uploads the file of a saved resource with progress, and shows a refusal', async () => {
    const requests = stubUploads();
    stubApi(() => json(listOfNothing));
    const resource = makeResource();
    const { dialog } = renderForm(resource);
    expect(within(dialog).getByText('No file uploaded yet.')).toBeTruthy();
    const pdf = new File(['%PDF-1.7'], 'tfa.pdf', { type: 'application/pdf' });
    await userEvent.upload(within(dialog).getByLabelText(/^Upload a file/), pdf);
    await waitFor(() => expect(requests).toHaveLength(1));
    expect(requests[0]!.url).toBe(`/api/library/${RESOURCE_ID}/file`);
    expect((requests[0]!.form!.get('file') as File).name).toBe('tfa.pdf');
    act(() => requests[0]!.progress(40));
    const bar = within(dialog).getByRole('progressbar', { name: 'Uploading tfa.pdf' });
    expect(bar.getAttribute('aria-valuenow')).toBe('40');
    act(() => requests[0]!.answer(200, { ...resource, has_file: true, file_name: 'tfa.pdf' }));
    expect(await within(dialog).findByText('tfa.pdf')).toBeTruthy();

    await userEvent.upload(within(dialog).getByLabelText(/^Replace the file/), pdf);
    await waitFor(() => expect(requests).toHaveLength(2));
    act(() => requests[1]!.answer(415, { error: 'A book must be a PDF' }));
    expect(await within(dialog).findByRole('alert')).toBeTruthy();
    expect(within(dialog).getByText(/A book must be a PDF/)).toBeTruthy();
  });
});
