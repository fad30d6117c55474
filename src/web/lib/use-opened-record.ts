/** What the hook reads of the query that fetches one record by its id. */
interface OneRecordQuery<T> {
  data?: T;
  isError: boolean;
  error: unknown;
}

/**
 * The record named by the address's `?open=<id>` (the bell, the search, a card's title): the one on
 * the list's page when it is there, otherwise fetched alone once the page has come (so a record on
 * the page costs no second request). `open` and `close` keep the page; `linkError` says why a
 * named record could not be shown (gone, or not the user's to see).
 */
export function useOpenedRecord<T extends { id: string }>({
  list,
  items,
  useOne,
  reasonOf,
}: {
  list: { state: { open: string; page: number }; update: (changes: { open: string; page: number }) => void };
  /** The list's page; undefined while it loads. */
  items: T[] | undefined;
  /** The area's one-record query hook: `useEvent(id, enabled)`. */
  useOne: (id: string, enabled: boolean) => OneRecordQuery<T>;
  reasonOf: (error: unknown) => string;
}) {
  const { open: id, page } = list.state;
  const listed = items?.find((record) => record.id === id);
  const fetched = useOne(id, items !== undefined && !listed);
  return {
    opened: listed ?? fetched.data,
    open: (record: T) => list.update({ open: record.id, page }),
    close: () => list.update({ open: '', page }),
    linkError: fetched.isError && id ? reasonOf(fetched.error) : null,
  };
}
