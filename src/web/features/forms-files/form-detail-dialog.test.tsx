// @vitest-environment jsdom
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { Form } from '../../../contracts/forms';
import { FORM_MESSAGES } from '../../../domain/forms';
import { cleanAfterEach } from '../../testing/api-stub';
import { FormDetailDialog } from './form-detail-dialog';
import { FORM_ID, json, makeFile, makeForm, OFFICER_ID, renderWithClient, stubApi } from './test-support';

const session = vi.hoisted(() => ({ user: { id: '', role: 'program_officer' } }));
vi.mock('../../lib/session', () => ({ useCurrentUser: () => session.user }));

const OTHER_ID = 'b6f1c3de-0000-4000-8000-0000000000a2';
const officer = { id: OFFICER_ID, role: 'program_officer' };
const manager = { id: OTHER_ID, role: 'deputy_manager' };
const admin = { id: OTHER_ID, role: 'admin' };

function renderDetail(form: Form, user: { id: string; role: string }) {
  session.user = user;
  stubApi(() => json({ items: [], total: 0, page: 1, pageSize: 10 }));
  renderWithClient(<FormDetailDialog form={form} onClose={() => {}} onEdit={() => {}} onDelete={() => {}} />);
  return screen.getByRole('dialog', { name: 'Care Call: Mwila Chanda' });
}

const buttons = (dialog: HTMLElement) =>
  ['Edit', 'Delete', 'Complete', 'Review'].filter((name) => within(dialog).queryByRole('button', { name }));

cleanAfterEach();

