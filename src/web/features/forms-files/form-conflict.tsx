import type { Form } from '../../../contracts/forms';
import { FORM_FIELDS, type FormType, FORM_MESSAGES as M } from '../../../domain/forms';
import { Alert } from '../../components/ui';
import { cn } from '../../lib/cn';
import { formatDate } from '../../lib/format';

/*
 * Never a silent overwrite (issue 48, item 6): when a save finds the form changed meanwhile in the
 * same fields (412), each such field shows both values side by side and the officer picks one;
 * the dialog then sends the form again on the version the server gave.
 */

export type ConflictSide = 'yours' | 'server';

/** A save refused for fields changed on both sides: the form as saved and what the officer had typed. */
export interface FormConflictState {
  current: Form;
  /** As the server names them: 'student_id', 'form_date', 'fields.<key>'. */
  fields: string[];
  /** The officer's values of those fields as the dialog holds them (a student by id). */
  yours: Record<string, string>;
  /** The officer's student's name, when the student is one of the fields. */
  yoursStudentName?: string;
}

/** The server's value of a field, as the dialog holds values (a string; empty when not filled in). */
export function serverValue(current: Form, name: string): string {
  if (name === 'student_id') return current.student_id;
  if (name === 'form_date') return current.form_date;
  const value = current.fields[name.slice('fields.'.length)];
  return value === undefined ? '' : String(value);
}

function fieldLabel(type: FormType, name: string): string {
  if (name === 'student_id') return 'Student';
  if (name === 'form_date') return 'Date';
  const key = name.slice('fields.'.length);
  return FORM_FIELDS[type].find((spec) => spec.key === key)?.label ?? key;
}

function shown(name: string, value: string, studentName: string | undefined): string {
  if (value === '') return '(empty)';
  if (name === 'student_id') return studentName ?? value;
  if (name === 'form_date') return formatDate(value);
  return value;
}

/** For each field changed on both sides: "Yours" and "On the server", one to choose. */
export function FormConflictChoices({
  type,
  conflict,
  chosen,
  onChoose,
  disabled,
}: {
  type: FormType;
  conflict: FormConflictState;
  chosen: Record<string, ConflictSide>;
  onChoose: (name: string, side: ConflictSide) => void;
  disabled: boolean;
}) {
  return (
    <div className="space-y-3">
      <Alert tone="error" title={M.changedMeanwhile} />
      {conflict.fields.map((name) => {
        const sides: Array<[ConflictSide, string, string]> = [
          ['yours', 'Yours', shown(name, conflict.yours[name] ?? '', conflict.yoursStudentName)],
          [
            'server',
            'On the server',
            shown(name, serverValue(conflict.current, name), conflict.current.student_name),
          ],
        ];
        return (
          <fieldset key={name} className="rounded-md border border-amber-300 bg-amber-50 p-3">
            <legend className="px-1 text-sm font-semibold text-slate-900">{fieldLabel(type, name)}</legend>
            <div className="grid gap-2 sm:grid-cols-2">
              {sides.map(([side, title, value]) => (
                <label
                  key={side}
                  className={cn(
                    'flex cursor-pointer gap-2 rounded-md border bg-white p-2 text-sm',
                    chosen[name] === side ? 'border-sky-600 ring-1 ring-sky-600' : 'border-slate-200',
                  )}
                >
                  <input
                    type="radio"
                    name={`conflict-${name}`}
                    checked={chosen[name] === side}
                    disabled={disabled}
                    onChange={() => onChoose(name, side)}
                    aria-label={`${title}: ${value}`}
                  />
                  <span>
                    <span className="block font-medium text-slate-900">{title}</span>
                    <span className="block whitespace-pre-wrap text-slate-700">{value}</span>
                  </span>
                </label>
              ))}
            </div>
          </fieldset>
        );
      })}
    </div>
  );
}
