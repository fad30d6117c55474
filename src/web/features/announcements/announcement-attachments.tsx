import { Paperclip, RotateCcw, X } from 'lucide-react';
import { type ChangeEvent, useCallback, useEffect, useId, useRef, useState } from 'react';
import type { AnnouncementAttachment } from '../../../contracts/announcements';
import { FILE_MESSAGES, formatFileSize } from '../../../domain/student-files';
import { Button, Field, ItemProblem, toast } from '../../components/ui';
import { storedFileProblem, storedFileRefusal } from '../../lib/stored-file';
import { uploadFile } from '../../lib/upload';
import {
  attachmentHref,
  attachmentsPath,
  reasonOf,
  useDeleteAttachment,
  useRefreshAnnouncements,
} from './announcements.queries';

/** What the server stores, by name; its own check of the content decides (same rules as student files). */
const ACCEPT = '.pdf,.png,.jpg,.jpeg,.webp,.txt,.csv,.doc,.docx,.xls,.xlsx';

interface Sending {
  key: string;
  file: File;
  state: 'uploading' | 'processing' | 'failed';
  percent: number;
  message?: string;
}

let nextKey = 0;

/**
 * A saved announcement's attachments in its edit dialog: the stored ones (each removable) and a
 * file input (several at once). Chosen files are sent one after the other, each with its progress,
 * as Student Files does; a refused one says why and can be tried again.
 */
