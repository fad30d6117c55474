// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { isIsoDate } from '../../../domain/dates';
import { DEFAULT_DISPLAY, setDisplaySettings } from '../../lib/format';
import { schemaResolver } from '../forms/schema-resolver';
import { DateInput } from './date-input';
import { Field } from './field';

const Schema = z.object({
  due_date: z.string().refine((v) => v === '' || isIsoDate(v), { message: 'Due date must be a real date' }),
});
type Values = z.infer<typeof Schema>;

function DueForm({ initial, onSubmit }: { initial: string; onSubmit: (values: Values) => void }) {
  const form = useForm<Values>({ resolver: schemaResolver(Schema), defaultValues: { due_date: initial } });
  return (
    <form onSubmit={form.handleSubmit(onSubmit)}>
      <Field label="Due Date" error={form.formState.errors.due_date?.message}>
        <DateInput {...form.register('due_date')} />
      </Field>
      <button type="button" onClick={() => form.reset({ due_date: '2027-12-25' })}>
        Reset
      </button>
      <button type="button" onClick={() => form.setValue('due_date', '2026-07-04')}>
        Set
      </button>
      <button type="submit">Save</button>
    </form>
  );
}

const field = () => screen.getByLabelText('Due Date') as HTMLInputElement;

afterEach(() => {
  cleanup();
  setDisplaySettings(DEFAULT_DISPLAY);
});

describe('DateInput with a form', () => {
  it('shows the form’s day in the settings’ format and hands a typed one to the form as YYYY-MM-DD', async () => {
    const onSubmit = vi.fn();
    render(<DueForm initial="2026-11-26" onSubmit={onSubmit} />);
    expect(field().value).toBe('26/11/2026');
    expect(field().placeholder).toBe('DD/MM/YYYY');
    expect(field().type).toBe('text');
    await userEvent.clear(field());
    await userEvent.type(field(), '5/1/2026');
    await userEvent.tab();
    expect(field().value).toBe('05/01/2026');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSubmit).toHaveBeenCalledWith({ due_date: '2026-01-05' }, expect.anything());
  });

  it('names a day that does not exist, and the form refuses it', async () => {
    const onSubmit = vi.fn();
    render(<DueForm initial="" onSubmit={onSubmit} />);
    await userEvent.type(field(), '31/02/2026');
    await userEvent.tab();
    expect(
      screen.getByText('There is no such day: type it as DD/MM/YYYY, for example 31/01/2026.'),
    ).toBeTruthy();
    expect(field().getAttribute('aria-invalid')).toBe('true');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Due date must be a real date')).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
    // The form drawing its errors registers the field again: what was typed and why it is refused stay.
    expect(field().value).toBe('31/02/2026');
    expect(screen.getByText(/There is no such day/)).toBeTruthy();
    await userEvent.clear(field());
    await userEvent.type(field(), '28/02/2026');
    await userEvent.tab();
    expect(screen.queryByText(/There is no such day/)).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSubmit).toHaveBeenCalledWith({ due_date: '2026-02-28' }, expect.anything());
  });

  it('shows what the form sets or resets, and leaves an empty field empty', async () => {
    const onSubmit = vi.fn();
    render(<DueForm initial="" onSubmit={onSubmit} />);
    expect(field().value).toBe('');
    await userEvent.click(screen.getByRole('button', { name: 'Set' }));
    expect(field().value).toBe('04/07/2026');
    await userEvent.click(screen.getByRole('button', { name: 'Reset' }));
    expect(field().value).toBe('25/12/2027');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSubmit).toHaveBeenCalledWith({ due_date: '2027-12-25' }, expect.anything());
  });

  it('reads and writes the format System Settings choose', async () => {
    setDisplaySettings({ ...DEFAULT_DISPLAY, dateFormat: 'MM/DD/YYYY' });
    const onSubmit = vi.fn();
    render(<DueForm initial="2026-11-26" onSubmit={onSubmit} />);
    expect(field().value).toBe('11/26/2026');
    expect(field().placeholder).toBe('MM/DD/YYYY');
    await userEvent.clear(field());
    await userEvent.type(field(), '01/05/2026');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSubmit).toHaveBeenCalledWith({ due_date: '2026-01-05' }, expect.anything());
  });

  it('takes a day chosen from the calendar', async () => {
    const onSubmit = vi.fn();
    render(<DueForm initial="" onSubmit={onSubmit} />);
    expect(screen.getByRole('button', { name: 'Choose the day from a calendar' })).toBeTruthy();
    const calendar = document.querySelector('input[type="date"]') as HTMLInputElement;
    expect(calendar.getAttribute('aria-hidden')).toBe('true');
    fireEvent.change(calendar, { target: { value: '2026-03-09' } });
    expect(field().value).toBe('09/03/2026');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSubmit).toHaveBeenCalledWith({ due_date: '2026-03-09' }, expect.anything());
  });
});

function Filter({ onDay }: { onDay: (day: string) => void }) {
  const [day, setDay] = useState('2026-04-01');
  return (
    <>
      <Field label="From">
        <DateInput
          value={day}
          onChange={(e) => {
            setDay(e.target.value);
            onDay(e.target.value);
          }}
        />
      </Field>
      <button type="button" onClick={() => setDay('')}>
        Clear
      </button>
    </>
  );
}

describe('DateInput held by its parent', () => {
  it('reports each whole day typed, and shows the value the parent gives', async () => {
    const onDay = vi.fn();
    render(<Filter onDay={onDay} />);
    const from = screen.getByLabelText('From') as HTMLInputElement;
    expect(from.value).toBe('01/04/2026');
    await userEvent.clear(from);
    await userEvent.type(from, '15/04/2026');
    expect(onDay.mock.calls.map(([d]) => d)).toEqual(['', '2026-04-15']);
    await userEvent.click(screen.getByRole('button', { name: 'Clear' }));
    expect(from.value).toBe('');
  });
});
