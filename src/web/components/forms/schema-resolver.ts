import type { FieldError, FieldErrors, FieldValues, Resolver, ResolverResult } from 'react-hook-form';
import type { z } from 'zod';

/**
 * Checks a form's values with a schema, usually the API's own request schema, so the form refuses
 * what the server would refuse with the server's messages. The form keeps its values as typed
 * (strings); turning them into a request body is the form's mapping, not the resolver's.
 */
export function schemaResolver<TValues extends FieldValues>(schema: z.ZodType): Resolver<TValues> {
  return async (values): Promise<ResolverResult<TValues>> => {
    const result = await schema.safeParseAsync(values);
    if (result.success) return { values, errors: {} };
    const errors: Record<string, FieldError> = {};
    for (const issue of result.error.issues) {
      const name = issue.path.join('.');
      errors[name] ??= { type: issue.code, message: issue.message };
    }
    // Flat forms: a field's name is its path, which is the key react-hook-form looks up.
    return { values: {}, errors: errors as FieldErrors<TValues> };
  };
}
