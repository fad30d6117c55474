import { act, cleanup, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api';
import type { OfflineDb } from '../../lib/offline/offline-db';
import { useKeptWhileOffline } from './kept-while-offline';
import { OfflineContext, type OfflineReach, OfflineReachContext, type OfflineWork } from './offline-provider';

const db = { name: 'chl-offline-test' } as unknown as OfflineDb;

function work(records: number): OfflineWork {
  return {
    db,
    online: true,
    networkUp: true,
    syncing: false,
    loaded: true,
    records: Array.from({ length: records }, () => ({}) as OfflineWork['records'][number]),
    drafts: [],
    keep: async () => {},
    syncNow: async () => null,
  };
}

let renders = 0;
function ListScreen({ listError }: { listError?: unknown }) {
  renders++;
  const kept = useKeptWhileOffline(listError);
  return <p>{kept ? `kept, ${kept.records.length} waiting` : 'the server list'}</p>;
}

/** The provider's two contexts, with a button that moves the outbox as a sync would. */
function Harness({ networkUp, listError }: { networkUp: boolean; listError?: unknown }) {
  const [waiting, setWaiting] = useState(0);
  const reach: OfflineReach = { db, networkUp };
  return (
    <OfflineReachContext value={useState(reach)[0]}>
      <OfflineContext value={{ ...work(waiting), networkUp }}>
        <button type="button" onClick={() => setWaiting((n) => n + 1)}>
          outbox moves
        </button>
        <ListScreenOnce listError={listError} />
      </OfflineContext>
    </OfflineReachContext>
  );
}

// Drawn by its own state only, as a page under the provider is (its element made once).
const ListScreenOnce = ({ listError }: { listError?: unknown }) => {
  const [element] = useState(() => <ListScreen listError={listError} />);
  return element;
};

afterEach(cleanup);

describe('useKeptWhileOffline', () => {
  it('shows the server list, and is not drawn again when the outbox or the sync moves', () => {
    renders = 0;
    render(<Harness networkUp />);
    expect(screen.getByText('the server list')).toBeTruthy();
    const before = renders;
    act(() => screen.getByRole('button', { name: 'outbox moves' }).click());
    act(() => screen.getByRole('button', { name: 'outbox moves' }).click());
    expect(renders).toBe(before);
  });

  it('offline, follows the phone work as it moves', () => {
    render(<Harness networkUp={false} />);
    expect(screen.getByText('kept, 0 waiting')).toBeTruthy();
    act(() => screen.getByRole('button', { name: 'outbox moves' }).click());
    expect(screen.getByText('kept, 1 waiting')).toBeTruthy();
  });

  it('with the network up but the server unreachable, shows what the phone keeps', () => {
    const unreachable = new ApiError(0, 'The server could not be reached.');
    render(<Harness networkUp listError={unreachable} />);
    expect(screen.getByText('kept, 0 waiting')).toBeTruthy();
  });

  it('outside the signed-in app (no provider) is the server list', () => {
    render(<ListScreen />);
    expect(screen.getByText('the server list')).toBeTruthy();
  });
});
