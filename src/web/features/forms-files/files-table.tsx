import { Download, Eye, FolderOpen, Trash2 } from 'lucide-react';
import type { ReactNode } from 'react';
import type { StudentFile } from '../../../contracts/student-files';
import {
  FILE_CATEGORY_LABELS,
  FILE_MESSAGES,
  formatFileSize,
  isPreviewable,
} from '../../../domain/student-files';
import { DataTable, type PagedQuery, tableStateOf } from '../../components/list';
import { Button } from '../../components/ui';
import { formatDate } from '../../lib/format';
import { fileDownloadHref, reasonOf } from './forms-files.queries';
import { FileName } from './forms-files-ui';

export interface FileActions {
  onView: (file: StudentFile) => void;
  onDelete: (file: StudentFile) => void;
}

/** A page of stored files: a table on wide screens, cards on phones, each with View, Download, Delete. */
export function FilesTable({
  query,
  filtered,
  showStudent = true,
  ...actions
}: FileActions & {
  query: PagedQuery<StudentFile>;
  filtered: boolean;
  /** Off where every file is the same student's (a form's files). */
  showStudent?: boolean;
}) {
  return (
    <DataTable
      label="Files"
      {...tableStateOf(query, { title: "Couldn't load the files", message: reasonOf })}
      rowKey={(file) => file.id}
      emptyIcon={FolderOpen}
      emptyTitle={FILE_MESSAGES.noneFound}
      emptyFilteredTitle={FILE_MESSAGES.noneFound}
      filtered={filtered}
      columns={[
        {
          header: 'Name',
          cell: (file) => <FileName name={file.name} mimeType={file.mime_type} />,
          skeletonWidth: 'w-40',
        },
        ...(showStudent ? [{ header: 'Student', cell: (file: StudentFile) => file.student_name }] : []),
        { header: 'Category', cell: (file) => FILE_CATEGORY_LABELS[file.category] },
        { header: 'Size', cell: (file) => formatFileSize(file.size), className: 'whitespace-nowrap' },
        { header: 'Uploaded By', cell: (file) => file.uploaded_by_name ?? 'Former staff member' },
        { header: 'Date', cell: (file) => formatDate(file.created_at), className: 'whitespace-nowrap' },
        {
          header: <span className="sr-only">Actions</span>,
          className: 'text-right',
          cell: (file) => <FileActionButtons file={file} {...actions} />,
        },
      ]}
      card={(file) => (
        <div className="space-y-1.5">
          <FileName name={file.name} mimeType={file.mime_type} />
          <p className="text-sm text-slate-600">
            {showStudent && `${file.student_name} · `}
            {FILE_CATEGORY_LABELS[file.category]} · {formatFileSize(file.size)}
          </p>
          <p className="text-xs text-slate-500">
            {file.uploaded_by_name ?? 'Former staff member'} · {formatDate(file.created_at)}
          </p>
          <FileActionButtons file={file} {...actions} />
        </div>
      )}
    />
  );
}

export function FileActionButtons({ file, onView, onDelete }: FileActions & { file: StudentFile }) {
  return (
    <div className="flex justify-end gap-1 max-md:justify-start">
      {isPreviewable(file.mime_type) && (
        <FileActionButton word="View" file={file} onClick={() => onView(file)}>
          <Eye aria-hidden="true" className="size-4" />
        </FileActionButton>
      )}
      <Button size="sm" variant="ghost" asChild>
        <a href={fileDownloadHref(file.id)} download aria-label={`Download ${file.name}`} title="Download">
          <Download aria-hidden="true" className="size-4" />
          <span className="md:sr-only">Download</span>
        </a>
      </Button>
      <FileActionButton word="Delete" file={file} onClick={() => onDelete(file)}>
        <Trash2 aria-hidden="true" className="size-4 text-red-700" />
      </FileActionButton>
    </div>
  );
}

/** A file action as its icon, with its word beside it on narrow screens. */
function FileActionButton({
  word,
  file,
  onClick,
  children,
}: {
  word: string;
  file: StudentFile;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <Button size="sm" variant="ghost" aria-label={`${word} ${file.name}`} title={word} onClick={onClick}>
      {children}
      <span className="md:sr-only">{word}</span>
    </Button>
  );
}
