import { LayoutGrid, Library, List, Plus } from 'lucide-react';
import { useState } from 'react';
import { z } from 'zod';
import type { Resource } from '../../../contracts/library';
import {
  canManageLibrary,
  LIBRARY_MESSAGES as M,
  RESOURCE_CATEGORIES,
  RESOURCE_CATEGORY_LABELS,
  RESOURCE_TYPE_PLURALS,
  RESOURCE_TYPES,
  type ResourceCategory,
  type ResourceType,
} from '../../../domain/library';
import { choiceOptions } from '../../components/forms';
import { ListError, QueryPager, SearchBox, type StatTile, StatTiles } from '../../components/list';
import {
  Button,
  Card,
  ConfirmDialog,
  EmptyState,
  PageHeader,
  Select,
  Skeleton,
  toast,
} from '../../components/ui';
import { filterParam, listStateSchema } from '../../lib/list-state';
import { useCurrentUser } from '../../lib/session';
import { useKeepPageInRange, useUrlListState } from '../../lib/use-url-list-state';
import {
  LIBRARY_PAGE_SIZE,
  listQuery,
  reasonOf,
  useDeleteResource,
  useResource,
  useResources,
} from './library.queries';
import { TYPE_ICONS, TYPE_TONES } from './library-ui';
import { type ResourceActions, ResourceCard } from './resource-card';
import { ResourceDialog } from './resource-dialog';
import { ResourceFormDialog } from './resource-form-dialog';
import { ResourceTable } from './resource-table';

/** Search, type, category, view, page and the resource open, kept in the address bar. */
const ParamsSchema = listStateSchema({
  type: filterParam(RESOURCE_TYPES),
  category: filterParam(RESOURCE_CATEGORIES),
  view: filterParam(['list']),
  open: z.string().max(40).default(''),
});

type Editing = { resource?: Resource; justCreated?: boolean } | null;

/**
 * /library (docs/product.md §2): the Students Library. Everyone signed in browses, reads, plays and
 * rates; staff add, edit and delete resources and upload their files. `?open=<id>` opens one.
 */
