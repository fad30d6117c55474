import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Card, PageHeader } from '../../components/ui';
import { KeptNotice } from './kept-while-offline';
import type { OfflineWork } from './offline-provider';

/**
 * A list screen with no network (issue 48 item 2): the screen's own header, the notice that this
 * is the phone's copy, then what the phone kept, read only. Each screen gives its kept items and
 * how one reads as a card.
 */
export function KeptListScreen<Item extends { id: string }>({
  work,
  title,
  description,
  what,
  items,
  listLabel,
  emptyIcon: EmptyIcon,
  emptyText,
  card,
}: {
  work: OfflineWork;
  title: string;
  description: string;
  what: 'tasks' | 'students';
  /** Null while the phone's database is read. */
  items: Item[] | null;
  listLabel: string;
  emptyIcon: LucideIcon;
  emptyText: string;
  card: (item: Item) => ReactNode;
}) {
  return (
    <div className="space-y-6">
      <PageHeader title={title} description={description} />
      <KeptNotice work={work} what={what} />
      {items === null ? (
        <p className="text-sm text-slate-600">Loading {what}...</p>
      ) : items.length === 0 ? (
        <Card className="flex flex-col items-center gap-2 p-6 text-center text-sm text-slate-600">
          <EmptyIcon aria-hidden="true" className="size-6 text-slate-400" />
          {emptyText}
        </Card>
      ) : (
        <ul aria-label={listLabel} className="grid gap-3 md:grid-cols-2 xl:grid-cols-3">
          {items.map((item) => (
            <li key={item.id}>{card(item)}</li>
          ))}
        </ul>
      )}
    </div>
  );
}
