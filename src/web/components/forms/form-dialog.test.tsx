// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useForm } from 'react-hook-form';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { ApiError } from '../../lib/api';
import { Field, Input } from '../ui';
import { FormDialog } from './form-dialog';
import { InputField } from './input-field';
import { schemaResolver } from './schema-resolver';

const OfficerSchema = z.object({
  name: z.string().trim().min(1, { message: 'Name is required' }),
  email: z.email({ message: 'Email must be a valid email address' }),
});
type OfficerValues = { name: string; email: string };

function OfficerDialog({
  onSubmit,
  onOpenChange = () => {},
}: {
  onSubmit: (values: OfficerValues) => Promise<void>;
  onOpenChange?: (open: boolean) => void;
}) {
  const form = useForm<OfficerValues>({
    resolver: schemaResolver(OfficerSchema),
    defaultValues: { name: '', email: '' },
  });
  const { errors } = form.formState;
  return (
    <FormDialog
      open
      onOpenChange={onOpenChange}
      title="Add Officer"
      form={form}
      onSubmit={onSubmit}
      submitLabel="Add Officer"
      pendingLabel="Adding..."
      failureMessage={(error) => (error instanceof ApiError ? error.message : null)}
    >
      <Field label="Name" error={errors.name?.message}>
        <Input {...form.register('name')} />
      </Field>
      <Field label="Email" error={errors.email?.message}>
        <Input {...form.register('email')} />
      </Field>
    </FormDialog>
  );
}

/** The same form with the kit's own pieces: InputField for each field, `failed` for the words. */
function OfficerKitDialog({ onSubmit }: { onSubmit: (values: OfficerValues) => Promise<void> }) {
  const form = useForm<OfficerValues>({
    resolver: schemaResolver(OfficerSchema),
    defaultValues: { name: '', email: '' },
  });
  return (
    <FormDialog
      open
      onOpenChange={() => {}}
      title="Add Officer"
      form={form}
      onSubmit={onSubmit}
      submitLabel="Add Officer"
      pendingLabel="Adding..."
      failed="Failed to add officer"
    >
      <InputField form={form} name="name" label="Name" required />
      <InputField form={form} name="email" label="Email" type="email" hint="Their work address" />
    </FormDialog>
  );
}

afterEach(cleanup);

describe('FormDialog', () => {
  it("shows the schema's messages on their fields and does not submit", async () => {
    const onSubmit = vi.fn(async () => {});
    render(<OfficerDialog onSubmit={onSubmit} />);
    await userEvent.type(screen.getByLabelText('Email'), 'not-mail');
    await userEvent.click(screen.getByRole('button', { name: 'Add Officer' }));
    expect(await screen.findByText('Email must be a valid email address')).toBeTruthy();
    expect(screen.getByText('Name is required')).toBeTruthy();
    expect(screen.getByLabelText('Email').getAttribute('aria-invalid')).toBe('true');
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('shows a refusal the server gives no field above the form, once', async () => {
    render(
      <OfficerDialog
        onSubmit={vi.fn(async () => {
          throw new ApiError(409, 'This officer was changed meanwhile', 'conflict');
        })}
      />,
    );
    await userEvent.type(screen.getByLabelText('Name'), 'Bupe Tembo');
    await userEvent.type(screen.getByLabelText('Email'), 'bupe@example.org');
    await userEvent.click(screen.getByRole('button', { name: 'Add Officer' }));
    expect(await screen.findAllByText('This officer was changed meanwhile')).toHaveLength(1);
  });

  it('shows a server field error on its field only (not again at the top), and keeps the typed values', async () => {
    const onSubmit = vi.fn(async () => {
      throw new ApiError(409, 'Email is already used', 'conflict', {
        email: 'Email is already used by Bupe',
      });
    });
    render(<OfficerDialog onSubmit={onSubmit} />);
    await userEvent.type(screen.getByLabelText('Name'), 'Bupe Tembo');
    await userEvent.type(screen.getByLabelText('Email'), 'bupe@example.org');
    await userEvent.click(screen.getByRole('button', { name: 'Add Officer' }));

    expect(await screen.findByText('Email is already used by Bupe')).toBeTruthy();
    expect(screen.queryByText('Email is already used')).toBeNull();
    expect(onSubmit).toHaveBeenCalledWith({ name: 'Bupe Tembo', email: 'bupe@example.org' });
    const email = screen.getByLabelText('Email') as HTMLInputElement;
    expect(email.value).toBe('bupe@example.org');
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe('Bupe Tembo');
  });

  it('opens with focus in its first field', async () => {
    render(<OfficerDialog onSubmit={vi.fn(async () => {})} />);
    expect(document.activeElement).toBe(screen.getByLabelText('Name'));
  });

  it('closes at once when nothing was typed', async () => {
    const onOpenChange = vi.fn();
    render(<OfficerDialog onSubmit={vi.fn(async () => {})} onOpenChange={onOpenChange} />);
    await userEvent.keyboard('{Escape}');
    expect(onOpenChange).toHaveBeenCalledWith(false);
    expect(screen.queryByText('Discard your changes?')).toBeNull();
  });

  it("asks 'Discard your changes?' before closing after typing, by Escape or Cancel", async () => {
    const onOpenChange = vi.fn();
    render(<OfficerDialog onSubmit={vi.fn(async () => {})} onOpenChange={onOpenChange} />);
    await userEvent.type(screen.getByLabelText('Name'), 'Bupe');
    await userEvent.keyboard('{Escape}');
    expect(await screen.findByText('Discard your changes?')).toBeTruthy();
    expect(onOpenChange).not.toHaveBeenCalled();

    await userEvent.click(screen.getByRole('button', { name: 'Keep editing' }));
    expect(screen.queryByText('Discard your changes?')).toBeNull();
    expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe('Bupe');

    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Discard' }));
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });

  it("InputField shows its field's label, hint and message; `failed` comes before the server's reason", async () => {
    const refused = new ApiError(409, 'This officer was changed meanwhile', 'conflict');
    render(<OfficerKitDialog onSubmit={vi.fn(async () => Promise.reject(refused))} />);
    const email = screen.getByLabelText(/Email/);
    expect(email.getAttribute('type')).toBe('email');
    expect(screen.getByText('Their work address')).toBeTruthy();
    await userEvent.type(email, 'not-mail');
    await userEvent.click(screen.getByRole('button', { name: 'Add Officer' }));
    expect(await screen.findByText('Email must be a valid email address')).toBeTruthy();
    expect(email.getAttribute('aria-invalid')).toBe('true');
    await userEvent.type(screen.getByLabelText(/Name/), 'Bupe Tembo');
    await userEvent.clear(email);
    await userEvent.type(email, 'bupe@example.org');
    await userEvent.click(screen.getByRole('button', { name: 'Add Officer' }));
    expect(await screen.findByText('Failed to add officer: This officer was changed meanwhile')).toBeTruthy();
  });
});
