import { File, FileImage, FileSpreadsheet, FileText, type LucideIcon } from 'lucide-react';
import { FORM_STATUS_LABELS, type FormStatus } from '../../../domain/forms';
import { FILE_TYPES } from '../../../domain/student-files';
import { Badge, type BadgeTone } from '../../components/ui';

const STATUS_TONES: Record<FormStatus, BadgeTone> = {
  draft: 'warning',
  completed: 'info',
  reviewed: 'success',
};

export function FormStatusBadge({ status }: { status: FormStatus }) {
  return <Badge tone={STATUS_TONES[status]}>{FORM_STATUS_LABELS[status]}</Badge>;
}

const SPREADSHEETS: readonly string[] = [FILE_TYPES.xlsx, FILE_TYPES.xls, FILE_TYPES.csv];

/** The icon of a stored file's type, so a list can be scanned for the scan or the spreadsheet. */
export function fileIcon(mimeType: string): LucideIcon {
  if (mimeType.startsWith('image/')) return FileImage;
  if (SPREADSHEETS.includes(mimeType) || mimeType.startsWith('text/csv')) return FileSpreadsheet;
  if (mimeType === FILE_TYPES.pdf || mimeType.startsWith('text/') || mimeType.includes('word'))
    return FileText;
  return File;
}

/** A file's name after the icon of its type; `nameClassName` for a name that is a link. */
export function FileName({
  name,
  mimeType,
  nameClassName = 'font-medium text-slate-900',
}: {
  name: string;
  mimeType: string;
  nameClassName?: string;
}) {
  const Icon = fileIcon(mimeType);
  return (
    <span className="flex min-w-0 items-center gap-2">
      <Icon aria-hidden="true" className="size-4 shrink-0 text-slate-500" />
      <span className={`truncate ${nameClassName}`} title={name}>
        {name}
      </span>
    </span>
  );
}
