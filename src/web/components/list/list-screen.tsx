import { type LucideIcon, Plus } from 'lucide-react';
import { type ComponentProps, Fragment, isValidElement, type ReactElement, type ReactNode } from 'react';
import { Button, PageHeader } from '../ui';
import { FilterSelect, type FilterSpec } from './list-filters';
import { SearchBox } from './search-box';
import { StatTiles } from './stat-tiles';

/** The screen's main button (Add, New, Report, Upload); left out where the user may not use it. */
export interface MainAction {
  label: string;
  onClick: () => void;
  icon?: LucideIcon;
}

/** A list's search, filters and page kept in the address bar, as `useUrlListState` gives them. */
export interface UrlList<S extends { q: string }> {
  state: S;
  update: (changes: Partial<S>) => void;
}

/** The tiles' own props, or, with `filter`, tiles that set that address parameter (see `tilesOf`). */
type ListTiles<K extends string, S> =
  | ComponentProps<typeof StatTiles<K>>
  | (Omit<ComponentProps<typeof StatTiles<K>>, 'selected' | 'onSelect'> & { filter: keyof S & string });

/**
 * Tiles that filter by the address parameter `filter` (a type, a status): the tile of the value in
 * the address is the selected one, and pressing it again shows every value.
 */
function tilesOf<K extends string, S extends { q: string }>(tiles: ListTiles<K, S>, list: UrlList<S>) {
  if (!('filter' in tiles)) return tiles;
  const { filter, ...rest } = tiles;
  const selected = String(list.state[filter] ?? '') as K;
  const onSelect = (key: K) => list.update({ [filter]: selected === key ? '' : key } as Partial<S>);
  return { ...rest, selected, onSelect };
}

/**
 * The frame every paged list screen shares: the header with its actions, the figures that filter
 * the list, the filters row (search first, then the page's own filters), the body the page gives
 * (a `CardList` or a `ListTable`) with its dialogs, and the reason a linked record (`?open=<id>`)
 * could not be shown. The page keeps only what is its own: words, filters, columns or cards.
 */
export function ListScreen<K extends string, S extends { q: string }>({
  list,
  title,
  description,
  actions,
  main,
  tiles,
  search,
  filters,
  linkError,
  children,
}: {
  list: UrlList<S>;
  title: string;
  description: string;
  /** Buttons before the main one (Export). */
  actions?: ReactNode;
  main?: MainAction | false;
  tiles?: ListTiles<K, S>;
  /** The search box's name for screen readers and its placeholder; it sets `q`. */
  search: { label: string; placeholder: string };
  /** After the search: selects that set an address parameter, or the page's own (a picker, views). */
  filters?: Array<FilterSpec<S> | ReactElement>;
  /** Why the record named in the address could not be opened; null when it was or none was named. */
  linkError?: string | null;
  /** The list's body and the page's dialogs. */
  children: ReactNode;
}) {
  const MainIcon = main ? (main.icon ?? Plus) : null;
  return (
    <div className="space-y-6">
      <PageHeader
        title={title}
        description={description}
        actions={
          (actions || main) && (
            <>
              {actions}
              {main && MainIcon && (
                <Button onClick={main.onClick}>
                  <MainIcon aria-hidden="true" className="size-4" />
                  {main.label}
                </Button>
              )}
            </>
          )
        }
      />
      {tiles && <StatTiles {...tilesOf(tiles, list)} />}
      <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-end">
        <SearchBox
          {...search}
          value={list.state.q}
          onCommit={(q) => list.update({ q } as Partial<S>)}
          className="min-w-0 flex-1 sm:min-w-56"
        />
        {filters?.map((filter, i) =>
          isValidElement(filter) ? (
            // biome-ignore lint/suspicious/noArrayIndexKey: the page's filters never move
            <Fragment key={i}>{filter}</Fragment>
          ) : (
            <FilterSelect
              key={filter.key}
              label={filter.label}
              all={filter.all}
              value={String(list.state[filter.key] ?? '')}
              values={filter.values}
              labelOf={filter.labels}
              onChange={(value) => list.update({ [filter.key]: value } as Partial<S>)}
            />
          ),
        )}
      </div>
      {children}
      {linkError && (
        <p role="alert" className="text-sm text-red-700">
          {linkError}
        </p>
      )}
    </div>
  );
}
