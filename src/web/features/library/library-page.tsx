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
} from '../../../domain/library';
import { CardList, countTiles, GridListSwitch, ListScreen } from '../../components/list';
import { useRecordScreen } from '../../components/list/use-record-screen';
import { filterParam, listStateSchema } from '../../lib/list-state';
import { useCurrentUser } from '../../lib/session';
import { RESOURCE_QUERIES, reasonOf } from './library.queries';
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
  const screen = useRecordScreen(ParamsSchema, RESOURCE_QUERIES, {
    noun: 'resource',
    message: 'Delete this resource? This cannot be undone.',
    deleted: M.deleted,
  });
  const { opened, deletion } = screen;
  const params = screen.list.state;
  const data = screen.query.data;
  const [editing, setEditing] = useState<Editing>(null);
  const actions: ResourceActions = {
    onOpen: screen.open,
    onEdit: (r) => setEditing({ resource: r }),
    onDelete: deletion.ask,
    canManage,
  };

  const look = { labels: RESOURCE_TYPE_PLURALS, icons: TYPE_ICONS, tones: TYPE_TONES };
  const tiles = countTiles(RESOURCE_TYPES, look, data?.counts);

  return (
    <ListScreen
      {...screen.frame}
      title="Students Library"
      description="Books, audiobooks, videos and podcasts to read, watch and listen to"
      main={canManage && { label: 'Add Resource', onClick: () => setEditing({}) }}
      tiles={{
        label: 'Resources by type',
        tiles,
        filter: 'type',
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
        <GridListSwitch key="viewswitch" list={screen.list} />,
      ]}
    >
      <CardList
        label="Resources"
        listLabel="Resource list"
        {...screen.cards}
        failure={{ title: "Couldn't load the library", message: reasonOf }}
        empty={{ icon: Library, title: M.noneFound }}
        layout="grid"
        skeletonClassName="h-96"
        itemKey={(r) => r.id}
        renderItem={(r) => <ResourceCard resource={r} actions={actions} />}
        table={params.view === 'list' && <ResourceTable query={screen.query} actions={actions} />}
      />
      {opened && !editing && !deletion.deleting && (
        <ResourceDialog
          key={opened.id}
          resource={opened}
          canManage={canManage}
          onEdit={() => setEditing({ resource: opened })}
          onDelete={() => deletion.ask(opened)}
          onClose={screen.close}
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
