import type { Context } from 'hono';
import { badRequest, HttpError } from './errors';
import { UPLOAD_LIMIT_BYTES } from './request-guards';

export const FILE_TOO_LARGE = 'The file is larger than 10 MB. Please split it into smaller files.';
export const ONLY_CSV = 'Only .csv files are accepted.';

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
  return { name: file.name, text: await file.text() };
}
