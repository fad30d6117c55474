// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { FormListResponse } from '../../../contracts/forms';
import { FORM_MESSAGES } from '../../../domain/forms';
import { cleanAfterEach } from '../../testing/api-stub';
import { FormsPage } from './forms-page';
import { FORM_ID, json, makeForm, OFFICER_ID, renderWithClient, STUDENT_ID, stubApi } from './test-support';

vi.mock('../../lib/session', () => ({ useCurrentUser: () => ({ id: OFFICER_ID, role: 'program_officer' }) }));

const list = (items = [makeForm()]): FormListResponse => ({
  items,
  total: items.length,
  page: 1,
  pageSize: 25,
  counts: { total: 7, draft: 3, completed: 2, reviewed: 2 },
});

cleanAfterEach();

describe('FormsPage', () => {
  it('shows the tiles, the list, and exports what the filters select', async () => {
    const seen = stubApi((_method, url) => (url.startsWith('/api/forms?') ? json(list()) : json({}, 404)));
    renderWithClient(<FormsPage />, '/forms?type=care_call&status=draft');
    expect(screen.getByRole('heading', { name: 'Forms Management' })).toBeTruthy();
    const table = await screen.findByRole('table', { name: 'Forms' });
    expect(await within(table).findByText('Peter Banda')).toBeTruthy();
    expect(within(table).getByText('Draft')).toBeTruthy();
    const tiles = screen.getByRole('region', { name: 'Forms by status' });
    for (const label of ['Total', 'Drafts', 'Completed', 'Reviewed'])
      expect(within(tiles).getByText(label)).toBeTruthy();
    expect(seen[0]!.url).toBe('/api/forms?type=care_call&status=draft&page=1&pageSize=25');
    expect(screen.getByRole('link', { name: 'Export' }).getAttribute('href')).toBe(
      '/api/forms/export.csv?type=care_call&status=draft',
    );
  });

  it("says 'No forms found...' when nothing matches", async () => {
    stubApi(() => json(list([])));
    renderWithClient(<FormsPage />, '/forms');
    expect(await screen.findByText(FORM_MESSAGES.noneFound)).toBeTruthy();
  });

  it('opens the form a link names (?open=<id>)', async () => {
    stubApi((_method, url) => (url === `/api/forms/${FORM_ID}` ? json(makeForm()) : json(list())));
    renderWithClient(<FormsPage />, `/forms?open=${FORM_ID}`);
    expect(await screen.findByRole('dialog', { name: 'Care Call: Mwila Chanda' })).toBeTruthy();
  });

  it('New Form asks for the type first, then opens that form', async () => {
    stubApi((_method, url) => (url.startsWith('/api/students/') ? json({}, 404) : json(list())));
    renderWithClient(<FormsPage />, `/forms?student_id=${STUDENT_ID}`);
    await userEvent.click(screen.getByRole('button', { name: 'New Form' }));
    const chooser = screen.getByRole('dialog', { name: 'New Form' });
    await userEvent.click(within(chooser).getByRole('button', { name: /Discharge/ }));
    const dialog = await screen.findByRole('dialog', { name: 'New Discharge' });
    expect(within(dialog).getByLabelText('Reason for discharge')).toBeTruthy();
    expect(within(dialog).getByRole('option', { name: 'Completed the programme' })).toBeTruthy();
  });
});