describe('FormDetailDialog', () => {
  it("shows each field as people read it: a rating as 'N of 5', a number with its unit", () => {
    const dialog = renderDetail(makeForm(), officer);
    expect(within(dialog).getByText('4 of 5')).toBeTruthy();
    expect(within(dialog).getByText('30 minutes')).toBeTruthy();
    expect(within(dialog).getByText('16/03/2026')).toBeTruthy();
    // Follow-up was left empty.
    expect(within(dialog).getByText('Not filled in')).toBeTruthy();
    const pdf = within(dialog).getByRole('link', { name: 'Download PDF' });
    expect(pdf.getAttribute('href')).toBe(`/api/forms/${FORM_ID}/pdf`);
    expect(within(dialog).getByRole('tab', { name: 'Files (0)' })).toBeTruthy();
    expect(within(dialog).getByRole('tab', { name: 'History' })).toBeTruthy();
  });

  it("shows a home visit's photos through the authorised photo address", () => {
    const photos = ['b6f1c3de-0000-4000-8000-0000000000f1', 'b6f1c3de-0000-4000-8000-0000000000f2'];
    session.user = officer;
    stubApi(() => json({ items: [], total: 0, page: 1, pageSize: 10 }));
    renderWithClient(
      <FormDetailDialog
        form={makeForm({ type: 'home_visit', fields: {}, photo_ids: photos })}
        onClose={() => {}}
        onEdit={() => {}}
        onDelete={() => {}}
      />,
    );
    const section = screen.getByRole('region', { name: 'Photos' });
    expect(
      within(section)
        .getAllByRole('img')
        .map((img) => [img.getAttribute('alt'), img.getAttribute('src')]),
    ).toEqual([
      ['At the visit, 1 of 2', `/api/form-photos/${photos[0]}`],
      ['At the visit, 2 of 2', `/api/form-photos/${photos[1]}`],
    ]);
  });

  it('gives the author of a draft Edit, Delete and Complete, and no Review', () => {
    expect(buttons(renderDetail(makeForm({ status: 'draft' }), officer))).toEqual([
      'Edit',
      'Delete',
      'Complete',
    ]);
  });

  it("keeps someone else's draft read-only for an officer", () => {
    const dialog = renderDetail(makeForm({ author_id: OTHER_ID }), officer);
    expect(buttons(dialog)).toEqual([]);
    expect(within(dialog).getByText(FORM_MESSAGES.notYourDraft)).toBeTruthy();
  });

  it('an officer does not see Review on a completed form, nor Edit on their own', () => {
    const dialog = renderDetail(makeForm({ status: 'completed' }), officer);
    expect(buttons(dialog)).toEqual([]);
    expect(within(dialog).getByText(FORM_MESSAGES.completedReadOnly)).toBeTruthy();
  });

  it('a deputy manager reviews a completed form, and may still change it', () => {
    expect(buttons(renderDetail(makeForm({ status: 'completed' }), manager))).toEqual([
      'Edit',
      'Delete',
      'Review',
    ]);
  });

  it('nobody sees Edit on a reviewed form, not even an admin', () => {
    const reviewed = makeForm({
      status: 'reviewed',
      review_note: 'Thorough call.',
      reviewed_by_name: 'Ruth Phiri',
      reviewed_at: '2026-03-17T08:00:00.000Z',
    });
    for (const user of [officer, manager, admin]) {
      const dialog = renderDetail(reviewed, user);
      expect(buttons(dialog)).toEqual([]);
      expect(within(dialog).getByText(FORM_MESSAGES.locked)).toBeTruthy();
      expect(within(dialog).getByText('Thorough call.')).toBeTruthy();
      expect(within(dialog).getByRole('link', { name: 'Download PDF' })).toBeTruthy();
      cleanup();
    }
  });

  it('Complete names the fields the server still needs', async () => {
    session.user = officer;
    stubApi(() =>
      json(
        {
          error: FORM_MESSAGES.completeFirst,
          fields: { 'fields.topics': FORM_MESSAGES.required('Topics discussed') },
        },
        400,
      ),
    );
    renderWithClient(
      <FormDetailDialog form={makeForm()} onClose={() => {}} onEdit={() => {}} onDelete={() => {}} />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Complete' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(FORM_MESSAGES.completeFirst);
    expect(alert.textContent).toContain('Topics discussed is required');
  });

  it('Review asks for the note, then sends it', async () => {
    session.user = manager;
    const seen = stubApi(() => json(makeForm({ status: 'reviewed' })));
    renderWithClient(
      <FormDetailDialog
        form={makeForm({ status: 'completed' })}
        onClose={() => {}}
        onEdit={() => {}}
        onDelete={() => {}}
      />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Review' }));
    const review = screen.getByRole('dialog', { name: 'Review Form' });
    await userEvent.click(within(review).getByRole('button', { name: 'Mark as Reviewed' }));
    expect(within(review).getByText(FORM_MESSAGES.reviewNoteRequired)).toBeTruthy();
    expect(seen).toEqual([]);
    await userEvent.type(within(review).getByLabelText('Review note'), 'Good follow-up.');
    await userEvent.click(within(review).getByRole('button', { name: 'Mark as Reviewed' }));
    expect(await screen.findByRole('dialog', { name: 'Care Call: Mwila Chanda' })).toBeTruthy();
    expect(seen).toEqual([
      { method: 'POST', url: `/api/forms/${FORM_ID}/review`, body: { review_note: 'Good follow-up.' } },
    ]);
  });

  it("lists the form's files in the Files tab", async () => {
    session.user = officer;
    const seen = stubApi(() =>
      json({ items: [makeFile({ form_id: FORM_ID })], total: 1, page: 1, pageSize: 10 }),
    );
    renderWithClient(
      <FormDetailDialog
        form={makeForm({ file_count: 1 })}
        onClose={() => {}}
        onEdit={() => {}}
        onDelete={() => {}}
      />,
    );
    await userEvent.click(screen.getByRole('tab', { name: 'Files (1)' }));
    expect(await screen.findByRole('table', { name: 'Files' })).toBeTruthy();
    expect(seen[0]!.url).toBe(`/api/files?form_id=${FORM_ID}&page=1&pageSize=10`);
    expect(screen.getByRole('button', { name: 'Upload Files' })).toBeTruthy();
  });
});
