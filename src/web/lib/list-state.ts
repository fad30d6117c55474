import { z } from 'zod';

/**
 * A list's state kept in the address bar (search, filters, sort, page), so a filtered list can be
 * shared as a link and survives a reload. Each field of the schema is one URL parameter with a
 * default; defaults stay out of the URL, and a value the schema refuses falls back to its default.
 */
export type ListStateSchema = z.ZodObject<Record<string, z.ZodType<string | number, unknown>>>;

/** The free-text search: trimmed and cut to the 100 characters the API accepts. */
export const searchParam = z
  .string()
  .transform((text) => text.trim().slice(0, 100))
  .default('');

/** The page number: a whole number from 1. */
export const pageParam = z.coerce.number().int().min(1).default(1);

/** One of `values`, or '' (no filter). */
export function filterParam<const T extends readonly [string, ...string[]]>(values: T) {
  return z.union([z.enum(values), z.literal('')]).default('');
}

/**
 * A paged, searchable list's state: `q`, then the list's own filters (and sort), then `page`, in
 * that order in the URL.
 */
export function listStateSchema<F extends Record<string, z.ZodType<string | number, unknown>>>(filters: F) {
  return z.object({ q: searchParam, ...filters, page: pageParam });
}

/** The state with every field at its default. */
export function defaultListState<S extends ListStateSchema>(schema: S): z.output<S> {
  return schema.parse({});
}

/** Reads the state from the URL, field by field, so one bad value costs only that field. */
export function parseListState<S extends ListStateSchema>(schema: S, search: URLSearchParams): z.output<S> {
  const state: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(schema.shape)) {
    const parsed = field.safeParse(search.get(key) ?? undefined);
    state[key] = parsed.success ? parsed.data : field.parse(undefined);
  }
  return state as z.output<S>;
}

/**
 * Writes the state into `base` (other parameters of the page, e.g. ?open=, are kept) in the
 * schema's field order, leaving out what equals the default so links stay short.
 */
export function serialiseListState<S extends ListStateSchema>(
  schema: S,
  state: z.output<S>,
  base: URLSearchParams = new URLSearchParams(),
): URLSearchParams {
  const search = new URLSearchParams(base);
  const defaults = defaultListState(schema) as Record<string, unknown>;
  for (const key of Object.keys(schema.shape)) {
    search.delete(key);
    const value = (state as Record<string, unknown>)[key];
    if (value !== undefined && value !== defaults[key]) search.set(key, String(value));
  }
  return search;
}
