// @vitest-environment jsdom
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Field } from '../../components/ui';
import { cleanAfterEach, json, renderWithClient, stubApi } from '../../testing/api-stub';
import { StudentPicker } from './student-picker';
import { listItem } from './test-support';

function renderPicker() {
  const calls = stubApi(async () => json({ items: [listItem], total: 1, page: 1, page_size: 20 }));
  renderWithClient(
    <Field label="Student">
      {/* As Add New Allowance and Add New Story have it: the first field, focused on opening. */}
      <StudentPicker value={null} onChange={() => {}} />
    </Field>,
  );
  return calls;
}

cleanAfterEach();

describe('StudentPicker', () => {
  it('stays closed when it only takes focus, and asks the server for nothing', async () => {
    const calls = renderPicker();
    const box = screen.getByRole('combobox', { name: 'Student' });
    box.focus();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(box.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(calls).toHaveLength(0);
  });

  it('opens its list when clicked', async () => {
    renderPicker();
    await userEvent.click(screen.getByRole('combobox', { name: 'Student' }));
    expect(await screen.findByRole('option', { name: /Mutale Phiri/ })).toBeTruthy();
  });

  it('opens its list when the user types, searching for what was typed', async () => {
    const calls = renderPicker();
    const box = screen.getByRole('combobox', { name: 'Student' });
    box.focus();
    await userEvent.keyboard('Mut');
    expect(await screen.findByRole('option', { name: /Mutale Phiri/ })).toBeTruthy();
    await waitFor(() => expect(calls.some((c) => c.url.includes('q=Mut'))).toBe(true));
  });

  it('opens its list on Arrow Down', async () => {
    renderPicker();
    screen.getByRole('combobox', { name: 'Student' }).focus();
    await userEvent.keyboard('{ArrowDown}');
    expect(await screen.findByRole('listbox', { name: 'Students' })).toBeTruthy();
  });
});
