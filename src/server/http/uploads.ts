import type { Context } from 'hono';
import { UPLOAD_LIMIT_BYTES } from './body-limit';
import { badRequest, HttpError } from './errors';

export const FILE_TOO_LARGE = 'The file is larger than 10 MB. Please split it into smaller files.';
export const ONLY_CSV = 'Only .csv files are accepted.';
export const NOT_UTF8_TEXT =
  'The file is not plain text: save it as "CSV UTF-8 (comma delimited)" and upload it again.';

/** The OpenAPI request body of an upload route: one file, as multipart form data, in the field `file`. */
export const csvUploadRequest = {
  body: {
    required: true,
    content: {
      'multipart/form-data': {
        schema: {
          type: 'object' as const,
          properties: { file: { type: 'string' as const, format: 'binary' } },
          required: ['file'],
        },
      },
    },
  },
};

/** The CSV file sent as multipart form data in the field `file`, checked for type and size. */
export async function readCsvUpload(
  c: Context,
  missingMessage = 'Please select a file to upload.',
): Promise<{ name: string; text: string }> {
  let form: FormData;
  try {
    form = await c.req.formData();
  } catch {
    throw badRequest('Send the file as multipart form data in the field "file".');
  }
  const file = form.get('file');
  if (!(file instanceof File) || file.size === 0) throw badRequest(missingMessage);
  if (!file.name.toLowerCase().endsWith('.csv')) throw badRequest(ONLY_CSV);
  if (file.size > UPLOAD_LIMIT_BYTES) throw new HttpError(413, FILE_TOO_LARGE);
  const text = await file.text();
  // NUL characters mean a UTF-16 ("Unicode text") or binary file; PostgreSQL text cannot hold them.
  if (text.includes('\0')) throw badRequest(NOT_UTF8_TEXT);
  return { name: file.name, text };
}
