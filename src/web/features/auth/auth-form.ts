import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { type DefaultValues, type FieldValues, type Path, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { applyServerFieldErrors } from './form-errors';

/**
 * The form of a sign-in page: checked in the browser with the server's own schema, and on a refusal
 * the server's per-field messages go on their fields (`errors`) while `failure` holds what the alert shows.
 */
export function useAuthForm<Schema extends z.ZodType<FieldValues, FieldValues>, Failure>(
  schema: Schema,
  defaultValues: DefaultValues<z.input<Schema>>,
  refusal: {
    fields: readonly Path<z.input<Schema>>[];
    failureOf: (error: unknown) => Failure;
    initialFailure?: Failure | null;
  },
) {
  const form = useForm<z.input<Schema>, unknown, z.output<Schema>>({
    resolver: zodResolver(schema),
    defaultValues,
  });
  const [failure, setFailure] = useState<Failure | null>(refusal.initialFailure ?? null);
  /** The submit handler: `send` posts the checked values; anything it throws becomes the failure. */
  const submit = (send: (values: z.output<Schema>) => Promise<void>) =>
    form.handleSubmit(async (values) => {
      setFailure(null);
      try {
        await send(values);
      } catch (error) {
        applyServerFieldErrors(error, form.setError, refusal.fields);
        setFailure(refusal.failureOf(error));
      }
    });
  // Every sign-in page reads its fields' errors and whether it is sending; formState is read here, in
  // the page's render, so react-hook-form still re-renders the page when they change.
  const { errors, isSubmitting } = form.formState;
  return { ...form, errors, isSubmitting, failure, submit };
}
