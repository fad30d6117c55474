import { z } from 'zod';
import { SEARCH_TEXT_MAX } from '../domain/search';

export const SearchQuerySchema = z.object({
  q: z
    .string()
    .trim()
    .min(1, 'Type something to search for')
    .max(SEARCH_TEXT_MAX, `Search for at most ${SEARCH_TEXT_MAX} characters`),
});

/** One record found, with the screen that opens it. */
export const SearchItemSchema = z
  .object({ id: z.string(), title: z.string(), detail: z.string(), href: z.string() })
  .meta({ id: 'SearchItem' });
export type SearchItem = z.infer<typeof SearchItemSchema>;

export const SearchGroupSchema = z
  .object({ area: z.string(), label: z.string(), items: z.array(SearchItemSchema) })
  .meta({ id: 'SearchGroup' });
export type SearchGroup = z.infer<typeof SearchGroupSchema>;

/** The top bar's search: what each area the user may read found, best first; empty areas left out. */
export const SearchResponseSchema = z
  .object({ q: z.string(), groups: z.array(SearchGroupSchema) })
  .meta({ id: 'SearchResults' });
export type SearchResponse = z.infer<typeof SearchResponseSchema>;
