import { useId } from 'react';
import { type FieldError, type FieldErrors, get, type UseFormRegister } from 'react-hook-form';
import { FORM_FIELDS, type FormFieldSpec, type FormType } from '../../../domain/forms';
import { Field, Input, Select, Textarea } from '../../components/ui';
import { cn } from '../../lib/cn';
import { type FormValues, fieldName } from './form-values';

const errorOf = (errors: FieldErrors<FormValues>, name: string): string | undefined =>
  (get(errors, name) as FieldError | undefined)?.message;

/**
 * The fields of one form type, drawn from FORM_FIELDS so the screen, the server's checks and the
 * PDF agree. The asterisk marks what completing needs; a draft may leave anything empty.
 */
export function FormTypeFields({
  type,
  register,
  errors,
  disabled,
}: {
  type: FormType;
  register: UseFormRegister<FormValues>;
  errors: FieldErrors<FormValues>;
  disabled: boolean;
}) {
  return (
    <>
      {FORM_FIELDS[type].map((spec) => (
        <TypeField
          key={spec.key}
          spec={spec}
          register={register}
          error={errorOf(errors, fieldName(spec.key))}
          disabled={disabled}
        />
      ))}
    </>
  );
}

function TypeField({
  spec,
  register,
  error,
  disabled,
}: {
  spec: FormFieldSpec;
  register: UseFormRegister<FormValues>;
  error?: string;
  disabled: boolean;
}) {
  const name = fieldName(spec.key);
  if (spec.kind === 'rating')
    return <RatingField spec={spec} register={register} error={error} disabled={disabled} />;
  const label = spec.kind === 'number' ? `${spec.label} (${spec.unit})` : spec.label;
  return (
    <Field label={label} required={spec.required} hint={spec.hint} error={error}>
      {spec.kind === 'text' ? (
        <Input maxLength={spec.max} disabled={disabled} {...register(name)} />
      ) : spec.kind === 'longtext' ? (
        <Textarea rows={3} maxLength={spec.max} disabled={disabled} {...register(name)} />
      ) : spec.kind === 'number' ? (
        <Input
          type="number"
          inputMode="numeric"
          min={spec.min}
          max={spec.max}
          step={1}
          className="max-w-40"
          disabled={disabled}
          {...register(name)}
        />
      ) : (
        <Select
          disabled={disabled}
          options={[
            { value: '', label: 'Select...' },
            ...spec.choices.map((choice) => ({ value: choice, label: spec.labels[choice] ?? choice })),
          ]}
          {...register(name)}
        />
      )}
    </Field>
  );
}

/**
 * A 1-5 rating as native radio buttons in a fieldset: Tab reaches the group, arrow keys choose,
 * and the legend, hint and error are read with it.
 */
function RatingField({
  spec,
  register,
  error,
  disabled,
}: {
  spec: Extract<FormFieldSpec, { kind: 'rating' }>;
  register: UseFormRegister<FormValues>;
  error?: string;
  disabled: boolean;
}) {
  const id = useId();
  const hintId = spec.hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const values = Array.from({ length: spec.max - spec.min + 1 }, (_, i) => String(spec.min + i));
  return (
    <fieldset
      aria-describedby={[hintId, errorId].filter(Boolean).join(' ') || undefined}
      className="space-y-1.5"
    >
      <legend className="flex items-baseline gap-0.5 text-sm font-medium text-slate-800">
        {spec.label}
        {spec.required && (
          <span aria-hidden="true" className="text-red-600">
            *
          </span>
        )}
      </legend>
      <div className="flex flex-wrap gap-2">
        {values.map((value) => (
          <label key={value} className="cursor-pointer">
            <input
              type="radio"
              value={value}
              disabled={disabled}
              className="peer sr-only"
              {...register(fieldName(spec.key))}
            />
            <span
              className={cn(
                'flex size-10 items-center justify-center rounded-lg border bg-white text-sm font-medium text-slate-700',
                error ? 'border-red-500' : 'border-slate-300',
                'peer-checked:border-primary peer-checked:bg-primary peer-checked:text-primary-foreground',
                'peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-primary',
                'peer-disabled:opacity-60',
              )}
            >
              {value}
            </span>
          </label>
        ))}
      </div>
      {spec.hint && (
        <p id={hintId} className="text-xs text-slate-500">
          {spec.hint}
        </p>
      )}
      {error && (
        <p id={errorId} role="alert" className="text-sm text-red-700">
          {error}
        </p>
      )}
    </fieldset>
  );
}
