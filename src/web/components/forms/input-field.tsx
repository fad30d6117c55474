import type { ComponentProps, ReactNode } from 'react';
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { Field, Input } from '../ui';

/**
 * A form's input with its label, hint and the field's error, registered on `name`: the Field and
 * Input a form would otherwise spell out for each of its text, phone and email fields.
 */
export function InputField<F extends FieldValues>({
  form,
  name,
  label,
  required,
  hint,
  ...input
}: {
  form: UseFormReturn<F>;
  name: Path<F>;
  label: string;
  required?: boolean;
  hint?: ReactNode;
} & Omit<ComponentProps<'input'>, 'form' | 'name' | 'required'>) {
  const { error } = form.getFieldState(name, form.formState);
  return (
    <Field label={label} required={required} error={error?.message} hint={hint}>
      <Input {...input} {...form.register(name)} />
    </Field>
  );
}