export function AnnouncementAttachments({
  announcementId,
  initial,
}: {
  announcementId: string;
  initial: readonly AnnouncementAttachment[];
}) {
  const inputId = useId();
  const [stored, setStored] = useState<AnnouncementAttachment[]>([...initial]);
  const [sending, setSending] = useState<Sending[]>([]);
  const remove = useDeleteAttachment();
  const refresh = useRefreshAnnouncements();
  const chain = useRef<Promise<void>>(Promise.resolve());
  const abort = useRef(new AbortController());

  useEffect(() => {
    const controller = new AbortController();
    abort.current = controller;
    return () => controller.abort();
  }, []);

  const patch = useCallback(
    (key: string, changes: Partial<Sending>) =>
      setSending((list) => list.map((item) => (item.key === key ? { ...item, ...changes } : item))),
    [],
  );

  const send = async (item: Sending) => {
    const signal = abort.current.signal;
    if (signal.aborted) return;
    patch(item.key, { state: 'uploading', percent: 0, message: undefined });
    try {
      const saved = await uploadFile<AnnouncementAttachment>(
        attachmentsPath(announcementId),
        item.file,
        (p) =>
          patch(
            item.key,
            p.phase === 'uploading' ? { percent: p.percent } : { state: 'processing', percent: 100 },
          ),
        signal,
      );
      setStored((list) => [...list, saved]);
      setSending((list) => list.filter((i) => i.key !== item.key));
      void refresh();
    } catch (error) {
      if (!signal.aborted) patch(item.key, { state: 'failed', message: storedFileRefusal(error, reasonOf) });
    }
  };

  // Sent in turn, whenever chosen: each waits for the one before.
  const enqueue = (item: Sending) => {
    chain.current = chain.current.then(() => send(item));
  };

  const onChoose = (event: ChangeEvent<HTMLInputElement>) => {
    const files = [...(event.target.files ?? [])];
    // Choosing the same file again (after a failure) must be heard too.
    event.target.value = '';
    const added = files.map((file): Sending => {
      nextKey += 1;
      const problem = storedFileProblem(file);
      return problem
        ? { key: `a-${nextKey}`, file, state: 'failed', percent: 0, message: problem }
        : { key: `a-${nextKey}`, file, state: 'uploading', percent: 0 };
    });
    setSending((list) => [...list, ...added]);
    for (const item of added) if (!item.message) enqueue(item);
  };

  const removeStored = (file: AnnouncementAttachment) =>
    remove.mutate(
      { id: announcementId, attachmentId: file.id },
      {
        onSuccess: () => {
          setStored((list) => list.filter((f) => f.id !== file.id));
          toast.success(`${file.name} removed.`);
        },
        onError: (error) => toast.error(`Failed to remove ${file.name}`, { description: reasonOf(error) }),
      },
    );

  return (
    <section
      aria-labelledby={`${inputId}-title`}
      className="space-y-3 rounded-lg border border-slate-200 p-3"
    >
      <h3 id={`${inputId}-title`} className="text-sm font-semibold text-slate-900">
        Attachments
      </h3>
      {stored.length > 0 ? (
        <ul aria-label="Stored attachments" className="divide-y divide-slate-100">
          {stored.map((file) => (
            <li key={file.id} className="flex items-center justify-between gap-2 py-1.5">
              <a
                href={attachmentHref(announcementId, file.id)}
                download={file.name}
                className="inline-flex min-w-0 items-center gap-1.5 text-sm font-medium text-primary-active hover:underline"
              >
                <Paperclip aria-hidden="true" className="size-4 shrink-0" />
                <span className="truncate">{file.name}</span>
              </a>
              <span className="ml-auto shrink-0 text-xs text-slate-500">{formatFileSize(file.size)}</span>
              <Button
                size="sm"
                variant="ghost"
                aria-label={`Remove ${file.name}`}
                disabled={remove.isPending}
                onClick={() => removeStored(file)}
              >
                <X aria-hidden="true" className="size-4" />
              </Button>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-slate-600">No attachments yet.</p>
      )}
      <Field label="Add attachments" id={inputId} hint="PDF, images, text, Word or Excel; up to 10 MB each.">
        <input
          id={inputId}
          type="file"
          multiple
          accept={ACCEPT}
          onChange={onChoose}
          aria-describedby={`${inputId}-hint`}
          className="block w-full text-sm text-slate-700 file:mr-3 file:rounded-md file:border-0 file:bg-primary-soft file:px-3 file:py-1.5 file:font-medium file:text-primary-active focus-visible:outline-2 focus-visible:outline-primary"
        />
      </Field>
      {sending.length > 0 && (
        <ul aria-label="Files being sent" className="space-y-2">
          {sending.map((item) => (
            <li key={item.key} className="space-y-1">
              <div className="flex items-center justify-between gap-2 text-sm">
                <span className="min-w-0 truncate font-medium text-slate-900">{item.file.name}</span>
                {item.state === 'failed' ? (
                  <span className="flex shrink-0 gap-1">
                    {item.message !== FILE_MESSAGES.tooLarge && item.message !== FILE_MESSAGES.empty && (
                      <Button
                        size="sm"
                        variant="ghost"
                        aria-label={`Try ${item.file.name} again`}
                        onClick={() => enqueue(item)}
                      >
                        <RotateCcw aria-hidden="true" className="size-4" />
                      </Button>
                    )}
                    <Button
                      size="sm"
                      variant="ghost"
                      aria-label={`Dismiss ${item.file.name}`}
                      onClick={() => setSending((list) => list.filter((i) => i.key !== item.key))}
                    >
                      <X aria-hidden="true" className="size-4" />
                    </Button>
                  </span>
                ) : (
                  <span className="shrink-0 text-xs text-slate-600">
                    {item.state === 'processing' ? 'Checking...' : `${item.percent}%`}
                  </span>
                )}
              </div>
              {item.state !== 'failed' && (
                <div
                  role="progressbar"
                  aria-label={`Uploading ${item.file.name}`}
                  aria-valuemin={0}
                  aria-valuemax={100}
                  aria-valuenow={item.percent}
                  className="h-2 overflow-hidden rounded-full bg-slate-200"
                >
                  <div className="h-full rounded-full bg-primary" style={{ width: `${item.percent}%` }} />
                </div>
              )}
              {item.message && <ItemProblem>{item.message}</ItemProblem>}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
