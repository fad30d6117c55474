import type { LucideIcon } from 'lucide-react';
import type { ComponentProps, ReactNode } from 'react';
import { cn } from '../../lib/cn';
import { EmptyState, Skeleton, Table, TBody, TD, TH, THead, TR } from '../ui';
import { ListError } from './list-error';

export interface DataColumn<T> {
  header: ReactNode;
  cell: (row: T) => ReactNode;
  /** Classes for the column's header and cells (e.g. 'text-right'). */
  className?: string;
  /** The column's width in a fixed layout (e.g. 'w-[27%]'); set on all columns or none. */
  width?: string;
  /** The width of the placeholder bar while loading (e.g. 'w-32'). */
  skeletonWidth?: string;
}

export interface DataTableProps<T> {
  /** Names the table and the phone list for screen readers ('Students'). */
  label: string;
  columns: Array<DataColumn<T>>;
  /** undefined while the first page loads (skeleton rows). */
  rows: T[] | undefined;
  rowKey: (row: T) => string;
  /** One record as a card on phones, where a table would hide columns off to the side. */
  card: (row: T) => ReactNode;
  /** Work is going on (aria-busy). */
  busy?: boolean;
  /** The rows are the previous page's, kept while the next loads: shown faded. */
  dimmed?: boolean;
  /** Set when the list could not be loaded and there is nothing to show. */
  error?: ComponentProps<typeof ListError> | null;
  emptyIcon: LucideIcon;
  /** No records at all ("no records yet"). */
  emptyTitle: string;
  /** A search or filter left nothing ("nothing matches these filters"); else `emptyTitle`. */
  emptyFilteredTitle?: string;
  /** A search or filter narrows the list (picks the empty state). */
  filtered?: boolean;
}

/**
 * One page of records: a table from tablet width up, a list of cards on phones (the hidden copy is
 * out of the accessibility tree, so each record is announced once), skeletons while loading, the
 * error with Retry, or the empty state that fits.
 */
export function DataTable<T>({
  label,
  columns,
  rows,
  rowKey,
  card,
  busy,
  dimmed,
  error,
  emptyIcon,
  emptyTitle,
  emptyFilteredTitle,
  filtered,
}: DataTableProps<T>) {
  if (error) return <ListError {...error} />;
  if (rows && rows.length === 0) {
    return <EmptyState icon={emptyIcon} title={(filtered && emptyFilteredTitle) || emptyTitle} />;
  }
  const fixed = columns.some((column) => column.width);
  return (
    <>
      <div className="hidden md:block">
        <Table aria-label={label} aria-busy={busy || undefined} className={cn(fixed && 'table-fixed')}>
          {fixed && (
            <colgroup>
              {columns.map((column, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: columns are fixed for a table's life
                <col key={i} className={column.width} />
              ))}
            </colgroup>
          )}
          <THead>
            <tr>
              {columns.map((column, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: columns are fixed for a table's life
                <TH key={i} className={column.className}>
                  {column.header}
                </TH>
              ))}
            </tr>
          </THead>
          <TBody className={cn(dimmed && 'opacity-60 transition-opacity')}>
            {rows
              ? rows.map((row) => (
                  <TR key={rowKey(row)}>
                    {columns.map((column, i) => (
                      // biome-ignore lint/suspicious/noArrayIndexKey: columns are fixed for a table's life
                      <TD key={i} className={column.className}>
                        {column.cell(row)}
                      </TD>
                    ))}
                  </TR>
                ))
              : Array.from({ length: 6 }, (_, r) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: placeholder rows
                  <tr key={r}>
                    {columns.map((column, i) => (
                      // biome-ignore lint/suspicious/noArrayIndexKey: placeholder cells
                      <TD key={i}>
                        <Skeleton className={cn('h-4', column.skeletonWidth ?? 'w-24')} />
                      </TD>
                    ))}
                  </tr>
                ))}
          </TBody>
        </Table>
      </div>

      <ul
        aria-label={label}
        aria-busy={busy || undefined}
        className={cn('divide-y divide-slate-100 md:hidden', dimmed && 'opacity-60')}
      >
        {rows
          ? rows.map((row) => (
              <li key={rowKey(row)} className="px-4 py-3">
                {card(row)}
              </li>
            ))
          : Array.from({ length: 4 }, (_, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: placeholder cards
              <li key={i} className="space-y-2 px-4 py-3">
                <Skeleton className="h-4 w-2/3" />
                <Skeleton className="h-3 w-1/2" />
              </li>
            ))}
      </ul>
    </>
  );
}
