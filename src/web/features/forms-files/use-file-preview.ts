import { useEffect, useRef, useState } from 'react';
import { isPreviewable } from '../../../domain/student-files';
import { fetchFile } from '../../lib/fetch-file';
import { fileDownloadHref, reasonOf } from './forms-files.queries';

/** What the preview shows: the bytes as a blob: address (and as text, for text files). */
export type FilePreview =
  | { status: 'loading' }
  | { status: 'error'; message: string }
  | { status: 'ready'; url: string; name: string; mimeType: string; text: string | null };

/** The name a download's Content-Disposition gives (`filename*=UTF-8''…` first), or null. */
export function fileNameFromDisposition(header: string | null): string | null {
  if (!header) return null;
  const encoded = /filename\*\s*=\s*utf-8''([^;]+)/i.exec(header);
  if (encoded?.[1]) {
    try {
      return decodeURIComponent(encoded[1].trim());
    } catch {
      // A malformed encoding: fall back to the plain name.
    }
  }
  const plain = /filename\s*=\s*(?:"([^"]*)"|([^;]+))/i.exec(header);
  const name = (plain?.[1] ?? plain?.[2])?.trim();
  return name || null;
}

/**
 * Reads a stored file through its download (the session cookie goes with it) and hands it to the
 * page as a blob: address, so the file is shown without leaving the app or opening it with the
 * server's origin. The address is revoked when the preview closes or reads another file.
 * `known` is what the list already says of the file; a link (`?open=`) knows only the id.
 */
export function useFilePreview(id: string, known: { name?: string; mimeType?: string }, attempt: number) {
  const [preview, setPreview] = useState<FilePreview>({ status: 'loading' });
  // What the list knows may arrive after a link opened the preview: not a reason to read it again.
  const knownRef = useRef(known);
  knownRef.current = known;

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` is the Retry button
  useEffect(() => {
    const controller = new AbortController();
    let url: string | null = null;
    const known = knownRef.current;
    // A type the app does not show (a Word file) is not worth reading: the dialog offers Download.
    if (known.mimeType && !isPreviewable(known.mimeType)) {
      setPreview({
        status: 'ready',
        url: '',
        name: known.name ?? 'File',
        mimeType: known.mimeType,
        text: null,
      });
      return;
    }
    setPreview({ status: 'loading' });
    const path = fileDownloadHref(id);
    (async () => {
      const response = await fetchFile(path, controller.signal);
      if (!response) return;
      const blob = await response.blob();
      if (controller.signal.aborted) return;
      const { name, mimeType } = knownRef.current;
      const type = mimeType ?? response.headers.get('content-type') ?? blob.type;
      const text = type.startsWith('text/') ? await blob.text() : null;
      if (controller.signal.aborted) return;
      url = URL.createObjectURL(blob);
      setPreview({
        status: 'ready',
        url,
        name: name ?? fileNameFromDisposition(response.headers.get('content-disposition')) ?? 'File',
        mimeType: type,
        text,
      });
    })().catch((error: unknown) => {
      if (!controller.signal.aborted) setPreview({ status: 'error', message: reasonOf(error) });
    });
    return () => {
      controller.abort();
      if (url) URL.revokeObjectURL(url);
    };
  }, [id, attempt]);

  return preview;
}
