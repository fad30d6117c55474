// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { FORM_FIELDS, FORM_MESSAGES } from '../../../domain/forms';
import { cleanAfterEach } from '../../testing/api-stub';
import { FormEditDialog } from './form-edit-dialog';
import { FORM_ID, json, makeForm, renderWithClient, stubApi, student } from './test-support';

cleanAfterEach();

function renderNewCareCall() {
  renderWithClient(<FormEditDialog type="care_call" student={student} onClose={() => {}} />);
  return screen.getByRole('dialog', { name: 'New Care Call' });
}

describe('FormEditDialog', () => {
  it("draws a care call's fields from FORM_FIELDS, with hints and the required ones marked", () => {
    stubApi(() => json({}));
    const dialog = renderNewCareCall();
    expect(within(dialog).getByLabelText('Who was called')).toBeTruthy();
    expect(within(dialog).getByText(FORM_FIELDS.care_call[0]!.hint!)).toBeTruthy();
    const duration = within(dialog).getByLabelText('Duration (minutes)') as HTMLInputElement;
    expect(duration.type).toBe('number');
    expect(duration.getAttribute('aria-required')).toBe('true');
    expect(within(dialog).getByLabelText('Topics discussed').tagName).toBe('TEXTAREA');
    const rating = within(dialog).getByRole('group', { name: 'Wellbeing rating' });
    expect(
      within(rating)
        .getAllByRole('radio')
        .map((r) => (r as HTMLInputElement).value),
    ).toEqual(['1', '2', '3', '4', '5']);
    expect(within(dialog).getByText('1 is very poor, 5 is very good')).toBeTruthy();
    // Follow-up is optional: no asterisk, not required.
    expect(within(dialog).getByLabelText('Follow-up').getAttribute('aria-required')).toBeNull();
    expect((within(dialog).getByLabelText('Date') as HTMLInputElement).value).toMatch(
      /^\d{2}\/\d{2}\/\d{4}$/,
    );
    expect(within(dialog).getByRole('button', { name: 'Save Draft' })).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Complete Form' })).toBeTruthy();
  });

  it('picks a rating with the keyboard', async () => {
    stubApi(() => json({}));
    // user-event finds the next radio of the group with CSS.escape, which jsdom lacks.
    vi.stubGlobal('CSS', { escape: (value: string) => value.replace(/[^\w-]/g, (c) => `\\${c}`) });
    const dialog = renderNewCareCall();
    const rating = within(dialog).getByRole('group', { name: 'Wellbeing rating' });
    await userEvent.click(within(rating).getByRole('radio', { name: '2' }));
    await userEvent.keyboard('{ArrowRight}');
    expect((within(rating).getByRole('radio', { name: '3' }) as HTMLInputElement).checked).toBe(true);
  });

  it("refuses a value the contract refuses, in the contract's words, without calling the server", async () => {
    const seen = stubApi(() => json({}));
    const dialog = renderNewCareCall();
    await userEvent.type(within(dialog).getByLabelText('Duration (minutes)'), '900');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save Draft' }));
    expect(await within(dialog).findByText('Duration must be between 1 and 600')).toBeTruthy();
    expect(seen).toEqual([]);
  });

  it("shows the server's messages on the fields they name ('fields.<key>'), keeping what was typed", async () => {
    stubApi(() =>
      json(
        {
          error: 'Please check the form',
          fields: {
            form_date: FORM_MESSAGES.dateInFuture,
            'fields.person_called': 'Who was called must be at most 200 characters',
          },
        },
        400,
      ),
    );
    const dialog = renderNewCareCall();
    await userEvent.type(within(dialog).getByLabelText('Who was called'), 'Her mother');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save Draft' }));
    expect(await within(dialog).findByText('Who was called must be at most 200 characters')).toBeTruthy();
    expect(within(dialog).getByText(FORM_MESSAGES.dateInFuture)).toBeTruthy();
    const person = within(dialog).getByLabelText('Who was called') as HTMLInputElement;
    expect(person.getAttribute('aria-invalid')).toBe('true');
    expect(person.value).toBe('Her mother');
    expect(within(dialog).getByLabelText('Date').getAttribute('aria-invalid')).toBe('true');
  });

  it('Complete Form on an incomplete form names the missing fields and saves nothing', async () => {
    const seen = stubApi((method) => json(makeForm(), method === 'POST' ? 201 : 200));
    const onClose = vi.fn();
    renderWithClient(<FormEditDialog type="care_call" student={student} onClose={onClose} />);
    const dialog = screen.getByRole('dialog', { name: 'New Care Call' });
    await userEvent.type(within(dialog).getByLabelText('Who was called'), 'The student');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Complete Form' }));

    expect(await within(dialog).findByText(FORM_MESSAGES.completeFirst)).toBeTruthy();
    expect(within(dialog).getByText('Duration is required')).toBeTruthy();
    expect(within(dialog).getByText('Topics discussed is required')).toBeTruthy();
    expect(within(dialog).getByText('Wellbeing rating is required')).toBeTruthy();
    expect(within(dialog).queryByText(FORM_MESSAGES.created)).toBeNull();
    expect(seen).toEqual([]);
    // Nothing was saved, so the dialog is still a new form and the draft stays the user's choice.
    expect(within(dialog).getByRole('button', { name: 'Save Draft' })).toBeTruthy();

    await userEvent.type(within(dialog).getByLabelText('Duration (minutes)'), '25');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save Draft' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(seen).toMatchObject([
      {
        method: 'POST',
        url: '/api/forms',
        body: { fields: { person_called: 'The student', duration_minutes: 25 } },
      },
    ]);
  });

  it('Complete Form on a filled-in form saves it, then completes it', async () => {
    const seen = stubApi((method) => json(makeForm(), method === 'POST' ? 201 : 200));
    const onClose = vi.fn();
    renderWithClient(<FormEditDialog type="care_call" student={student} onClose={onClose} />);
    const dialog = screen.getByRole('dialog', { name: 'New Care Call' });
    await userEvent.type(within(dialog).getByLabelText('Who was called'), 'The student');
    await userEvent.type(within(dialog).getByLabelText('Duration (minutes)'), '25');
    await userEvent.type(within(dialog).getByLabelText('Topics discussed'), 'Exams');
    const rating = within(dialog).getByRole('group', { name: 'Wellbeing rating' });
    await userEvent.click(within(rating).getByRole('radio', { name: '4' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Complete Form' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(seen.map((call) => `${call.method} ${call.url}`)).toEqual([
      'POST /api/forms',
      `POST /api/forms/${FORM_ID}/complete`,
    ]);
  });

  it('a completed form, changed by management, offers Save Changes and no Complete', () => {
    stubApi(() => json({}));
    renderWithClient(
      <FormEditDialog type="care_call" form={makeForm({ status: 'completed' })} onClose={() => {}} />,
    );
    const dialog = screen.getByRole('dialog', { name: 'Edit Care Call' });
    expect(within(dialog).getByRole('button', { name: 'Save Changes' })).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: 'Complete Form' })).toBeNull();
    expect((within(dialog).getByLabelText('Duration (minutes)') as HTMLInputElement).value).toBe('30');
    expect((within(dialog).getByRole('radio', { name: '4' }) as HTMLInputElement).checked).toBe(true);
  });

  it('a save that finds the same field changed meanwhile shows both values, and sends the choice on the new version', async () => {
    const loaded = makeForm({ version: 1 });
    const onServer = makeForm({
      version: 2,
      fields: { ...loaded.fields, topics: 'Fees', duration_minutes: 45 },
    });
    let puts = 0;
    const seen = stubApi((method) => {
      if (method !== 'PUT') return json({});
      puts += 1;
      return puts === 1
        ? json(
            {
              error: FORM_MESSAGES.changedMeanwhile,
              current: onServer,
              conflicting_fields: ['fields.topics'],
            },
            412,
          )
        : json(makeForm({ version: 3 }));
    });
    const onClose = vi.fn();
    renderWithClient(<FormEditDialog type="care_call" form={loaded} onClose={onClose} />);
    const dialog = screen.getByRole('dialog', { name: 'Edit Care Call' });
    const topics = within(dialog).getByLabelText('Topics discussed') as HTMLTextAreaElement;
    await userEvent.clear(topics);
    await userEvent.type(topics, 'Exams and fees');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save Draft' }));

    expect(await within(dialog).findByText(FORM_MESSAGES.changedMeanwhile)).toBeTruthy();
    const field = within(dialog).getByRole('group', { name: 'Topics discussed' });
    expect(within(field).getByRole('radio', { name: 'Yours: Exams and fees' })).toBeTruthy();
    // What changed on the server only is taken in; the field both changed waits for a choice.
    expect((within(dialog).getByLabelText('Duration (minutes)') as HTMLInputElement).value).toBe('45');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save Draft' }));
    expect(await within(dialog).findByText(FORM_MESSAGES.chooseConflicts)).toBeTruthy();
    expect(puts).toBe(1);

    await userEvent.click(within(field).getByRole('radio', { name: 'On the server: Fees' }));
    expect(topics.value).toBe('Fees');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save Draft' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const sent = seen.filter((call) => call.method === 'PUT');
    expect(sent[1]!.body).toMatchObject({ fields: { topics: 'Fees', duration_minutes: 45 } });
    const ifMatch = vi
      .mocked(fetch)
      .mock.calls.filter(([, init]) => init?.method === 'PUT')
      .map(([, init]) => (init!.headers as Record<string, string>)['If-Match']);
    expect(ifMatch).toEqual(['"1"', '"2"']);
  });
});
