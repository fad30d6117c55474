import { z } from 'zod';

export const ErrorResponseSchema = z
  .object({
    error: z.string(),
    code: z.string().optional(),
    fields: z.record(z.string(), z.string()).optional(),
  })
  .meta({ id: 'Error' });
export type ErrorResponse = z.infer<typeof ErrorResponseSchema>;

export const MessageResponseSchema = z.object({ message: z.string() });

export const IdParamSchema = z.object({ id: z.uuid({ message: 'Not found' }) });

/** Trimmed text that must not be blank. */
export const requiredText = (message: string, max = 200) =>
  z
    .string({ message })
    .trim()
    .min(1, { message })
    .max(max, { message: `Must be at most ${max} characters` });

/** Trimmed optional text; blank becomes null. */
export const optionalText = (max = 500) =>
  z
    .string()
    .trim()
    .max(max, { message: `Must be at most ${max} characters` })
    .nullish()
    .transform((v) => (v ? v : null));

export const PageQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(25),
});
