import { CircleAlert, FileCheck2 } from 'lucide-react';
import { type ChangeEvent, useEffect, useId, useRef, useState } from 'react';
import type { Resource } from '../../../contracts/library';
import type { ResourceType } from '../../../domain/library';
import { Field, toast } from '../../components/ui';
import { failureWithReason, NETWORK_MESSAGE } from '../../lib/api';
import { uploadFile } from '../../lib/upload';
import { resourceFileHref, useRefreshLibrary } from './library.queries';

/** The server's limit; a larger file is refused here before any byte is sent. */
const MAX_BYTES = 10 * 1024 * 1024;
const TOO_LARGE = 'The file is larger than 10 MB.';

/** What each type takes (the server checks the bytes again). */
const ACCEPT: Record<ResourceType, string> = {
  book: '.pdf,application/pdf',
  audiobook: '.mp3,.m4a,.ogg,audio/mpeg,audio/mp4,audio/ogg',
  podcast: '.mp3,.m4a,.ogg,audio/mpeg,audio/mp4,audio/ogg',
  video: '.mp4,.webm,video/mp4,video/webm',
};
const HINT: Record<ResourceType, string> = {
  book: 'A PDF, up to 10 MB.',
  audiobook: 'MP3, M4A or OGG, up to 10 MB.',
  podcast: 'MP3, M4A or OGG, up to 10 MB.',
  video: 'MP4 or WebM, up to 10 MB.',
};

type Sending =
  | { state: 'idle' }
  | { state: 'uploading'; name: string; percent: number }
  | { state: 'processing'; name: string }
  | { state: 'failed'; name: string; message: string };

/** A saved resource's file: upload or replace it, with a progress bar. */
export function ResourceFileUpload({ resource }: { resource: Resource }) {
  const inputId = useId();
  const refresh = useRefreshLibrary();
  const [current, setCurrent] = useState<string | null>(resource.has_file ? resource.file_name : null);
  const [sending, setSending] = useState<Sending>({ state: 'idle' });
  const abort = useRef(new AbortController());
  useEffect(() => {
    const controller = new AbortController();
    abort.current = controller;
    return () => controller.abort();
  }, []);

  const onChoose = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    if (file.size > MAX_BYTES) {
      setSending({ state: 'failed', name: file.name, message: TOO_LARGE });
      return;
    }
    const signal = abort.current.signal;
    setSending({ state: 'uploading', name: file.name, percent: 0 });
    try {
      const saved = await uploadFile<Resource>(
        resourceFileHref(resource.id),
        file,
        (p) =>
          setSending(
            p.phase === 'uploading'
              ? { state: 'uploading', name: file.name, percent: p.percent }
              : { state: 'processing', name: file.name },
          ),
        signal,
      );
      setCurrent(saved.file_name ?? file.name);
      setSending({ state: 'idle' });
      toast.success(`${file.name} uploaded.`);
      void refresh();
    } catch (error) {
      if (signal.aborted) return;
      setSending({
        state: 'failed',
        name: file.name,
        message: failureWithReason(error, `Failed to upload ${file.name}`, NETWORK_MESSAGE),
      });
    }
  };

  const busy = sending.state === 'uploading' || sending.state === 'processing';
  const percent = sending.state === 'uploading' ? sending.percent : 100;
  return (
    <section
      aria-labelledby={`${inputId}-title`}
      className="space-y-3 rounded-lg border border-slate-200 p-3"
    >
      <h3 id={`${inputId}-title`} className="text-sm font-semibold text-slate-900">
        File
      </h3>
      {current ? (
        <p className="flex items-center gap-1.5 text-sm text-slate-700">
          <FileCheck2 aria-hidden="true" className="size-4 shrink-0 text-emerald-700" />
          <span className="sr-only">Uploaded file: </span>
          <span className="min-w-0 truncate">{current}</span>
        </p>
      ) : (
        <p className="text-sm text-slate-600">No file uploaded yet.</p>
      )}
      <Field label={current ? 'Replace the file' : 'Upload a file'} id={inputId} hint={HINT[resource.type]}>
        <input
          id={inputId}
          type="file"
          accept={ACCEPT[resource.type]}
          disabled={busy}
          onChange={(e) => void onChoose(e)}
          aria-describedby={`${inputId}-hint`}
          className="block w-full text-sm text-slate-700 file:mr-3 file:rounded-md file:border-0 file:bg-primary-soft file:px-3 file:py-1.5 file:font-medium file:text-primary-active focus-visible:outline-2 focus-visible:outline-primary"
        />
      </Field>
      {busy && (
        <div className="space-y-1">
          <div className="flex justify-between gap-2 text-sm">
            <span className="min-w-0 truncate font-medium text-slate-900">{sending.name}</span>
            <span className="shrink-0 text-xs text-slate-600">
              {sending.state === 'processing' ? 'Checking...' : `${percent}%`}
            </span>
          </div>
          <div
            role="progressbar"
            aria-label={`Uploading ${sending.name}`}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={percent}
            className="h-2 overflow-hidden rounded-full bg-slate-200"
          >
            <div className="h-full rounded-full bg-primary" style={{ width: `${percent}%` }} />
          </div>
        </div>
      )}
      {sending.state === 'failed' && (
        <p role="alert" className="flex items-start gap-1.5 text-sm text-red-700">
          <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          {sending.message}
        </p>
      )}
    </section>
  );
}
