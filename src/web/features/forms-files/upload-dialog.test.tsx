// @vitest-environment jsdom
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { FILE_MESSAGES } from '../../../domain/student-files';
import { Toaster } from '../../components/ui';
import { cleanAfterEach } from '../../testing/api-stub';
import { stubUploads } from '../../testing/fake-xhr';
import { FORM_ID, makeFile, renderWithClient, STUDENT_ID } from './test-support';
import { UploadDialog } from './upload-dialog';

/** Uploads that wait for the test to move them on; the list of files the dialog reads is empty. */
function fakeXhr() {
  const requests = stubUploads();
  vi.stubGlobal(
    'fetch',
    vi.fn(() => Promise.resolve(Response.json({ items: [], total: 0, page: 1, pageSize: 25 }))),
  );
  return requests;
}

const MB = 1024 * 1024;
const pdf = (name: string, size: number) => {
  const file = new File(['%PDF-1.7'], name, { type: 'application/pdf' });
  Object.defineProperty(file, 'size', { value: size });
  return file;
};

function renderUpload(onClose = vi.fn()) {
  renderWithClient(
    <>
      <UploadDialog
        fixedStudent={{ id: STUDENT_ID, name: 'Mwila Chanda' }}
        formId={FORM_ID}
        onClose={onClose}
      />
      <Toaster />
    </>,
  );
  return { dialog: screen.getByRole('dialog', { name: 'Upload Files' }), onClose };
}

cleanAfterEach();

describe('UploadDialog', () => {
  it('refuses an 11 MB file before sending it, and asks for a category', async () => {
    const requests = fakeXhr();
    const { dialog } = renderUpload();
    await userEvent.upload(within(dialog).getByLabelText('Files'), pdf('scan.pdf', 11 * MB));
    const row = within(within(dialog).getByRole('list', { name: 'Chosen files' })).getByRole('listitem');
    expect(within(row).getByText('scan.pdf')).toBeTruthy();
    expect(within(row).getByText('11 MB')).toBeTruthy();
    expect(within(row).getByText(FILE_MESSAGES.tooLarge)).toBeTruthy();
    expect(within(row).getByText('Not sent')).toBeTruthy();

    await userEvent.click(within(dialog).getByRole('button', { name: 'Upload' }));
    expect(within(dialog).getByText(FILE_MESSAGES.categoryRequired)).toBeTruthy();
    expect(within(dialog).getByText(FILE_MESSAGES.fileRequired)).toBeTruthy();
    expect(requests).toHaveLength(0);
  });

  it('sends each file on its own with its progress bar, says what the server refused, and closes once all are stored', async () => {
    const requests = fakeXhr();
    const { dialog, onClose } = renderUpload();
    await userEvent.selectOptions(within(dialog).getByLabelText('Category'), 'academic');
    await userEvent.upload(within(dialog).getByLabelText('Files'), [
      pdf('results.pdf', 2 * MB),
      pdf('letter.pdf', 1 * MB),
    ]);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Upload' }));

    await waitFor(() => expect(requests).toHaveLength(1));
    expect([...requests[0]!.form!.keys()]).toEqual(['student_id', 'category', 'form_id', 'file']);
    expect(requests[0]!.form!.get('category')).toBe('academic');
    expect(requests[0]!.form!.get('form_id')).toBe(FORM_ID);
    act(() => requests[0]!.progress(40));
    const bar = within(dialog).getByRole('progressbar', { name: 'Uploading results.pdf' });
    expect(bar.getAttribute('aria-valuenow')).toBe('40');
    expect(within(dialog).getByRole('button', { name: 'Uploading...' })).toBeTruthy();

    act(() => requests[0]!.answer(201, makeFile({ name: 'results.pdf' })));
    await waitFor(() => expect(requests).toHaveLength(2));
    act(() => requests[1]!.answer(415, { error: FILE_MESSAGES.refused }));
    expect(await within(dialog).findByText(FILE_MESSAGES.refused)).toBeTruthy();
    expect(within(dialog).getByText('Uploaded')).toBeTruthy();
    expect(await screen.findByText(FILE_MESSAGES.uploaded(1))).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();

    // Upload again sends only the one that failed.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Upload' }));
    await waitFor(() => expect(requests).toHaveLength(3));
    expect((requests[2]!.form!.get('file') as File).name).toBe('letter.pdf');
    act(() => requests[2]!.answer(201, makeFile({ name: 'letter.pdf' })));
    await waitFor(() => expect(onClose).toHaveBeenCalledOnce());
  });
});
