// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { StudentFormDialog } from './student-form-dialog';

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

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

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
