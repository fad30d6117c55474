import { Upload } from 'lucide-react';
import { useState } from 'react';
import { z } from 'zod';
import { FILE_CATEGORIES, FILE_CATEGORY_LABELS, type FileCategory } from '../../../domain/student-files';
import { choiceOptions } from '../../components/forms';
import { QueryPager, SearchBox } from '../../components/list';
import { Button, Card, PageHeader, Select } from '../../components/ui';
import { filterParam, listStateSchema } from '../../lib/list-state';
import { useUrlListState } from '../../lib/use-url-list-state';
import { useStudent } from '../students';
import { useFileDeletion } from './delete-file-dialog';
import { FilePreviewDialog } from './file-preview-dialog';
import { FilesTable } from './files-table';
import { listQuery, reasonOf, useStudentFile, useStudentFiles } from './forms-files.queries';
import { StudentFilter } from './student-filter';
import { UploadDialog } from './upload-dialog';

const ParamsSchema = listStateSchema({
  student_id: z.uuid().catch('').default(''),
  category: filterParam(FILE_CATEGORIES),
  open: z.string().max(40).default(''),
});

/**
 * /files: Student Files (docs/product.md §2): the documents kept for the students the user
 * reaches, filtered by student, category and search; Upload Files; View, Download and Delete.
 * `?open=<id>` shows that file (a link from elsewhere).
 */
export function FilesPage() {
  const { state: params, update } = useUrlListState(ParamsSchema);
  const files = useStudentFiles(
    listQuery({
      q: params.q,
      student_id: params.student_id,
      category: params.category,
      page: params.page,
      pageSize: 25,
    }),
  );
  const filterStudent = useStudent(params.student_id || null);
  const [uploading, setUploading] = useState(false);
  const deletion = useFileDeletion(
    (file) => file.id === params.open && update({ open: '', page: params.page }),
  );
  // The list's copy when the file is on the page shown; a link may name any file the user reaches.
  const listed = files.data?.items.find((file) => file.id === params.open);
  const linked = useStudentFile(params.open && files.data && !listed ? params.open : '');
  const viewing = params.open ? (listed ?? linked.data ?? null) : null;
  const filtered = Boolean(params.q || params.student_id || params.category);

  return (
    <div className="space-y-6">
      <PageHeader
        title="Student Files"
        description="Documents kept for each student: reports, letters, receipts and records"
        actions={
          <Button onClick={() => setUploading(true)}>
            <Upload aria-hidden="true" className="size-4" />
            Upload Files
          </Button>
        }
      />
      <div className="flex flex-wrap items-end gap-3">
        <SearchBox
          label="Search files"
          placeholder="Search files..."
          value={params.q}
          onCommit={(q) => update({ q })}
          className="min-w-56 flex-1"
        />
        <StudentFilter
          studentId={params.student_id}
          onChange={(student_id) => update({ student_id })}
          className="w-full sm:w-72"
        />
        <Select
          aria-label="Category"
          value={params.category}
          onChange={(e) => update({ category: e.target.value as FileCategory | '' })}
          options={[
            { value: '', label: 'All Categories' },
            ...choiceOptions(FILE_CATEGORIES, FILE_CATEGORY_LABELS),
          ]}
        />
      </div>
      <Card>
        <FilesTable
          query={files}
          filtered={filtered}
          onView={(file) => update({ open: file.id, page: params.page })}
          onDelete={deletion.ask}
        />
        <QueryPager query={files} onPage={(page) => update({ page })} />
      </Card>
      {viewing && (
        <FilePreviewDialog
          key={viewing.id}
          file={viewing}
          onClose={() => update({ open: '', page: params.page })}
        />
      )}
      {linked.isError && params.open && (
        <p role="alert" className="text-sm text-red-700">
          {reasonOf(linked.error)}
        </p>
      )}
      {uploading && <UploadDialog student={filterStudent.data ?? null} onClose={() => setUploading(false)} />}
      {deletion.dialog}
    </div>
  );
}
