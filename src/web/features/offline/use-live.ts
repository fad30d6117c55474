import { useEffect, useRef, useState } from 'react';

/**
 * What `query` reads from the phone's database, read again whenever what it read changes (in this
 * tab or another: Dexie tells them all). `key` names what the query reads: a new key, a new query.
 * Null `query`: nothing to read yet (the database's code is still loading), `initial` meanwhile.
 * Dexie itself loads with the phone's database, after the screen's first paint (issue 47 item 7).
 */
export function useLive<T>(query: (() => Promise<T>) | null, key: string, initial: T): T {
  const [value, setValue] = useState<T>(initial);
  const latest = useRef(query);
  latest.current = query;
  const ready = query !== null;
  // biome-ignore lint/correctness/useExhaustiveDependencies: the key stands for what the query reads
  useEffect(() => {
    if (!ready) return;
    let unsubscribe: (() => void) | null = null;
    let stopped = false;
    void import('dexie')
      .then(({ liveQuery }) => {
        if (stopped) return;
        const subscription = liveQuery(() => latest.current!()).subscribe({
          next: setValue,
          error: () => undefined,
        });
        unsubscribe = () => subscription.unsubscribe();
      })
      .catch(() => undefined);
    return () => {
      stopped = true;
      unsubscribe?.();
    };
  }, [key, ready]);
  return value;
}
