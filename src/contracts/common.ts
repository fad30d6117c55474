import { z } from 'zod';

/** A problem with one row of an uploaded file; `row` is the spreadsheet's row number (header = 1). */
export const RowProblemSchema = z.object({ row: z.number().int(), message: z.string() });
export type RowProblem = z.infer<typeof RowProblemSchema>;

/** A row an import left out on purpose, and why. */
export const DroppedRowSchema = z.object({ row: z.number().int(), reason: z.string() });

export const ErrorResponseSchema = z
  .object({
    error: z.string(),
    code: z.string().optional(),
    fields: z.record(z.string(), z.string()).optional(),
    /** A refused file's problems, in row order (CSV imports only). */
    rows: z.array(RowProblemSchema).optional(),
    /** Rows a refused import would have left out (CSV imports only). */
    dropped: z.array(DroppedRowSchema).optional(),
  })
  .meta({ id: 'Error' });
export type ErrorResponse = z.infer<typeof ErrorResponseSchema>;

export const MessageResponseSchema = z.object({ message: z.string() });

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Whether text is a well-formed id. Anything else is an id of nothing: 404, never a query. */
export const isUuid = (value: string) => UUID.test(value);

/** What a path whose record id is not a uuid answers, with 404: it names no record. */
export const NO_SUCH_RECORD = 'Not found';

/**
 * A path parameter naming a record: anything but a uuid names nothing, so it answers 404 like an
 * unknown id (the router's hook sees `RECORD_ID_ISSUE` on the issue) and never reaches a query,
 * where PostgreSQL would refuse it. Every record id in a path goes through this one schema.
 */
export const RECORD_ID_ISSUE = 'record_id';
export const RecordIdParam = z
  .string()
  .refine(isUuid, { message: NO_SUCH_RECORD, params: { [RECORD_ID_ISSUE]: true } })
  .meta({ format: 'uuid' });

/** The `{id}` of a record's path (see RecordIdParam). */
export const IdParamSchema = z.object({ id: RecordIdParam });

/** The largest value a PostgreSQL `integer` (int4) column holds; every integer a client sends stays within it. */
export const INT4_MAX = 2_147_483_647;

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

const PAGE = 'Page must be a whole number of 1 or more';
const PAGE_SIZE = 'Page size must be a whole number from 1 to 200';

/** page and pageSize of a list's query string, with the messages a person reads. */
export const PageQuerySchema = z.object({
  page: z.coerce
    .number({ message: PAGE })
    .int({ message: PAGE })
    .min(1, { message: PAGE })
    .max(100_000, { message: 'Page must be at most 100000' })
    .default(1),
  pageSize: z.coerce
    .number({ message: PAGE_SIZE })
    .int({ message: PAGE_SIZE })
    .min(1, { message: PAGE_SIZE })
    .max(200, { message: PAGE_SIZE })
    .default(25),
});

/** A list's answer: one page of items, how many match in all, and the page asked for. */
export const pagedResponseSchema = <T extends z.ZodType>(item: T) =>
  z.object({
    items: z.array(item),
    /** Matching items with every filter applied (for paging); with total_capped, a lower bound. */
    total: z.number().int(),
    /**
     * True when a search matched more than 1,000 (D17): total is then 1,000, read "1,000+", and a
     * page starting past the 1,000th match is empty. The server always sends it; absent reads false.
     */
    total_capped: z.boolean().optional(),
    page: z.number().int(),
    pageSize: z.number().int(),
  });

/**
 * The form field of a CSV import (students, allowances) that chooses what happens to rows with
 * problems: 'true' imports the valid rows and reports the others; absent or 'false' refuses the
 * whole file while any row has a problem.
 */
export const SKIP_INVALID_ROWS_FIELD = 'skip_invalid_rows';
export const SKIP_INVALID_ROWS_MESSAGE = 'skip_invalid_rows must be true or false';
