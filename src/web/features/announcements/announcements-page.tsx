import { Plus } from 'lucide-react';
import { useState } from 'react';
import { z } from 'zod';
import type { Announcement } from '../../../contracts/announcements';
import {
  ANNOUNCEMENT_PRIORITIES,
  ANNOUNCEMENT_PRIORITY_LABELS,
  ANNOUNCEMENT_TYPE_LABELS,
  ANNOUNCEMENT_TYPES,
  type AnnouncementPriority,
  type AnnouncementType,
  canChangeAnnouncement,
  canPostAnnouncements,
  ANNOUNCEMENT_MESSAGES as M,
} from '../../../domain/announcements';
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
import { todayIso } from '../../lib/format';
import { filterParam, listStateSchema } from '../../lib/list-state';
import { useCurrentUser } from '../../lib/session';
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
  const listed = data?.items.find((a) => a.id === params.open);
  const fetched = useAnnouncement(params.open, data !== undefined && !listed);
  const opened = listed ?? fetched.data;
  const remove = useDeleteAnnouncement();
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<Announcement | null>(null);
  const today = todayIso();
  // The last card of the last page deleted: show the page before instead of an empty one.
  useKeepPageInRange(params.page, ANNOUNCEMENTS_PAGE_SIZE, data, (page) => update({ page }));

  const open = (a: Announcement) => update({ open: a.id, page: params.page });
  const close = () => update({ open: '', page: params.page });

  const tiles: Array<StatTile<AnnouncementType | ''>> = COUNTED.map((type) => ({
    key: type,
    label: ANNOUNCEMENT_TYPE_LABELS[type],
    icon: TYPE_ICONS[type],
    tone: TYPE_TONES[type],
    value: data?.counts[type] ?? 0,
  }));

  return (
    <div className="space-y-6">
      <PageHeader
        title="Announcements"
        description="News and notices for students and staff"
        actions={
          canPostAnnouncements(user.role) && (
            <Button onClick={() => setEditing({})}>
              <Plus aria-hidden="true" className="size-4" />
              New Announcement
            </Button>
          )
        }
      />
      <StatTiles
        label="Active announcements by type"
        tiles={tiles}
        selected={params.type}
        // Pressing the selected card again shows every type.
        onSelect={(type) => update({ type: params.type === type ? '' : type })}
        loading={!data}
        className="lg:grid-cols-4"
      />
      <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-end">
        <SearchBox
          label="Search announcements"
          placeholder="Search announcements..."
          value={params.q}
          onCommit={(q) => update({ q })}
          className="min-w-0 flex-1 sm:min-w-56"
        />
        <Select
          aria-label="Type"
          value={params.type}
          onChange={(e) => update({ type: e.target.value as AnnouncementType | '' })}
          options={[
            { value: '', label: 'All Types' },
            ...choiceOptions(ANNOUNCEMENT_TYPES, ANNOUNCEMENT_TYPE_LABELS),
          ]}
        />
        <Select
          aria-label="Priority"
          value={params.priority}
          onChange={(e) => update({ priority: e.target.value as AnnouncementPriority | '' })}
          options={[
            { value: '', label: 'All Priorities' },
            ...choiceOptions(ANNOUNCEMENT_PRIORITIES, ANNOUNCEMENT_PRIORITY_LABELS),
          ]}
        />
      </div>

      <section aria-label="Announcements" aria-busy={list.isFetching || undefined} className="space-y-4">
        {list.isError && !data ? (
          <Card>
            <ListError
              title="Couldn't load the announcements"
              message={reasonOf(list.error)}
              onRetry={() => void list.refetch()}
              retrying={list.isFetching}
            />
          </Card>
        ) : !data ? (
          <div className="space-y-4">
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} className="h-48 w-full rounded-xl" />
            ))}
          </div>
        ) : data.items.length === 0 ? (
          <Card>
            <EmptyState title={M.noneFound} />
          </Card>
        ) : (
          <ul aria-label="Announcement list" className="space-y-4">
            {data.items.map((a) => (
              <li key={a.id}>
                <AnnouncementCard
                  announcement={a}
                  today={today}
                  canChange={canChangeAnnouncement(user, a)}
                  onOpen={() => open(a)}
                  onEdit={() => setEditing({ announcement: a })}
                  onDelete={() => setDeleting(a)}
                />
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

      {opened && !editing && (
        <AnnouncementDetailDialog key={opened.id} announcement={opened} onClose={close} />
      )}
      {fetched.isError && params.open && (
        <p role="alert" className="text-sm text-red-700">
          {reasonOf(fetched.error)}
        </p>
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
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(next) => !next && !remove.isPending && setDeleting(null)}
        title="Delete announcement"
        message="Delete this announcement? This cannot be undone."
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
            onError: (error) =>
              toast.error('Failed to delete announcement', { description: reasonOf(error) }),
            onSettled: () => setDeleting(null),
          })
        }
      />
    </div>
  );
}
