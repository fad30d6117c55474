// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { ImportDialog } from './import-dialog';

function renderImport() {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <ImportDialog open onOpenChange={() => {}} />
    </QueryClientProvider>,
  );
}

afterEach(cleanup);

describe('ImportDialog', () => {
  it('refuses a file that is not .csv with the import message', async () => {
    renderImport();
    await userEvent.upload(
      screen.getByLabelText('CSV file'),
      new File(['x'], 'students.xlsx', { type: 'application/octet-stream' }),
      { applyAccept: false },
    );
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Only .csv files are accepted. Please choose a CSV file.',
    );
  });

  it('previews the rows to import and to drop', async () => {
    renderImport();
    const text = 'first_name,last_name,email\nMwila,Chanda,\n,Phiri,\nBupe,Tembo,bupe@example.org\n';
    await userEvent.upload(screen.getByLabelText('CSV file'), new File([text], 'students.csv'));
    expect((await screen.findByTestId('import-counts')).textContent).toBe('2 rows to import, 1 row to drop');
    expect(screen.getByText('Missing first_name')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Import 2 students' })).toBeTruthy();
  });
});
