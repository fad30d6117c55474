import { Upload } from 'lucide-react';
import { useState } from 'react';
import type { Form } from '../../../contracts/forms';
import type { StudentFile } from '../../../contracts/student-files';
import { FORM_FIELDS, FORM_TYPE_LABELS, formFieldText } from '../../../domain/forms';
import { QueryPager } from '../../components/list';
import { Button, ClosingNote } from '../../components/ui';
import { formatDate, formatDateTime } from '../../lib/format';
import { useFileDeletion } from './delete-file-dialog';
import { FilePreviewDialog } from './file-preview-dialog';
import { FilesTable } from './files-table';
import { formPhotoHref, listQuery, useStudentFiles } from './forms-files.queries';
import { FormStatusBadge } from './forms-files-ui';
import { UploadDialog } from './upload-dialog';

function Detail({ label, value }: { label: string; value: string }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-medium text-slate-500">{label}</dt>
      <dd className="mt-0.5 text-sm break-words whitespace-pre-wrap text-slate-900">{value}</dd>
    </div>
  );
}

/** A form as written: who, when, its state, each of its type's fields, a home visit's photos, and the review. */
export function FormDetails({ form }: { form: Form }) {
  return (
    <div className="space-y-5">
      <div className="flex flex-wrap items-center gap-2">
        <FormStatusBadge status={form.status} />
        <span className="text-sm text-slate-600">{FORM_TYPE_LABELS[form.type]}</span>
      </div>
      <dl className="grid gap-3 sm:grid-cols-2">
        <Detail label="Student" value={form.student_name} />
        <Detail label="Date" value={formatDate(form.form_date)} />
        <Detail label="Written By" value={form.author_name ?? 'Former staff member'} />
        {form.completed_at && <Detail label="Completed" value={formatDateTime(form.completed_at)} />}
      </dl>
      <dl className="space-y-3 border-t border-slate-200 pt-4">
        {FORM_FIELDS[form.type].map((spec) => {
          const text = formFieldText(spec, form.fields[spec.key]);
          return (
            <div key={spec.key}>
              <dt className="text-xs font-medium text-slate-500">{spec.label}</dt>
              <dd className="mt-0.5 text-sm break-words whitespace-pre-wrap text-slate-900">
                {text || <span className="text-slate-500">Not filled in</span>}
              </dd>
            </div>
          );
        })}
      </dl>
      {form.photo_ids.length > 0 && (
        <section aria-label="Photos" className="border-t border-slate-200 pt-4">
          <h3 className="text-xs font-medium text-slate-500">Photos</h3>
          <ul className="mt-2 grid grid-cols-2 gap-2 sm:grid-cols-3">
            {form.photo_ids.map((id, i) => (
              <li key={id}>
                <img
                  src={formPhotoHref(id)}
                  alt={`At the visit, ${i + 1} of ${form.photo_ids.length}`}
                  loading="lazy"
                  className="aspect-[4/3] w-full rounded-md border border-slate-200 bg-slate-50 object-cover"
                />
              </li>
            ))}
          </ul>
        </section>
      )}
      <ClosingNote title="Review" note={form.review_note} by={form.reviewed_by_name} at={form.reviewed_at} />
    </div>
  );
}

const FORM_FILES_PAGE = 10;

/** The Files tab: what is attached to the form, and Upload Files for more (the form's student). */
export function FormFiles({ form }: { form: Form }) {
  const [page, setPage] = useState(1);
  const files = useStudentFiles(listQuery({ form_id: form.id, page, pageSize: FORM_FILES_PAGE }));
  const [uploading, setUploading] = useState(false);
  const [viewing, setViewing] = useState<StudentFile | null>(null);
  const deletion = useFileDeletion();
  return (
    <div className="space-y-3">
      <div className="flex justify-end">
        <Button variant="secondary" size="sm" onClick={() => setUploading(true)}>
          <Upload aria-hidden="true" className="size-4" />
          Upload Files
        </Button>
      </div>
      <div className="rounded-lg border border-slate-200">
        <FilesTable
          query={files}
          filtered={false}
          showStudent={false}
          onView={setViewing}
          onDelete={deletion.ask}
        />
        <QueryPager query={files} onPage={setPage} />
      </div>
      {uploading && (
        <UploadDialog
          fixedStudent={{ id: form.student_id, name: form.student_name }}
          formId={form.id}
          onClose={() => setUploading(false)}
        />
      )}
      {viewing && <FilePreviewDialog file={viewing} onClose={() => setViewing(null)} />}
      {deletion.dialog}
    </div>
  );
}
