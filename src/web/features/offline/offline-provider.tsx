import { useQueryClient } from '@tanstack/react-query';
import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { isStaffRole } from '../../../domain/roles';
import { keptDrafts } from '../../lib/offline/drafts';
import { refreshKeptRecords } from '../../lib/offline/kept-records';
import type { Draft, OfflineDb, OutboxRecord } from '../../lib/offline/offline-db';
import { type OutboxEntry, outboxRecords, putInOutbox } from '../../lib/offline/outbox';
import { PAUSED_KEY, resumeAfterSignIn, type SyncOutcome, syncOutbox } from '../../lib/offline/sync';
import { inOneTab } from '../../lib/offline/sync-lock';
import { fetchTransport } from '../../lib/offline/transport';
import { queryKeys } from '../../lib/query-keys';
import { useCurrentUser } from '../../lib/session';
import { useLive } from './use-live';

/** While anything waits, the outbox is tried at least this often (issue 48 item 4)... */
const RETRY_EVERY_MS = 60_000;
/** ...and when a record's wait (its backoff) ends, if sooner, but not more often than this. */
const SOONEST_RETRY_MS = 2_000;

export interface OfflineWork {
  db: OfflineDb;
  /** The browser says it has a network and the last sync found the server. */
  online: boolean;
  /** The browser says it has a network (a screen's own request then tells whether the server answers). */
  networkUp: boolean;
  syncing: boolean;
  /** Whether the outbox was read yet: until then nothing is said about it. */
  loaded: boolean;
  /** The outbox, oldest first. */
  records: OutboxRecord[];
  /** Forms being filled in, the latest first. */
  drafts: Draft[];
  /** Saves a form in the outbox (a save without the network) and tries to send it. */
  keep(entry: OutboxEntry): Promise<void>;
  /** "Sync now": every waiting record, whatever its wait; null when another tab is syncing. */
  syncNow(): Promise<SyncOutcome | null>;
}

export const OfflineContext = createContext<OfflineWork | null>(null);

/** The phone's work for the signed-in account, or null outside the signed-in app (a screen's test). */
export const useOfflineWork = () => useContext(OfflineContext);

/**
 * Only the phone's database and whether the browser has a network: what a list screen reads to
 * decide between the server's list and the phone's. The whole offline work changes four or five
 * times as a screen opens (the database opening, the outbox read, a sync starting and ending), and
 * every screen reading it was drawn again each time: on a phone (Lighthouse's 4x slower CPU) about
 * 600 components, a blocking task each time (docs/decisions/009).
 */
export interface OfflineReach {
  db: OfflineDb;
  networkUp: boolean;
}
export const OfflineReachContext = createContext<OfflineReach | null>(null);
export const useOfflineReach = () => useContext(OfflineReachContext);

/** Whether the browser believes it has a network (it can be wrong one way: a sync then finds out). */
function useOnline() {
  const [online, setOnline] = useState(() => navigator.onLine);
  useEffect(() => {
    const on = () => setOnline(true);
    const off = () => setOnline(false);
    window.addEventListener('online', on);
    window.addEventListener('offline', off);
    // A change between the first render and these listeners would otherwise go unheard.
    setOnline(navigator.onLine);
    return () => {
      window.removeEventListener('online', on);
      window.removeEventListener('offline', off);
    };
  }, []);
  return online;
}

/**
 * The account's database on this phone, once its code (Dexie, 28 KB) has arrived: loaded after the
 * screen's first paint, not with it, as every signed-in screen has this provider around it (issue
 * 47 item 7). Null until then; the service worker keeps the code, so it arrives offline too.
 */
function useOfflineDb(userId: string): OfflineDb | null {
  const [opened, setOpened] = useState<{ userId: string; db: OfflineDb } | null>(null);
  useEffect(() => {
    let current = true;
    import('../../lib/offline/offline-db')
      .then(({ offlineDb }) => {
        if (current) setOpened({ userId, db: offlineDb(userId) });
      })
      .catch(() => undefined);
    return () => {
      current = false;
    };
  }, [userId]);
  // Another account signed in: its own database, never the last one's, even for a render.
  return opened?.userId === userId ? opened.db : null;
}

