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

/**
 * A well-formed id no record has (ids are random v4 uuids, and the nil uuid is the server's own
 * "no scope" and "everyone" mark): what a malformed id in a path becomes.
 */
export const NO_RECORD_ID = 'ffffffff-ffff-ffff-ffff-ffffffffffff';

/**
 * A path parameter naming a record. Text that is not a uuid names nothing, so it becomes
 * NO_RECORD_ID: the route answers exactly as for an unknown id (its own 404 and message, after its
 * own 401 and 403), and PostgreSQL, which refuses a malformed uuid, never sees it. Every record id
 * in a path goes through this one schema (a test walking the OpenAPI document checks it).
 */
export const RecordIdParam = z
  .string()
  .meta({ format: 'uuid' })
  .transform((id) => (isUuid(id) ? id : NO_RECORD_ID));

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

/** Whole-number counts by name, in the order given: a screen's tiles or count cards. */
export const tileCountsSchema = <K extends string>(names: readonly K[]) =>
  z.object(Object.fromEntries(names.map((name) => [name, z.number().int()])) as { [N in K]: z.ZodNumber });

/** A list page with the counts of its screen's tiles (tileCountsSchema) beside the items. */
export const tiledPageSchema = <T extends z.ZodType, K extends string>(item: T, tiles: readonly K[]) =>
  pagedResponseSchema(item).extend({ counts: tileCountsSchema(tiles) });

/**
 * The form field of a CSV import (students, allowances) that chooses what happens to rows with
 * problems: 'true' imports the valid rows and reports the others; absent or 'false' refuses the
 * whole file while any row has a problem.
 */
export const SKIP_INVALID_ROWS_FIELD = 'skip_invalid_rows';
export const SKIP_INVALID_ROWS_MESSAGE = 'skip_invalid_rows must be true or false';
