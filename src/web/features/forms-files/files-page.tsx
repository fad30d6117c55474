import { Upload } from 'lucide-react';
import { useState } from 'react';
import { z } from 'zod';
import { FILE_CATEGORIES, FILE_CATEGORY_LABELS } from '../../../domain/student-files';
import { ListScreen, ListTable } from '../../components/list';
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
    <ListScreen
      list={{ state: params, update }}
      title="Student Files"
      description="Documents kept for each student: reports, letters, receipts and records"
      main={{ label: 'Upload Files', icon: Upload, onClick: () => setUploading(true) }}
      search={{ label: 'Search files', placeholder: 'Search files...' }}
      filters={[
        <StudentFilter
          key="studentfilter"
          studentId={params.student_id}
          onChange={(student_id) => update({ student_id })}
          className="w-full sm:w-72"
        />,
        {
          key: 'category',
          label: 'Category',
          all: 'All Categories',
          values: FILE_CATEGORIES,
          labels: FILE_CATEGORY_LABELS,
        },
      ]}
      linkError={linked.isError && params.open ? reasonOf(linked.error) : null}
    >
      <ListTable query={files} onPage={(page) => update({ page })}>
        <FilesTable
          query={files}
          filtered={filtered}
          onView={(file) => update({ open: file.id, page: params.page })}
          onDelete={deletion.ask}
        />
      </ListTable>
      {viewing && (
        <FilePreviewDialog
          key={viewing.id}
          file={viewing}
          onClose={() => update({ open: '', page: params.page })}
        />
      )}
      {uploading && <UploadDialog student={filterStudent.data ?? null} onClose={() => setUploading(false)} />}
      {deletion.dialog}
    </ListScreen>
  );
}
