import { Library } from 'lucide-react';
import type { Resource } from '../../../contracts/library';
import { LIBRARY_MESSAGES as M } from '../../../domain/library';
import { DataTable, type PagedQuery, tableStateOf } from '../../components/list';
import { recordRow } from '../../components/list/record-row';
import { reasonOf } from './library.queries';
import { CategoryBadge, OpenButton, Stars, Thumbnail, TypeBadge } from './library-ui';
import type { ResourceActions } from './resource-card';

/** The List view: Resource, Type, Category, Author, Rating, Actions (cards on phones). */
export function ResourceTable({ query, actions }: { query: PagedQuery<Resource>; actions: ResourceActions }) {
  const row = recordRow(actions);
  const title = row.title;
  const buttons = (r: Resource) => row.buttons(r, <OpenButton resource={r} onOpened={actions.onOpen} />);
  return (
    <DataTable
      label="Resources"
      {...tableStateOf(query, { title: "Couldn't load the library", message: reasonOf })}
      rowKey={(r) => r.id}
      emptyIcon={Library}
      emptyTitle={M.noneFound}
      columns={[
        {
          header: 'Resource',
          cell: (r) => (
            <div className="flex items-center gap-3">
              <Thumbnail resource={r} className="size-12 shrink-0 rounded-lg [&_svg]:size-6" />
              <div className="min-w-0">{title(r)}</div>
            </div>
          ),
          skeletonWidth: 'w-40',
        },
        { header: 'Type', cell: (r) => <TypeBadge type={r.type} /> },
        { header: 'Category', cell: (r) => <CategoryBadge category={r.category} /> },
        { header: 'Author', cell: (r) => r.author ?? '—' },
        { header: 'Rating', cell: (r) => <Stars resource={r} /> },
        { header: 'Actions', cell: buttons, className: 'text-right' },
      ]}
      card={(r) => (
        <div className="space-y-2 text-sm text-slate-700">
          <div className="flex flex-wrap items-center gap-2">
            {title(r)}
            <TypeBadge type={r.type} />
            <CategoryBadge category={r.category} />
          </div>
          {r.author && <p>{r.author}</p>}
          <Stars resource={r} />
          {buttons(r)}
        </div>
      )}
    />
  );
}
