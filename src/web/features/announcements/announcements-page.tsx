import { useState } from 'react';
import { z } from 'zod';
import type { Announcement } from '../../../contracts/announcements';
import {
  ANNOUNCEMENT_PRIORITIES,
  ANNOUNCEMENT_PRIORITY_LABELS,
  ANNOUNCEMENT_TYPE_LABELS,
  ANNOUNCEMENT_TYPES,
  canChangeAnnouncement,
  canPostAnnouncements,
  ANNOUNCEMENT_MESSAGES as M,
} from '../../../domain/announcements';
import { CardList, countTiles, ListScreen } from '../../components/list';
import { useRecordScreen } from '../../components/list/use-record-screen';
import { todayIso } from '../../lib/format';
import { filterParam, listStateSchema } from '../../lib/list-state';
import { useCurrentUser } from '../../lib/session';
import { AnnouncementCard } from './announcement-card';
import { AnnouncementDetailDialog } from './announcement-detail-dialog';
import { AnnouncementFormDialog } from './announcement-form-dialog';
import { TYPE_ICONS, TYPE_TONES } from './announcement-ui';
import { ANNOUNCEMENT_QUERIES, reasonOf } from './announcements.queries';

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
  // The last card of the last page deleted: the hook shows the page before instead of an empty one.
  const screen = useRecordScreen(ParamsSchema, ANNOUNCEMENT_QUERIES, {
    noun: 'announcement',
    message: 'Delete this announcement? This cannot be undone.',
    deleted: M.deleted,
  });
  const { opened, deletion } = screen;
  const data = screen.query.data;
  const [editing, setEditing] = useState<Editing>(null);
  const today = todayIso();

  const look = { labels: ANNOUNCEMENT_TYPE_LABELS, icons: TYPE_ICONS, tones: TYPE_TONES };
  const tiles = countTiles(COUNTED, look, data?.counts);

  return (
    <ListScreen
      {...screen.frame}
      title="Announcements"
      description="News and notices for students and staff"
      main={canPostAnnouncements(user.role) && { label: 'New Announcement', onClick: () => setEditing({}) }}
      tiles={{
        label: 'Active announcements by type',
        tiles,
        filter: 'type',
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
    >
      <CardList
        label="Announcements"
        listLabel="Announcement list"
        {...screen.cards}
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
            onOpen={() => screen.open(a)}
            onEdit={() => setEditing({ announcement: a })}
            onDelete={() => deletion.ask(a)}
          />
        )}
      />
      {opened && !editing && (
        <AnnouncementDetailDialog key={opened.id} announcement={opened} onClose={screen.close} />
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
