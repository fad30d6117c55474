import { CheckCircle2, Upload, X } from 'lucide-react';
import { type ChangeEvent, type DragEvent, useState } from 'react';
import { formatFileSize } from '../../../domain/student-files';
import { Button, ItemProblem, useFieldControl } from '../../components/ui';
import { cn } from '../../lib/cn';
import { FileName } from './forms-files-ui';
import type { UploadItem } from './use-upload-queue';

/** What the server stores, by name; its own check of the content decides (D14). */
const ACCEPT = '.pdf,.png,.jpg,.jpeg,.webp,.txt,.csv,.doc,.docx,.xls,.xlsx';

/** The file input (several at once), which also takes files dropped on it. */
export function FileDropZone({ onFiles, disabled }: { onFiles: (files: File[]) => void; disabled: boolean }) {
  const control = useFieldControl();
  const [over, setOver] = useState(false);
  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    const files = [...(event.target.files ?? [])];
    // Choosing the same file again (after removing it) must be heard too.
    event.target.value = '';
    if (files.length) onFiles(files);
  };
  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setOver(false);
    if (!disabled && event.dataTransfer.files.length) onFiles([...event.dataTransfer.files]);
  };
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: dropping is a shortcut; the file input inside is the way for keyboards
    <div
      onDragOver={(event) => {
        event.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={onDrop}
      className={cn(
        'flex flex-col items-center gap-2 rounded-lg border-2 border-dashed p-4 text-center',
        over ? 'border-primary bg-emerald-50' : 'border-slate-300 bg-white',
      )}
    >
      <Upload aria-hidden="true" className="size-6 text-slate-400" />
      <input
        {...control}
        type="file"
        multiple
        accept={ACCEPT}
        disabled={disabled}
        onChange={onChange}
        className="block w-full max-w-sm text-sm text-slate-700 file:mr-3 file:rounded-md file:border-0 file:bg-primary-soft file:px-3 file:py-1.5 file:font-medium file:text-primary-active focus-visible:outline-2 focus-visible:outline-primary"
      />
    </div>
  );
}

/** The chosen files: name, size, and what became of each. */
export function UploadList({
  items,
  onRemove,
  busy,
}: {
  items: readonly UploadItem[];
  onRemove: (key: string) => void;
  busy: boolean;
}) {
  if (items.length === 0) return null;
  return (
    <ul aria-label="Chosen files" className="divide-y divide-slate-100 rounded-lg border border-slate-200">
      {items.map((item) => (
        <li key={item.key} className="space-y-2 px-3 py-2.5">
          <div className="flex items-center justify-between gap-3">
            <div className="min-w-0 flex-1">
              <FileName name={item.file.name} mimeType={item.file.type} />
              <p className="text-xs text-slate-600">{formatFileSize(item.file.size)}</p>
            </div>
            <ItemState item={item} />
            {(item.state === 'ready' || item.state === 'refused' || item.state === 'failed') && (
              <Button
                size="sm"
                variant="ghost"
                disabled={busy}
                aria-label={`Remove ${item.file.name}`}
                onClick={() => onRemove(item.key)}
              >
                <X aria-hidden="true" className="size-4" />
              </Button>
            )}
          </div>
          {(item.state === 'uploading' || item.state === 'processing') && (
            <ProgressBar label={`Uploading ${item.file.name}`} percent={item.percent} />
          )}
          {item.message && <ItemProblem>{item.message}</ItemProblem>}
        </li>
      ))}
    </ul>
  );
}

const STATE_WORDS: Record<UploadItem['state'], string> = {
  ready: 'Ready',
  refused: 'Not sent',
  uploading: 'Uploading...',
  processing: 'Checking...',
  done: 'Uploaded',
  failed: 'Failed',
};

function ItemState({ item }: { item: UploadItem }) {
  const tone =
    item.state === 'done'
      ? 'text-emerald-700'
      : item.state === 'failed' || item.state === 'refused'
        ? 'text-red-700'
        : 'text-slate-600';
  return (
    <span className={cn('flex shrink-0 items-center gap-1 text-xs font-medium', tone)}>
      {item.state === 'done' && <CheckCircle2 aria-hidden="true" className="size-4" />}
      {STATE_WORDS[item.state]}
    </span>
  );
}

function ProgressBar({ label, percent }: { label: string; percent: number }) {
  return (
    <div className="flex items-center gap-2">
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        className="h-2 flex-1 overflow-hidden rounded-full bg-slate-200"
      >
        <div
          className="h-full rounded-full bg-primary transition-[width] duration-200"
          style={{ width: `${percent}%` }}
        />
      </div>
      <span aria-hidden="true" className="w-10 text-right text-xs text-slate-600 tabular-nums">
        {percent}%
      </span>
    </div>
  );
}
