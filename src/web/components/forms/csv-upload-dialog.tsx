import { Download } from 'lucide-react';
import type { ChangeEvent, ReactNode } from 'react';
import { Button, Dialog, Field, useFieldControl } from '../ui';
import { downloadTextFile } from './download-text-file';

export interface CsvUploadDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: ReactNode;
  size?: 'lg' | 'xl';
  /** While the file is being sent: the dialog cannot be closed. */
  busy: boolean;
  footer: ReactNode;
  /** The template offered for download, and what it holds (shown beside its button). */
  template?: { about: ReactNode; filename: string; contents: () => string };
  /** The file field; absent while a chosen file's preview takes its place. */
  chooser?: {
    onFile: (file: File) => void;
    problem: string | null;
    hint?: ReactNode;
    /** Another kind of file than CSV: the field's label and the input's accept list. */
    file?: { label: string; accept: string };
  };
  /** The upload under way: `percent` while sending, none while the server works on the file. */
  progress?: { label: string; percent?: number } | null;
  /** The preview, the server's row errors, the result. */
  children?: ReactNode;
}

/**
 * A CSV upload in one dialog: the template, the file field and its problem, the caller's preview
 * and results, and the progress of the upload.
 */
export function CsvUploadDialog({
  open,
  onOpenChange,
  title,
  description,
  size = 'lg',
  busy,
  footer,
  template,
  chooser,
  progress,
  children,
}: CsvUploadDialogProps) {
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => !busy && onOpenChange(next)}
      title={title}
      description={description}
      size={size}
      dismissible={!busy}
      footer={footer}
    >
      <div className="space-y-4">
        {template && (
          <div className="flex flex-wrap items-start justify-between gap-3 rounded-lg border border-slate-200 bg-slate-50 p-4">
            <div className="min-w-0 flex-1 space-y-1 text-sm">{template.about}</div>
            <Button
              variant="secondary"
              onClick={() => downloadTextFile(template.filename, template.contents())}
            >
              <Download aria-hidden="true" className="size-4" />
              Download template
            </Button>
          </div>
        )}
        {chooser && <CsvFileField {...chooser} disabled={busy} />}
        {progress && <UploadProgress {...progress} />}
        {children}
      </div>
    </Dialog>
  );
}

function CsvFileField({
  onFile,
  problem,
  hint,
  file,
  disabled,
}: NonNullable<CsvUploadDialogProps['chooser']> & { disabled: boolean }) {
  return (
    <Field label={file?.label ?? 'CSV file'} hint={hint} error={problem ?? undefined}>
      <CsvFileInput onFile={onFile} disabled={disabled} accept={file?.accept ?? '.csv,text/csv'} />
    </Field>
  );
}

/** The file input, wired to its <Field> (label, hint, problem) like the kit's controls. */
function CsvFileInput({
  onFile,
  disabled,
  accept,
}: {
  onFile: (file: File) => void;
  disabled: boolean;
  accept: string;
}) {
  const control = useFieldControl();
  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // Choosing the same file again (after fixing it) must be heard too.
    event.target.value = '';
    if (file) onFile(file);
  };
  return (
    <input
      {...control}
      type="file"
      accept={accept}
      disabled={disabled}
      onChange={onChange}
      className="block w-full rounded-lg border border-dashed border-slate-300 bg-white p-3 text-sm text-slate-700 file:mr-3 file:rounded-md file:border-0 file:bg-primary-soft file:px-3 file:py-1.5 file:font-medium file:text-primary-active hover:border-primary focus-visible:outline-2 focus-visible:outline-primary"
    />
  );
}

function UploadProgress({ label, percent }: { label: string; percent?: number }) {
  return (
    <div className="space-y-1.5">
      <div className="flex items-center justify-between text-sm text-slate-700">
        <span>{label}</span>
        {percent !== undefined && <span className="tabular-nums">{percent}%</span>}
      </div>
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        className="h-2.5 w-full overflow-hidden rounded-full bg-slate-200"
      >
        {percent !== undefined ? (
          <div
            className="h-full rounded-full bg-primary transition-[width] duration-200"
            style={{ width: `${percent}%` }}
          />
        ) : (
          <div className="h-full w-1/3 animate-pulse rounded-full bg-primary motion-reduce:animate-none" />
        )}
      </div>
    </div>
  );
}

/** A file's row errors, the first `limit` of them, then how many more. */
export function RowErrorList({
  errors,
  limit,
  label,
}: {
  errors: readonly string[];
  limit: number;
  label: string;
}) {
  const more = errors.length - limit;
  return (
    <>
      <ul aria-label={label} className="list-disc space-y-0.5 pl-5 text-sm">
        {errors.slice(0, limit).map((error, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the same message may repeat; the list never reorders
          <li key={index} className="break-words">
            {error}
          </li>
        ))}
      </ul>
      {more > 0 && <p className="text-sm text-slate-600">... and {more} more errors</p>}
    </>
  );
}
