import { liveQuery } from 'dexie';
import { useEffect, useRef, useState } from 'react';

/**
 * What `query` reads from the phone's database, read again whenever what it read changes (in this
 * tab or another: Dexie tells them all). `key` names what the query reads: a new key, a new query.
 */
export function useLive<T>(query: () => Promise<T>, key: string, initial: T): T {
  const [value, setValue] = useState<T>(initial);
  const latest = useRef(query);
  latest.current = query;
  // biome-ignore lint/correctness/useExhaustiveDependencies: the key stands for what the query reads
  useEffect(() => {
    const subscription = liveQuery(() => latest.current()).subscribe({
      next: setValue,
      error: () => undefined,
    });
    return () => subscription.unsubscribe();
  }, [key]);
  return value;
}
