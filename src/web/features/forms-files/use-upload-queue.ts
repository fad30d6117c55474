import { useCallback, useEffect, useRef, useState } from 'react';
import type { StudentFile } from '../../../contracts/student-files';
import { storedFileProblem, storedFileRefusal } from '../../lib/stored-file';
import { uploadFile } from '../../lib/upload';
import { reasonOf } from './forms-files.queries';

/** One chosen file and how its upload goes. */
export interface UploadItem {
  key: string;
  file: File;
  state: 'ready' | 'refused' | 'uploading' | 'processing' | 'done' | 'failed';
  percent: number;
  message?: string;
}

let nextKey = 0;

/**
 * The files chosen in the upload dialog. Each is sent in its own request, one after the other, so
 * each has its own progress and its own answer; a failed one can be sent again without resending
 * those already stored.
 */
export function useUploadQueue() {
  const [items, setItems] = useState<UploadItem[]>([]);
  const [running, setRunning] = useState(false);
  const controller = useRef<AbortController | null>(null);

  useEffect(() => () => controller.current?.abort(), []);

  const patch = useCallback(
    (key: string, changes: Partial<UploadItem>) =>
      setItems((list) => list.map((item) => (item.key === key ? { ...item, ...changes } : item))),
    [],
  );

  const add = useCallback((files: readonly File[]) => {
    const added = files.map((file): UploadItem => {
      const problem = storedFileProblem(file);
      nextKey += 1;
      return {
        key: `upload-${nextKey}`,
        file,
        state: problem ? 'refused' : 'ready',
        percent: 0,
        message: problem ?? undefined,
      };
    });
    setItems((list) => [...list, ...added]);
  }, []);

  const remove = useCallback(
    (key: string) => setItems((list) => list.filter((item) => item.key !== key)),
    [],
  );

  /** Sends every file not yet stored; answers how many were stored and how many failed. */
  const send = useCallback(
    async (fields: Record<string, string>) => {
      const queue = items.filter((item) => item.state === 'ready' || item.state === 'failed');
      const abort = new AbortController();
      controller.current = abort;
      setRunning(true);
      let done = 0;
      let failed = 0;
      for (const item of queue) {
        if (abort.signal.aborted) break;
        patch(item.key, { state: 'uploading', percent: 0, message: undefined });
        try {
          await uploadFile<StudentFile>(
            '/api/files',
            item.file,
            (progress) =>
              patch(
                item.key,
                progress.phase === 'uploading'
                  ? { state: 'uploading', percent: progress.percent }
                  : { state: 'processing', percent: 100 },
              ),
            abort.signal,
            fields,
          );
          patch(item.key, { state: 'done', percent: 100 });
          done += 1;
        } catch (error) {
          if (abort.signal.aborted) break;
          patch(item.key, { state: 'failed', message: storedFileRefusal(error, reasonOf) });
          failed += 1;
        }
      }
      setRunning(false);
      return { done, failed };
    },
    [items, patch],
  );

  return { items, running, add, remove, send };
}