export function LibraryPage() {
  const user = useCurrentUser();
  const canManage = canManageLibrary(user.role);
  const { state: params, update } = useUrlListState(ParamsSchema);
  const list = useResources(listQuery(params));
  const data = list.data;
  const listed = data?.items.find((r) => r.id === params.open);
  const fetched = useResource(params.open, data !== undefined && !listed);
  const opened = listed ?? fetched.data;
  const remove = useDeleteResource();
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<Resource | null>(null);
  useKeepPageInRange(params.page, LIBRARY_PAGE_SIZE, data, (page) => update({ page }));

  const close = () => update({ open: '', page: params.page });
  const actions: ResourceActions = {
    onOpen: (r) => update({ open: r.id, page: params.page }),
    onEdit: (r) => setEditing({ resource: r }),
    onDelete: (r) => setDeleting(r),
    canManage,
  };

  const tiles: Array<StatTile<ResourceType>> = RESOURCE_TYPES.map((type) => ({
    key: type,
    label: RESOURCE_TYPE_PLURALS[type],
    icon: TYPE_ICONS[type],
    tone: TYPE_TONES[type],
    value: data?.counts[type] ?? 0,
  }));

  return (
    <div className="space-y-6">
      <PageHeader
        title="Students Library"
        description="Books, audiobooks, videos and podcasts to read, watch and listen to"
        actions={
          canManage && (
            <Button onClick={() => setEditing({})}>
              <Plus aria-hidden="true" className="size-4" />
              Add Resource
            </Button>
          )
        }
      />
      <StatTiles<ResourceType | ''>
        label="Resources by type"
        tiles={tiles}
        selected={params.type}
        onSelect={(type) => update({ type: params.type === type ? '' : type })}
        loading={!data}
        className="lg:grid-cols-4"
      />
      <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-end">
        <SearchBox
          label="Search library resources"
          placeholder="Search library resources..."
          value={params.q}
          onCommit={(q) => update({ q })}
          className="min-w-0 flex-1 sm:min-w-56"
        />
        <Select
          aria-label="Type"
          value={params.type}
          onChange={(e) => update({ type: e.target.value as ResourceType | '' })}
          options={[
            { value: '', label: 'All Types' },
            ...choiceOptions(RESOURCE_TYPES, RESOURCE_TYPE_PLURALS),
          ]}
        />
        <Select
          aria-label="Category"
          value={params.category}
          onChange={(e) => update({ category: e.target.value as ResourceCategory | '' })}
          options={[
            { value: '', label: 'All Categories' },
            ...choiceOptions(RESOURCE_CATEGORIES, RESOURCE_CATEGORY_LABELS),
          ]}
        />
        <fieldset className="flex self-start rounded-lg border border-slate-300 p-0.5 sm:self-auto">
          <legend className="sr-only">View</legend>
          {(
            [
              ['', 'Grid', LayoutGrid],
              ['list', 'List', List],
            ] as const
          ).map(([view, label, Icon]) => (
            <Button
              key={label}
              size="sm"
              variant={params.view === view ? 'primary' : 'ghost'}
              aria-pressed={params.view === view}
              onClick={() => update({ view, page: params.page })}
            >
              <Icon aria-hidden="true" className="size-4" />
              {label}
            </Button>
          ))}
        </fieldset>
      </div>

      <section aria-label="Resources" aria-busy={list.isFetching || undefined} className="space-y-4">
        {params.view === 'list' ? (
          <Card>
            <ResourceTable query={list} actions={actions} />
          </Card>
        ) : list.isError && !data ? (
          <Card>
            <ListError
              title="Couldn't load the library"
              message={reasonOf(list.error)}
              onRetry={() => void list.refetch()}
              retrying={list.isFetching}
            />
          </Card>
        ) : !data ? (
          <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} className="h-96 w-full rounded-xl" />
            ))}
          </div>
        ) : data.items.length === 0 ? (
          <Card>
            <EmptyState icon={Library} title={M.noneFound} />
          </Card>
        ) : (
          <ul
            aria-label="Resource list"
            className={`grid gap-4 sm:grid-cols-2 xl:grid-cols-3 ${list.isPlaceholderData ? 'opacity-60' : ''}`}
          >
            {data.items.map((r) => (
              <li key={r.id}>
                <ResourceCard resource={r} actions={actions} />
              </li>
            ))}
          </ul>
        )}
        {data && data.total > 0 && (
          <Card>
            <QueryPager query={list} onPage={(page) => update({ page })} />
          </Card>
        )}
      </section>

      {opened && !editing && !deleting && (
        <ResourceDialog
          key={opened.id}
          resource={opened}
          canManage={canManage}
          onEdit={() => setEditing({ resource: opened })}
          onDelete={() => setDeleting(opened)}
          onClose={close}
        />
      )}
      {fetched.isError && params.open && (
        <p role="alert" className="text-sm text-red-700">
          {reasonOf(fetched.error)}
        </p>
      )}
      {editing && (
        <ResourceFormDialog
          key={`${editing.resource?.id ?? 'new'}-${editing.justCreated ? 'created' : ''}`}
          resource={editing.resource}
          justCreated={editing.justCreated}
          onCreated={(resource) => setEditing({ resource, justCreated: true })}
          onClose={() => setEditing(null)}
        />
      )}
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(next) => !next && !remove.isPending && setDeleting(null)}
        title="Delete resource"
        message="Delete this resource? This cannot be undone."
        confirmLabel="Delete"
        variant="danger"
        busy={remove.isPending}
        busyLabel="Deleting..."
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting.id, {
            onSuccess: () => {
              toast.success(M.deleted);
              if (params.open === deleting.id) close();
            },
            onError: (error) => toast.error('Failed to delete resource', { description: reasonOf(error) }),
            onSettled: () => setDeleting(null),
          })
        }
      />
    </div>
  );
}
