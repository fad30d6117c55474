import { createContext, type ReactNode, useContext, useId } from 'react';
import { cn } from '../../lib/cn';
import { Label } from './label';

/** What a control inside <Field> picks up: its id, description ids and invalid state. */
export interface FieldControlProps {
  id: string;
  'aria-describedby'?: string;
  'aria-invalid'?: true;
  'aria-required'?: true;
}

const FieldContext = createContext<FieldControlProps | null>(null);

/** Inside a <Field>, the props that wire a control to its label, hint and error; null elsewhere. */
export function useFieldControl(): FieldControlProps | null {
  return useContext(FieldContext);
}

export interface FieldProps {
  label: ReactNode;
  /** Validation message; shown in red and announced (role="alert"). */
  error?: string;
  /** Helper text under the control. */
  hint?: ReactNode;
  required?: boolean;
  /** Use your own id for the control (otherwise one is generated). */
  id?: string;
  className?: string;
  children: ReactNode;
}

/**
 * Label + control + hint + error in one column. Kit controls (Input, PasswordInput, Select, Textarea)
 * inside it get id, aria-describedby and aria-invalid automatically:
 *   <Field label="Staff ID" error={errors.staffId?.message}><Input {...register('staffId')} /></Field>
 */
export function Field({ label, error, hint, required, id, className, children }: FieldProps) {
  const generated = useId();
  const controlId = id ?? `field-${generated}`;
  const hintId = hint ? `${controlId}-hint` : undefined;
  const errorId = error ? `${controlId}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  return (
    <div className={cn('space-y-1.5', className)}>
      <div className="flex items-baseline gap-0.5">
        <Label htmlFor={controlId}>{label}</Label>
        {required && (
          <span aria-hidden="true" className="text-sm text-red-600">
            *
          </span>
        )}
      </div>
      <FieldContext.Provider
        value={{
          id: controlId,
          'aria-describedby': describedBy,
          'aria-invalid': error ? true : undefined,
          'aria-required': required ? true : undefined,
        }}
      >
        {children}
      </FieldContext.Provider>
      {hint && (
        <p id={hintId} className="text-xs text-slate-500">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} role="alert" className="text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}
