import { type ReactNode, type Ref, useId } from 'react';
import {
  Controller,
  type FieldPath,
  type FieldPathByValue,
  get,
  useFormContext,
  useFormState,
} from 'react-hook-form';
import type { SystemSettings } from '../../../domain/settings';
import { Field, Input } from '../../components/ui';
import { cn } from '../../lib/cn';

/**
 * Whole numbers only (spec §5): '12' is 12; '12.5', '1e3', '' or '12 days' are not numbers here
 * (NaN), so the schema answers '… must be a whole number' rather than the form guessing.
 */
export function parseWhole(value: unknown): number {
  if (typeof value === 'number') return value;
  const text = String(value ?? '').trim();
  return /^\d+$/.test(text) ? Number(text) : Number.NaN;
}

/** A field's message, however it got there (the form's check or the server's 400). */
export function useFieldError(name: FieldPath<SystemSettings>): string | undefined {
  const { errors } = useFormState<SystemSettings>({ name });
  const error = get(errors, name) as { message?: string } | undefined;
  return error?.message;
}

/** A labelled on/off switch (role="switch"), with what it decides written under its label. */
export function Switch({
  label,
  description,
  checked,
  onChange,
  disabled,
  buttonRef,
  error,
}: {
  label: string;
  description?: ReactNode;
  checked: boolean;
  onChange?: (checked: boolean) => void;
  disabled?: boolean;
  buttonRef?: Ref<HTMLButtonElement>;
  error?: string;
}) {
  const id = useId();
  const describedBy = [description ? `${id}-about` : '', error ? `${id}-error` : '']
    .filter(Boolean)
    .join(' ');
  return (
    <div className="flex items-start justify-between gap-4 py-3">
      <div className="min-w-0">
        <label id={`${id}-label`} htmlFor={id} className="text-sm font-medium text-slate-900">
          {label}
        </label>
        {description && (
          <p id={`${id}-about`} className="mt-0.5 text-sm text-slate-500">
            {description}
          </p>
        )}
        {error && (
          <p id={`${id}-error`} role="alert" className="mt-1 text-sm text-red-700">
            {error}
          </p>
        )}
      </div>
      <button
        ref={buttonRef}
        id={id}
        type="button"
        role="switch"
        aria-checked={checked}
        aria-labelledby={`${id}-label`}
        aria-describedby={describedBy || undefined}
        disabled={disabled}
        onClick={() => onChange?.(!checked)}
        className={cn(
          'relative mt-0.5 inline-flex h-6 w-11 shrink-0 items-center rounded-full transition-colors',
          'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary',
          'disabled:cursor-not-allowed disabled:opacity-60',
          checked ? 'bg-primary' : 'bg-slate-300',
        )}
      >
        <span
          aria-hidden="true"
          className={cn(
            'inline-block size-5 rounded-full bg-white shadow transition-transform motion-reduce:transition-none',
            checked ? 'translate-x-5.5' : 'translate-x-0.5',
          )}
        />
      </button>
    </div>
  );
}

/** A switch bound to one on/off setting of the form. */
export function SettingSwitch({
  name,
  label,
  description,
}: {
  name: FieldPathByValue<SystemSettings, boolean>;
  label: string;
  description?: ReactNode;
}) {
  const { control } = useFormContext<SystemSettings>();
  const error = useFieldError(name);
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <Switch
          label={label}
          description={description}
          checked={field.value === true}
          onChange={field.onChange}
          buttonRef={field.ref}
          error={error}
        />
      )}
    />
  );
}

/** A whole-number setting with its limits as the hint ('From 6 to 64'). */
export function WholeNumberField({
  name,
  label,
  limits,
  hint,
  unit,
}: {
  name: FieldPathByValue<SystemSettings, number>;
  label: string;
  limits: { min: number; max: number };
  hint?: string;
  /** Said after the box, e.g. 'minutes'. */
  unit?: string;
}) {
  const { register } = useFormContext<SystemSettings>();
  const error = useFieldError(name);
  const range = `From ${limits.min} to ${limits.max}.`;
  return (
    <Field label={label} error={error} hint={hint ? `${range} ${hint}` : range} required>
      <div className="flex items-center gap-2">
        <Input
          inputMode="numeric"
          autoComplete="off"
          className="w-28"
          {...register(name, { setValueAs: parseWhole })}
        />
        {unit && <span className="text-sm text-slate-600">{unit}</span>}
      </div>
    </Field>
  );
}
