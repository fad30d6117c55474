import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from '../../lib/api';

/**
 * Puts a failed call's field messages (ApiError.fields, and `fieldOf` for a message that names a
 * field only in words, such as a taken CHL number) on the form's own inputs, focusing the first.
 * Answers true when at least one landed.
 */
export function showServerFieldErrors<TValues extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<TValues>,
  fields: readonly string[],
  fieldOf?: (error: ApiError) => string | null,
): boolean {
  if (!(error instanceof ApiError)) return false;
  const found = Object.entries(error.fields ?? {}).filter(([field]) => fields.includes(field));
  const named = fieldOf?.(error);
  if (named && fields.includes(named) && !found.some(([field]) => field === named))
    found.push([named, error.message]);
  for (const [index, [field, message]] of found.entries())
    setError(field as Path<TValues>, { type: 'server', message }, { shouldFocus: index === 0 });
  return found.length > 0;
}
