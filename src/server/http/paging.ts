/** The page a list's query asks for (page and pageSize of PageQuerySchema). */
export interface PageQuery {
  page: number;
  pageSize: number;
}

/** The rows to read for the page: LIMIT and OFFSET. */
export const pageWindow = ({ page, pageSize }: PageQuery) => ({
  limit: pageSize,
  offset: (page - 1) * pageSize,
});

/** A list's answer for the page asked for (pagedResponseSchema in contracts/common). */
export const pageOf = <T>(items: T[], total: number, { page, pageSize }: PageQuery) => ({
  items,
  total,
  page,
  pageSize,
});
