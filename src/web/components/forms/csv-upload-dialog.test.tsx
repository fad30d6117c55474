// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Button } from '../ui';
import { CsvUploadDialog, RowErrorList } from './csv-upload-dialog';

afterEach(cleanup);

const csv = (text: string, name = 'rows.csv') => new File([text], name, { type: 'text/csv' });

describe('CsvUploadDialog', () => {
  it('hands the chosen file on, offers the template and shows the problem and the progress', async () => {
    const onFile = vi.fn();
    const saved: Array<{ name: string; text: Promise<string> }> = [];
    // jsdom has no object URLs: these stand in for the browser's.
    Object.assign(URL, {
      createObjectURL: (blob: Blob) => {
        saved.push({ name: '', text: blob.text() });
        return 'blob:template';
      },
      revokeObjectURL: () => {},
    });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      if (saved.length > 0) saved[saved.length - 1]!.name = this.download;
    });
    render(
      <CsvUploadDialog
        open
        onOpenChange={() => {}}
        title="Upload rows"
        description="One row a line."
        busy
        footer={<Button>Upload</Button>}
        template={{ about: 'Columns: a, b', filename: 'rows_template.csv', contents: () => 'a,b\r\n' }}
        chooser={{ onFile, problem: 'Only .csv files are accepted.', hint: 'At most 10 MB.' }}
        progress={{ label: 'Uploading...', percent: 40 }}
      >
        <p>the preview</p>
      </CsvUploadDialog>,
    );
    const input = screen.getByLabelText('CSV file');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByRole('alert').textContent).toBe('Only .csv files are accepted.');
    expect(screen.getByRole('progressbar', { name: 'Uploading...' }).getAttribute('aria-valuenow')).toBe(
      '40',
    );
    expect(screen.getByText('the preview')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Download template' }));
    expect(click).toHaveBeenCalledOnce();
    expect(saved[0]?.name).toBe('rows_template.csv');
    expect(await saved[0]?.text).toBe('a,b\r\n');
    click.mockRestore();
    // The upload is running: no new file is taken.
    expect((input as HTMLInputElement).disabled).toBe(true);
  });

  it('takes a file when not busy', async () => {
    const onFile = vi.fn();
    render(
      <CsvUploadDialog
        open
        onOpenChange={() => {}}
        title="Upload rows"
        description="One row a line."
        busy={false}
        footer={null}
        chooser={{ onFile, problem: null }}
      />,
    );
    const file = csv('a,b\n1,2\n');
    await userEvent.upload(screen.getByLabelText('CSV file'), file);
    expect(onFile).toHaveBeenCalledWith(file);
  });
});

describe('RowErrorList', () => {
  it('lists the first ones and counts the rest', () => {
    const errors = Array.from({ length: 13 }, (_, i) => `Row ${i + 2}: month is required`);
    render(<RowErrorList errors={errors} limit={10} label="Upload errors" />);
    const items = screen.getByRole('list', { name: 'Upload errors' }).querySelectorAll('li');
    expect(items).toHaveLength(10);
    expect(items[0]?.textContent).toBe('Row 2: month is required');
    expect(screen.getByText('... and 3 more errors')).toBeTruthy();
    cleanup();
    render(<RowErrorList errors={errors.slice(0, 4)} limit={10} label="Upload errors" />);
    expect(screen.getByRole('list', { name: 'Upload errors' }).querySelectorAll('li')).toHaveLength(4);
    expect(screen.queryByText(/more errors/)).toBeNull();
  });
});
