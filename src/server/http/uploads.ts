import type { Context } from 'hono';
import { SKIP_INVALID_ROWS_FIELD, SKIP_INVALID_ROWS_MESSAGE } from '../../contracts/common';
import { UPLOAD_LIMIT_BYTES } from './body-limit';
import { badRequest, HttpError } from './errors';
import { multipartBody } from './openapi';

export const FILE_TOO_LARGE = 'The file is larger than 10 MB. Please split it into smaller files.';
export const ONLY_CSV = 'Only .csv files are accepted.';
export const NOT_UTF8_TEXT =
  'The file is not plain text: save it as "CSV UTF-8 (comma delimited)" and upload it again.';

/** The OpenAPI request body of an upload route: one file, as multipart form data, in the field `file`. */
export const csvUploadRequest = multipartBody();

/**
 * The request body of an import: the file, and whether rows with problems may be skipped
 * (`skip_invalid_rows=true`: the valid rows are imported and the others reported) or refuse the
 * whole file (absent or `false`: nothing is imported while any row has a problem).
 */
export const csvImportRequest = multipartBody({
  [SKIP_INVALID_ROWS_FIELD]: { type: 'string', enum: ['true', 'false'] },
});

/** Whether an import's request chose to skip the rows with problems; 400 for a value not true or false. */
export function skipsInvalidRows(fields: Record<string, string>): boolean {
  const value = fields[SKIP_INVALID_ROWS_FIELD];
  if (value === undefined || value === 'false') return false;
  if (value === 'true') return true;
  throw badRequest(SKIP_INVALID_ROWS_MESSAGE, { [SKIP_INVALID_ROWS_FIELD]: SKIP_INVALID_ROWS_MESSAGE });
}

/**
 * The file of a multipart form's field `file` (400 with `missingMessage` when it is absent or
 * empty), and the form's other text fields.
 */
async function formWithFile(
  c: Context,
  missingMessage: string,
): Promise<{ file: File; fields: Record<string, string> }> {
  let form: FormData;
  try {
    form = await c.req.formData();
  } catch {
    throw badRequest('Send the file as multipart form data in the field "file".');
  }
  const file = form.get('file');
  if (!(file instanceof File) || file.size === 0) throw badRequest(missingMessage);
  const fields: Record<string, string> = {};
  for (const [key, value] of form.entries()) if (typeof value === 'string') fields[key] = value;
  return { file, fields };
}

/** The CSV file sent as multipart form data in the field `file`, checked for type and size, and the form's other text fields. */
export async function readCsvUpload(
  c: Context,
  missingMessage = 'Please select a file to upload.',
): Promise<{ name: string; text: string; fields: Record<string, string> }> {
  const { file, fields } = await formWithFile(c, missingMessage);
  if (!file.name.toLowerCase().endsWith('.csv')) throw badRequest(ONLY_CSV);
  if (file.size > UPLOAD_LIMIT_BYTES) throw new HttpError(413, FILE_TOO_LARGE);
  const text = await file.text();
  // NUL characters mean a UTF-16 ("Unicode text") or binary file; PostgreSQL text cannot hold them.
  if (text.includes('\0')) throw badRequest(NOT_UTF8_TEXT);
  return { name: file.name, text, fields };
}

/**
 * A statement sent as multipart form data in the field `file`, CSV or XLSX (an operator's portal
 * gives either), checked for type and size, with the form's text fields. The bytes are kept as
 * they came: a spreadsheet is read by its own reader.
 */
export async function readStatementUpload(
  c: Context,
  messages: { missing: string; fileType: string },
): Promise<{ name: string; bytes: Uint8Array; kind: 'csv' | 'xlsx'; fields: Record<string, string> }> {
  const { file, fields } = await formWithFile(c, messages.missing);
  const name = file.name.toLowerCase();
  const kind = name.endsWith('.csv') ? 'csv' : name.endsWith('.xlsx') ? 'xlsx' : null;
  if (!kind) throw badRequest(messages.fileType);
  if (file.size > UPLOAD_LIMIT_BYTES) throw new HttpError(413, FILE_TOO_LARGE);
  const bytes = new Uint8Array(await file.arrayBuffer());
  return { name: file.name, bytes, kind, fields };
}
