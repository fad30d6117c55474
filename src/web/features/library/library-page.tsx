import { Library } from 'lucide-react';
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
  type ResourceType,
} from '../../../domain/library';
import { CardList, GridListSwitch, ListScreen, type StatTile, useDeleteConfirm } from '../../components/list';
import { filterParam, listStateSchema } from '../../lib/list-state';
import { useCurrentUser } from '../../lib/session';
import { useOpenedRecord } from '../../lib/use-opened-record';
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
  const { opened, open, close, linkError } = useOpenedRecord({
    list: { state: params, update },
    items: data?.items,
    useOne: useResource,
    reasonOf,
  });
  const [editing, setEditing] = useState<Editing>(null);
  useKeepPageInRange(params.page, LIBRARY_PAGE_SIZE, data, (page) => update({ page }));

  const deletion = useDeleteConfirm<Resource>({
    mutation: useDeleteResource(),
    title: 'Delete resource',
    message: 'Delete this resource? This cannot be undone.',
    deleted: M.deleted,
    failed: 'Failed to delete resource',
    reasonOf,
    onDeleted: (r) => params.open === r.id && close(),
  });
  const actions: ResourceActions = {
    onOpen: open,
    onEdit: (r) => setEditing({ resource: r }),
    onDelete: deletion.ask,
    canManage,
  };

  const tiles: Array<StatTile<ResourceType | ''>> = RESOURCE_TYPES.map((type) => ({
    key: type,
    label: RESOURCE_TYPE_PLURALS[type],
    icon: TYPE_ICONS[type],
    tone: TYPE_TONES[type],
    value: data?.counts[type] ?? 0,
  }));

  return (
    <ListScreen
      list={{ state: params, update }}
      title="Students Library"
      description="Books, audiobooks, videos and podcasts to read, watch and listen to"
      main={canManage && { label: 'Add Resource', onClick: () => setEditing({}) }}
      tiles={{
        label: 'Resources by type',
        tiles,
        selected: params.type,
        onSelect: (type) => update({ type: params.type === type ? '' : type }),
        loading: !data,
        className: 'lg:grid-cols-4',
      }}
      search={{ label: 'Search library resources', placeholder: 'Search library resources...' }}
      filters={[
        {
          key: 'type',
          label: 'Type',
          all: 'All Types',
          values: RESOURCE_TYPES,
          labels: RESOURCE_TYPE_PLURALS,
        },
        {
          key: 'category',
          label: 'Category',
          all: 'All Categories',
          values: RESOURCE_CATEGORIES,
          labels: RESOURCE_CATEGORY_LABELS,
        },
        <GridListSwitch
          key="viewswitch"
          value={params.view}
          onChange={(view) => update({ view, page: params.page })}
        />,
      ]}
      linkError={linkError}
    >
      <CardList
        label="Resources"
        listLabel="Resource list"
        query={list}
        onPage={(page) => update({ page })}
        failure={{ title: "Couldn't load the library", message: reasonOf }}
        empty={{ icon: Library, title: M.noneFound }}
        layout="grid"
        skeletonClassName="h-96"
        itemKey={(r) => r.id}
        renderItem={(r) => <ResourceCard resource={r} actions={actions} />}
        table={params.view === 'list' && <ResourceTable query={list} actions={actions} />}
      />
      {opened && !editing && !deletion.deleting && (
        <ResourceDialog
          key={opened.id}
          resource={opened}
          canManage={canManage}
          onEdit={() => setEditing({ resource: opened })}
          onDelete={() => deletion.ask(opened)}
          onClose={close}
        />
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
      {deletion.dialog}
    </ListScreen>
  );
}
