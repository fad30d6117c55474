import type { z } from 'zod';
import type { ListStateSchema } from '../../lib/list-state';
import { useOpenedRecord } from '../../lib/use-opened-record';
import { useKeepPageInRange, useUrlListState } from '../../lib/use-url-list-state';
import type { PagedQuery } from './paged-query';
import { type DeleteMutation, useDeleteConfirm } from './use-delete-confirm';

/** What a screen of one area's records keeps in the address: search, page and the record open. */
type RecordListState = { q: string; page: number; open: string };

/** One area's list, record and delete queries, as its `<area>.queries.ts` exports them. */
export interface RecordQueries<T extends { id: string }, Q extends PagedQuery<T>, S> {
  /** The page of records for the API query string that `listQuery` makes of the address's state. */
  useList: (query: string) => Q;
  listQuery: (state: S) => string;
  pageSize: number;
  /** One record, for a `?open=<id>` (the bell, the search) not on the page shown. */
  useOne: (id: string, enabled: boolean) => { data?: T; isError: boolean; error: unknown };
  useDelete: () => DeleteMutation;
  /** The server's reason for a failure, in the product's words. */
  reasonOf: (error: unknown) => string;
}

/**
 * What a screen of an area's records does the same as every other (events, the library,
 * announcements): its list's state in the address, the page of records (the page before when the
 * last one was emptied), the record opened from `?open=<id>` and Delete with its question, which
 * closes the record's details once it is gone. The screen keeps its words, tiles, cards and dialogs.
 */
export function useRecordScreen<
  S extends ListStateSchema & z.ZodType<RecordListState>,
  T extends { id: string },
  Q extends PagedQuery<T>,
>(
  schema: S,
  area: RecordQueries<T, Q, z.output<S>>,
  deletion: { noun: string; message: string; deleted: string },
) {
  const list = useUrlListState(schema);
  const { state } = list;
  // The state has every field of RecordListState, so a change of some of them is a change of it.
  const update = list.update as (changes: Partial<RecordListState>) => void;
  const query = area.useList(area.listQuery(state));
  const { opened, open, close, linkError } = useOpenedRecord({
    list: { state, update },
    items: query.data?.items,
    useOne: area.useOne,
    reasonOf: area.reasonOf,
  });
  const goToPage = (page: number) => update({ page });
  useKeepPageInRange(state.page, area.pageSize, query.data, goToPage);
  const deleting = useDeleteConfirm<T>({
    ...deletion,
    mutation: area.useDelete(),
    reasonOf: area.reasonOf,
    onDeleted: (record) => state.open === record.id && close(),
  });
  return {
    list,
    query,
    opened,
    open,
    close,
    deletion: deleting,
    /** `ListScreen`'s address state and the reason a linked record could not be shown. */
    frame: { list, linkError },
    /** `CardList`'s page of records and its pager. */
    cards: { query, onPage: goToPage },
  };
}
