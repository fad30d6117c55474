import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { Field, Select } from '../ui';
import { choiceOptions } from './choice-options';

/**
 * A form's select over one of the programme's lists (a type, a status, an audience) with its
 * label and the field's error, registered on `name`.
 */
function ChoiceField<F extends FieldValues, T extends string>({
  form,
  name,
  label,
  values,
  labels,
  disabled,
}: {
  form: UseFormReturn<F>;
  name: Path<F>;
  label: string;
  values: readonly T[];
  labels: Record<T, string>;
  disabled?: boolean;
}) {
  const { error } = form.getFieldState(name, form.formState);
  return (
    <Field label={label} error={error?.message}>
      <Select disabled={disabled} options={choiceOptions(values, labels)} {...form.register(name)} />
    </Field>
  );
}

/**
 * The selects of one form, each on a line of its own:
 * `const choice = choiceFields(form, { disabled: busy })`, then
 * `{choice('type', 'Type', EVENT_TYPES, EVENT_TYPE_LABELS)}`.
 */
export function choiceFields<F extends FieldValues>(
  form: UseFormReturn<F>,
  { disabled }: { disabled?: boolean } = {},
) {
  return <T extends string>(
    name: Path<F>,
    label: string,
    values: readonly T[],
    labels: Record<T, string>,
  ) => (
    <ChoiceField form={form} name={name} label={label} values={values} labels={labels} disabled={disabled} />
  );
}
