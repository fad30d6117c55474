// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { StudentFile } from '../../../contracts/student-files';
import { FILE_MESSAGES } from '../../../domain/student-files';
import { cleanAfterEach } from '../../testing/api-stub';
import { FilePreviewDialog } from './file-preview-dialog';
import { FilesTable } from './files-table';
import { makeFile, renderWithClient } from './test-support';
import { fileNameFromDisposition } from './use-file-preview';

cleanAfterEach();

const page = (items: StudentFile[]) => ({
  data: { items, total: items.length, page: 1, pageSize: 25 },
  isFetching: false,
  isPlaceholderData: false,
  isError: false,
  error: null,
  refetch: () => undefined,
});

describe('FilesTable', () => {
  it('shows sizes and categories as people read them, and View only for what the app can show', async () => {
    const onView = vi.fn();
    const pdf = makeFile();
    const word = makeFile({
      id: 'b6f1c3de-0000-4000-8000-0000000000c2',
      name: 'letter.docx',
      mime_type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      size: 512,
      category: 'personal',
    });
    renderWithClient(
      <FilesTable query={page([pdf, word])} filtered={false} onView={onView} onDelete={() => {}} />,
    );
    const table = screen.getByRole('table', { name: 'Files' });
    expect(within(table).getByText('1.5 MB')).toBeTruthy();
    expect(within(table).getByText('512 Bytes')).toBeTruthy();
    expect(within(table).getByText('Academic')).toBeTruthy();
    expect(within(table).getByText('Personal')).toBeTruthy();
    expect(within(table).queryByRole('button', { name: 'View letter.docx' })).toBeNull();
    expect(within(table).getByRole('link', { name: 'Download letter.docx' }).getAttribute('href')).toBe(
      `/api/files/${word.id}/download`,
    );
    await userEvent.click(within(table).getByRole('button', { name: 'View results.pdf' }));
    expect(onView).toHaveBeenCalledWith(pdf);
  });

  it("says 'No files found...' when there are none", () => {
    renderWithClient(<FilesTable query={page([])} filtered onView={() => {}} onDelete={() => {}} />);
    expect(screen.getByText(FILE_MESSAGES.noneFound)).toBeTruthy();
  });
});

describe('FilePreviewDialog', () => {
  function stubBlobUrls() {
    const revoke = vi.fn();
    vi.stubGlobal(
      'URL',
      Object.assign(URL, { createObjectURL: () => 'blob:preview-1', revokeObjectURL: revoke }),
    );
    return revoke;
  }

  it('reads the download with the session and shows text in the dialog, freeing it on close', async () => {
    const revoke = stubBlobUrls();
    const fetch = vi.fn(() =>
      Promise.resolve(
        new Response('Term 1 marks: 78%', { headers: { 'content-type': 'text/plain; charset=utf-8' } }),
      ),
    );
    vi.stubGlobal('fetch', fetch);
    const onClose = vi.fn();
    const { unmount } = renderWithClient(
      <FilePreviewDialog
        file={makeFile({ name: 'marks.txt', mime_type: 'text/plain; charset=utf-8' })}
        onClose={onClose}
      />,
    );
    expect(await screen.findByText('Term 1 marks: 78%')).toBeTruthy();
    expect(fetch).toHaveBeenCalledWith(
      expect.stringMatching(/\/download$/),
      expect.objectContaining({ credentials: 'same-origin' }),
    );
    unmount();
    expect(revoke).toHaveBeenCalledWith('blob:preview-1');
  });

  it('shows an image by its name, and a link (?open=) names the file from the download', async () => {
    stubBlobUrls();
    vi.stubGlobal(
      'fetch',
      vi.fn(() =>
        Promise.resolve(
          new Response(new Uint8Array([0x89, 0x50]), {
            headers: {
              'content-type': 'image/png',
              'content-disposition': 'attachment; filename="id-card.png"',
            },
          }),
        ),
      ),
    );
    renderWithClient(
      <FilePreviewDialog file={{ id: 'b6f1c3de-0000-4000-8000-0000000000c9' }} onClose={() => {}} />,
    );
    const image = await screen.findByRole('img', { name: 'id-card.png' });
    expect(image.getAttribute('src')).toBe('blob:preview-1');
    expect(screen.getByRole('dialog', { name: 'id-card.png' })).toBeTruthy();
  });

  it('does not read a file the app cannot show; it offers the download', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    renderWithClient(
      <FilePreviewDialog
        file={makeFile({ name: 'letter.doc', mime_type: 'application/msword' })}
        onClose={() => {}}
      />,
    );
    expect(
      await screen.findByText('This type of file cannot be shown here. Download it to open it.'),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Download' })).toBeTruthy();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('says why a file could not be shown, with Retry', async () => {
    stubBlobUrls();
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(Response.json({ error: FILE_MESSAGES.notFound }, { status: 404 }))),
    );
    renderWithClient(<FilePreviewDialog file={makeFile()} onClose={() => {}} />);
    expect(await screen.findByText(FILE_MESSAGES.notFound)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeTruthy();
  });
});

describe('fileNameFromDisposition', () => {
  it('prefers the encoded name and falls back to the plain one', () => {
    expect(fileNameFromDisposition(`attachment; filename="a.pdf"; filename*=UTF-8''Mw%C3%A9la.pdf`)).toBe(
      'Mwéla.pdf',
    );
    expect(fileNameFromDisposition('attachment; filename="report 1.pdf"')).toBe('report 1.pdf');
    expect(fileNameFromDisposition(null)).toBeNull();
  });
});
