import type { FieldError, FieldErrors, Resolver } from 'react-hook-form';
import { type Resource, ResourceInputSchema } from '../../../contracts/library';
import { LIBRARY_MESSAGES as M } from '../../../domain/library';
import { firstMessageByField } from '../../components/forms';
import { ApiError } from '../../lib/api';
import { splitTags } from '../../lib/tags';

/** The form's values as typed: strings (tags comma separated). */
export interface ResourceFormValues {
  title: string;
  description: string;
  author: string;
  type: string;
  category: string;
  tags: string;
  duration: string;
  thumbnail_url: string;
  url: string;
}

export function formDefaults(r?: Resource): ResourceFormValues {
  return {
    title: r?.title ?? '',
    description: r?.description ?? '',
    author: r?.author ?? '',
    type: r?.type ?? 'book',
    category: r?.category ?? 'academic',
    tags: r?.tags.join(', ') ?? '',
    duration: r?.duration ?? '',
    thumbnail_url: r?.thumbnail_url ?? '',
    url: r?.url ?? '',
  };
}

/** The request body (ResourceInput): the tags as a list, the rest as typed (the server trims and blanks). */
export const toBody = (v: ResourceFormValues) => ({ ...v, tags: splitTags(v.tags) });

/** A message on `tags.2` belongs on the Tags field. */
const fieldName = (path: string) => path.split('.')[0] ?? path;

/** The contract's own checks on the body, each message on its field. */
export const resourceResolver: Resolver<ResourceFormValues> = (values) => {
  const result = ResourceInputSchema.safeParse(toBody(values));
  if (result.success) return { values, errors: {} };
  const errors: Record<string, FieldError> = {};
  for (const [path, message] of Object.entries(firstMessageByField(result.error.issues)))
    errors[fieldName(path)] ??= { type: 'schema', message };
  return { values: {}, errors: errors as FieldErrors<ResourceFormValues> };
};

/** The server's field names as the form's (`tags.0` -> `tags`), so its messages land on the fields. */
export function withFormFields(error: unknown): unknown {
  if (!(error instanceof ApiError) || !error.fields) return error;
  const fields: Record<string, string> = {};
  for (const [path, message] of Object.entries(error.fields)) fields[fieldName(path)] ??= message;
  return new ApiError(error.status, error.message, error.code, fields, error.details);
}

/** A refusal that names its field only in words. */
export const fieldOfError = (error: ApiError) => (error.message === M.sourceRequired ? 'url' : null);
