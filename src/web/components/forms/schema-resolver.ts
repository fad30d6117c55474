import {
  type DefaultValues,
  type FieldError,
  type FieldErrors,
  type FieldValues,
  type Resolver,
  type ResolverResult,
  useForm,
} from 'react-hook-form';
import type { z } from 'zod';

/** The first message for each field a failed check names (its path joined with dots). */
export function firstMessageByField(issues: readonly z.core.$ZodIssue[]): Record<string, string> {
  const messages: Record<string, string> = {};
  for (const issue of issues) messages[issue.path.join('.')] ??= issue.message;
  return messages;
}

/** The first message for each field `values` break, or null when the schema takes them. */
export function formProblems(schema: z.ZodType, values: unknown): Record<string, string> | null {
  const result = schema.safeParse(values);
  return result.success ? null : firstMessageByField(result.error.issues);
}

/**
 * Checks a form's values with a schema, usually the API's own request schema, so the form refuses
 * what the server would refuse with the server's messages. The form keeps its values as typed
 * (strings); turning them into a request body is the form's mapping, not the resolver's.
 */
export function schemaResolver<TValues extends FieldValues>(schema: z.ZodType): Resolver<TValues> {
  return (values): ResolverResult<TValues> => {
    const problems = formProblems(schema, values);
    if (!problems) return { values, errors: {} };
    const errors: Record<string, FieldError> = {};
    for (const [name, message] of Object.entries(problems)) errors[name] = { type: 'schema', message };
    // Flat forms: a field's name is its path, which is the key react-hook-form looks up.
    return { values: {}, errors: errors as FieldErrors<TValues> };
  };
}

/** A react-hook-form checked by `schema` (see schemaResolver), starting from `defaultValues`. */
export function useSchemaForm<TValues extends FieldValues>(
  schema: z.ZodType,
  defaultValues: DefaultValues<TValues>,
) {
  return useForm<TValues>({ resolver: schemaResolver<TValues>(schema), defaultValues });
}
