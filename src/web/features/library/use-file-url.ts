import { useEffect, useState } from 'react';
import { fetchFile } from '../../lib/fetch-file';
import { reasonOf } from './library.queries';

export type FileUrl =
  | { status: 'loading' }
  | { status: 'error'; message: string }
  | { status: 'ready'; url: string };

/**
 * Reads an uploaded file through its download (the session cookie goes with it) and hands it to
 * the page as a blob: address, so a PDF is shown in the app rather than downloaded. The address is
 * revoked when the dialog closes or reads another file. `attempt` is the Retry button.
 */
export function useFileUrl(path: string, attempt: number): FileUrl {
  const [state, setState] = useState<FileUrl>({ status: 'loading' });
  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` is the Retry button
  useEffect(() => {
    const controller = new AbortController();
    let url: string | null = null;
    setState({ status: 'loading' });
    (async () => {
      const response = await fetchFile(path, controller.signal);
      if (!response) return;
      const blob = await response.blob();
      if (controller.signal.aborted) return;
      url = URL.createObjectURL(blob);
      setState({ status: 'ready', url });
    })().catch((error: unknown) => {
      if (!controller.signal.aborted) setState({ status: 'error', message: reasonOf(error) });
    });
    return () => {
      controller.abort();
      if (url) URL.revokeObjectURL(url);
    };
  }, [path, attempt]);
  return state;
}
