import { ClipboardList, FolderOpen } from 'lucide-react';
import { useId } from 'react';
import { Link } from 'react-router';
import { FORM_TYPE_LABELS } from '../../../domain/forms';
import { FILE_CATEGORY_LABELS, formatFileSize } from '../../../domain/student-files';
import { formatDate } from '../../lib/format';
import { fileDownloadHref, listQuery, reasonOf, useForms, useStudentFiles } from './forms-files.queries';
import { FileName, FormStatusBadge } from './forms-files-ui';

const RECENT = 5;

/** A student's recent forms and files, on their profile; each list links to the full one for them. */
export function StudentFormsAndFiles({ studentId }: { studentId: string }) {
  const query = listQuery({ student_id: studentId, pageSize: RECENT });
  const forms = useForms(query);
  const files = useStudentFiles(query);
  const headingId = useId();
  const byStudent = `student_id=${encodeURIComponent(studentId)}`;
  return (
    <section aria-labelledby={headingId} className="border-t border-slate-200 pt-4">
      <h3 id={headingId} className="mb-3 text-sm font-semibold tracking-wide text-slate-900 uppercase">
        Forms and Files
      </h3>
      <div className="grid gap-4 sm:grid-cols-2">
        <div>
          <p className="mb-2 flex items-center gap-1 text-xs font-medium text-slate-500">
            <ClipboardList aria-hidden="true" className="size-3.5" /> Forms ({forms.data?.total ?? '…'})
          </p>
          {forms.isError && <p className="text-sm text-red-700">{reasonOf(forms.error)}</p>}
          {forms.data?.items.length === 0 && <p className="text-sm text-slate-600">No forms yet.</p>}
          <ul className="space-y-2">
            {forms.data?.items.map((form) => (
              <li key={form.id} className="text-sm">
                <Link to={`/forms?open=${form.id}`} className="font-medium text-primary hover:underline">
                  {FORM_TYPE_LABELS[form.type]} · {formatDate(form.form_date)}
                </Link>
                <span className="mt-0.5 flex items-center gap-1">
                  <FormStatusBadge status={form.status} />
                </span>
              </li>
            ))}
          </ul>
          <Link to={`/forms?${byStudent}`} className="mt-2 inline-block text-sm text-primary hover:underline">
            All forms for this student
          </Link>
        </div>
        <div>
          <p className="mb-2 flex items-center gap-1 text-xs font-medium text-slate-500">
            <FolderOpen aria-hidden="true" className="size-3.5" /> Files ({files.data?.total ?? '…'})
          </p>
          {files.isError && <p className="text-sm text-red-700">{reasonOf(files.error)}</p>}
          {files.data?.items.length === 0 && <p className="text-sm text-slate-600">No files yet.</p>}
          <ul className="space-y-2">
            {files.data?.items.map((file) => (
              <li key={file.id} className="text-sm">
                <a
                  href={fileDownloadHref(file.id)}
                  download
                  aria-label={`Download ${file.name}`}
                  className="block text-primary hover:underline"
                >
                  <FileName name={file.name} mimeType={file.mime_type} nameClassName="font-medium" />
                </a>
                <span className="block text-xs text-slate-600">
                  {FILE_CATEGORY_LABELS[file.category]} · {formatFileSize(file.size)} ·{' '}
                  {formatDate(file.created_at)}
                </span>
              </li>
            ))}
          </ul>
          <Link to={`/files?${byStudent}`} className="mt-2 inline-block text-sm text-primary hover:underline">
            All files for this student
          </Link>
        </div>
      </div>
    </section>
  );
}