/**
 * The signed-in account's drafts and outbox (docs/decisions/012), and the sync that sends it: at
 * start, on the `online` event, every 60 s while anything waits and on "Sync now", in one tab at a
 * time. Each sync that reached the server then refreshes the students and tasks kept for offline.
 * Screens see no offline work (null) until the phone's database has loaded.
 */
export function OfflineProvider({ children }: { children: ReactNode }) {
  const user = useCurrentUser();
  const queryClient = useQueryClient();
  const db = useOfflineDb(user.id);
  const keepsCaseload = isStaffRole(user.role);
  const online = useOnline();
  const [syncing, setSyncing] = useState(false);
  const [unreachable, setUnreachable] = useState(false);
  const kept = useLive<OutboxRecord[] | null>(db && (() => outboxRecords(db)), db?.name ?? '', null);
  const drafts = useLive(db && (() => keptDrafts(db)), db?.name ?? '', []);
  const records = useMemo(() => kept ?? [], [kept]);
  // The run under way: asked again meanwhile ("Sync now" as the network returns), it is the answer.
  const running = useRef<Promise<SyncOutcome | null> | null>(null);

  const run = useCallback(
    (force: boolean): Promise<SyncOutcome | null> => {
      if (!db) return Promise.resolve(null);
      if (running.current) return running.current;
      setSyncing(true);
      const once = inOneTab(`chl-outbox-${user.id}`, async () => {
        // Paused by a 401: it goes on once the server knows this account again (signed in anew).
        if ((await db.kept.get(PAUSED_KEY))?.value) {
          const session = await fetchTransport('/api/session', { method: 'GET' }).catch(() => null);
          if ((session?.body as { user?: { id?: string } } | null)?.user?.id === user.id)
            await resumeAfterSignIn(db);
        }
        const outcome = await syncOutbox(db, fetchTransport, { force });
        setUnreachable(outcome.offline);
        if (outcome.sent > 0) void queryClient.invalidateQueries({ queryKey: queryKeys.forms.all });
        // Students and user accounts have no caseload to keep, and the student list refuses them.
        if (keepsCaseload && !outcome.offline && !outcome.paused)
          await refreshKeptRecords(db, user.id, fetchTransport);
        return outcome;
      }).finally(() => {
        running.current = null;
        setSyncing(false);
      });
      running.current = once;
      return once;
    },
    [db, user.id, keepsCaseload, queryClient],
  );

  // At start (signing in, opening the app) and whenever the network comes back.
  useEffect(() => {
    if (online) void run(true);
  }, [online, run]);

  // Each try moves the record's next_try_at on, so this is armed again after every run.
  const nextTry = Math.min(
    ...records.filter((record) => record.state === 'waiting').map((record) => record.next_try_at),
  );
  useEffect(() => {
    if (!Number.isFinite(nextTry) || syncing) return;
    const wait = Math.min(RETRY_EVERY_MS, Math.max(SOONEST_RETRY_MS, nextTry - Date.now()));
    const timer = window.setTimeout(() => void run(false), wait);
    return () => window.clearTimeout(timer);
  }, [nextTry, syncing, run]);

  const keep = useCallback(
    async (entry: OutboxEntry) => {
      if (!db) return;
      await putInOutbox(db, entry);
      if (navigator.onLine) void run(true);
    },
    [db, run],
  );

  const value = useMemo<OfflineWork | null>(
    () =>
      db && {
        db,
        online: online && !unreachable,
        networkUp: online,
        syncing,
        loaded: kept !== null,
        records,
        drafts,
        keep,
        syncNow: () => run(true),
      },
    [db, online, unreachable, syncing, kept, records, drafts, keep, run],
  );
  const reach = useMemo<OfflineReach | null>(() => db && { db, networkUp: online }, [db, online]);
  return (
    <OfflineReachContext value={reach}>
      <OfflineContext value={value}>{children}</OfflineContext>
    </OfflineReachContext>
  );
}
