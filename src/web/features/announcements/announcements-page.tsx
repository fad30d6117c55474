import { useState } from 'react';
import { z } from 'zod';
import type { Announcement } from '../../../contracts/announcements';
import {
  ANNOUNCEMENT_PRIORITIES,
  ANNOUNCEMENT_PRIORITY_LABELS,
  ANNOUNCEMENT_TYPE_LABELS,
  ANNOUNCEMENT_TYPES,
  type AnnouncementType,
  canChangeAnnouncement,
  canPostAnnouncements,
  ANNOUNCEMENT_MESSAGES as M,
} from '../../../domain/announcements';
import { CardList, ListScreen, type StatTile, useDeleteConfirm } from '../../components/list';
import { todayIso } from '../../lib/format';
import { filterParam, listStateSchema } from '../../lib/list-state';
import { useCurrentUser } from '../../lib/session';
import { useOpenedRecord } from '../../lib/use-opened-record';
import { useKeepPageInRange, useUrlListState } from '../../lib/use-url-list-state';
import { AnnouncementCard } from './announcement-card';
import { AnnouncementDetailDialog } from './announcement-detail-dialog';
import { AnnouncementFormDialog } from './announcement-form-dialog';
import { TYPE_ICONS, TYPE_TONES } from './announcement-ui';
import {
  ANNOUNCEMENTS_PAGE_SIZE,
  listQuery,
  reasonOf,
  useAnnouncement,
  useAnnouncements,
  useDeleteAnnouncement,
} from './announcements.queries';

/** Search, type, priority, page and the announcement open in Read More, kept in the address bar. */
const ParamsSchema = listStateSchema({
  type: filterParam(ANNOUNCEMENT_TYPES),
  priority: filterParam(ANNOUNCEMENT_PRIORITIES),
  open: z.string().max(40).default(''),
});

/** The four count cards the spec names; Event has none. */
const COUNTED = ['general', 'urgent', 'academic', 'financial'] as const;

type Editing = { announcement?: Announcement; justCreated?: boolean } | null;

/**
 * /announcements (docs/product.md §2): what every signed-in user reads, the active announcements
 * of their audience. Count cards filter by type; program officers and above write them; the
 * author or an admin edits and deletes. `?open=<id>` (the bell) opens one in Read More.
 */
export function AnnouncementsPage() {
  const user = useCurrentUser();
  const { state: params, update } = useUrlListState(ParamsSchema);
  const list = useAnnouncements(listQuery(params));
  const data = list.data;
  const { opened, open, close, linkError } = useOpenedRecord({
    list: { state: params, update },
    items: data?.items,
    useOne: useAnnouncement,
    reasonOf,
  });
  const [editing, setEditing] = useState<Editing>(null);
  const today = todayIso();
  // The last card of the last page deleted: show the page before instead of an empty one.
  useKeepPageInRange(params.page, ANNOUNCEMENTS_PAGE_SIZE, data, (page) => update({ page }));

  const deletion = useDeleteConfirm<Announcement>({
    mutation: useDeleteAnnouncement(),
    title: 'Delete announcement',
    message: 'Delete this announcement? This cannot be undone.',
    deleted: M.deleted,
    failed: 'Failed to delete announcement',
    reasonOf,
    onDeleted: (a) => params.open === a.id && close(),
  });

  const tiles: Array<StatTile<AnnouncementType | ''>> = COUNTED.map((type) => ({
    key: type,
    label: ANNOUNCEMENT_TYPE_LABELS[type],
    icon: TYPE_ICONS[type],
    tone: TYPE_TONES[type],
    value: data?.counts[type] ?? 0,
  }));

  return (
    <ListScreen
      list={{ state: params, update }}
      title="Announcements"
      description="News and notices for students and staff"
      main={canPostAnnouncements(user.role) && { label: 'New Announcement', onClick: () => setEditing({}) }}
      tiles={{
        label: 'Active announcements by type',
        tiles,
        selected: params.type,
        // Pressing the selected card again shows every type.
        onSelect: (type) => update({ type: params.type === type ? '' : type }),
        loading: !data,
        className: 'lg:grid-cols-4',
      }}
      search={{ label: 'Search announcements', placeholder: 'Search announcements...' }}
      filters={[
        {
          key: 'type',
          label: 'Type',
          all: 'All Types',
          values: ANNOUNCEMENT_TYPES,
          labels: ANNOUNCEMENT_TYPE_LABELS,
        },
        {
          key: 'priority',
          label: 'Priority',
          all: 'All Priorities',
          values: ANNOUNCEMENT_PRIORITIES,
          labels: ANNOUNCEMENT_PRIORITY_LABELS,
        },
      ]}
      linkError={linkError}
    >
      <CardList
        label="Announcements"
        listLabel="Announcement list"
        query={list}
        onPage={(page) => update({ page })}
        failure={{ title: "Couldn't load the announcements", message: reasonOf }}
        empty={{ title: M.noneFound }}
        layout="stack"
        skeletonClassName="h-48"
        itemKey={(a) => a.id}
        renderItem={(a) => (
          <AnnouncementCard
            announcement={a}
            today={today}
            canChange={canChangeAnnouncement(user, a)}
            onOpen={() => open(a)}
            onEdit={() => setEditing({ announcement: a })}
            onDelete={() => deletion.ask(a)}
          />
        )}
      />
      {opened && !editing && (
        <AnnouncementDetailDialog key={opened.id} announcement={opened} onClose={close} />
      )}
      {editing && (
        <AnnouncementFormDialog
          key={editing.announcement?.id ?? 'new'}
          announcement={editing.announcement}
          justCreated={editing.justCreated}
          onCreated={(announcement) => setEditing({ announcement, justCreated: true })}
          onClose={() => setEditing(null)}
        />
      )}
      {deletion.dialog}
    </ListScreen>
  );
}
