/** TanStack Query keys of the allowances feature; everything under ['allowances'] is refreshed after a change. */
export const allowanceKeys = {
  all: ['allowances'] as const,
  list: (params: { q: string; stage: string; page: number }) => ['allowances', 'list', params] as const,
  detail: (id: string) => ['allowances', 'detail', id] as const,
  awaitingMe: ['allowances', 'awaiting-me'] as const,
};

/** The bell polls this often (ms). */
export const AWAITING_ME_POLL_MS = 60_000;
