// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { cleanAfterEach, json, renderWithClient, stubApi } from '../../testing/api-stub';
import { StudentDetailsDialog } from './student-details-dialog';
import { fullStudent, later, listItem, STUDENT_ID } from './test-support';

cleanAfterEach();

const dialog = () => screen.getByRole('dialog', { name: 'Student Details' });

describe('StudentDetailsDialog opened from a list row', () => {
  it('shows the row at once, a loading state for the rest, then the whole record read by id', async () => {
    const record = later();
    const calls = stubApi((_method, url) =>
      url === `/api/students/${STUDENT_ID}` ? record.promise : json({}, 404),
    );
    renderWithClient(<StudentDetailsDialog open student={listItem} onOpenChange={() => {}} />);

    expect(within(dialog()).getByText('Mutale Phiri')).toBeTruthy();
    expect(within(dialog()).getByText('CHL-0042')).toBeTruthy();
    expect(within(dialog()).getByText("Loading the student's details...")).toBeTruthy();
    // What the row does not carry is not shown as missing: no 'Not provided' before it arrives.
    expect(within(dialog()).queryByText('Contact Number')).toBeNull();
    expect(within(dialog()).queryByText('Not provided')).toBeNull();
    expect(calls.map((c) => c.url)).toEqual([`/api/students/${STUDENT_ID}`]);

    record.arrive(json(fullStudent));
    expect(await within(dialog()).findByText('+260977000111')).toBeTruthy();
    expect(within(dialog()).getByText('Kabwata')).toBeTruthy();
    expect(within(dialog()).getByText('06/05/2004')).toBeTruthy();
    expect(within(dialog()).getByText('Probation')).toBeTruthy();
    expect(within(dialog()).getByText('3.25')).toBeTruthy();
    expect(within(dialog()).queryByText("Loading the student's details...")).toBeNull();
  });

  it('says why the record could not be read, keeps the header, and reads it again on Retry', async () => {
    let failing = true;
    const calls = stubApi(() => (failing ? json({ error: 'Student not found' }, 404) : json(fullStudent)));
    renderWithClient(<StudentDetailsDialog open student={listItem} onOpenChange={() => {}} />);

    const alert = await within(dialog()).findByRole('alert');
    expect(alert.textContent).toContain("Couldn't load this student's details");
    expect(alert.textContent).toContain('Student not found');
    expect(within(dialog()).getByText('Mutale Phiri')).toBeTruthy();

    failing = false;
    await userEvent.click(within(dialog()).getByRole('button', { name: 'Retry' }));
    expect(await within(dialog()).findByText('+260977000111')).toBeTruthy();
    expect(calls).toHaveLength(2);
  });
});
