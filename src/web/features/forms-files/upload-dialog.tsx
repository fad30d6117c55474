import { useState } from 'react';
import {
  FILE_CATEGORIES,
  FILE_CATEGORY_LABELS,
  FILE_MESSAGES,
  type FileCategory,
} from '../../../domain/student-files';
import { choiceOptions } from '../../components/forms';
import { Button, Dialog, Field, Select, toast } from '../../components/ui';
import { type StudentOption, StudentPicker } from '../students';
import { useRefreshFormsAndFiles } from './forms-files.queries';
import { FileDropZone, UploadList } from './upload-parts';
import { useUploadQueue } from './use-upload-queue';

type Problems = Partial<Record<'student' | 'category' | 'files', string>>;

/**
 * 'Upload Files': a student, a category and one or more files, each sent on its own with its own
 * progress bar and answer. Files the server would refuse for their size are refused here first.
 * The dialog closes by itself once every file is stored; otherwise it stays to show what failed.
 */
export function UploadDialog({
  student,
  fixedStudent,
  formId,
  onClose,
}: {
  /** The student it starts with (the list's filter); another may be picked. */
  student?: StudentOption | null;
  /** The student the files must be for (a form's files): shown, not picked. */
  fixedStudent?: { id: string; name: string };
  /** Attach the files to this form. */
  formId?: string;
  onClose: () => void;
}) {
  const queue = useUploadQueue();
  const refresh = useRefreshFormsAndFiles();
  const [picked, setPicked] = useState<StudentOption | null>(student ?? null);
  const [category, setCategory] = useState<FileCategory | ''>('');
  const [problems, setProblems] = useState<Problems>({});
  const studentId = fixedStudent?.id ?? picked?.id ?? '';
  const stored = queue.items.filter((item) => item.state === 'done').length;

  const upload = async () => {
    const next: Problems = {};
    if (!studentId) next.student = FILE_MESSAGES.studentRequired;
    if (!category) next.category = FILE_MESSAGES.categoryRequired;
    if (!queue.items.some((item) => item.state === 'ready' || item.state === 'failed'))
      next.files = FILE_MESSAGES.fileRequired;
    setProblems(next);
    if (Object.keys(next).length > 0) return;
    const fields: Record<string, string> = { student_id: studentId, category };
    if (formId) fields.form_id = formId;
    const { done, failed } = await queue.send(fields);
    if (done > 0) {
      void refresh();
      toast.success(FILE_MESSAGES.uploaded(done));
    }
    const refused = queue.items.some((item) => item.state === 'refused');
    if (failed === 0 && !refused && done > 0) onClose();
  };

  return (
    <Dialog
      open
      onOpenChange={(next) => !next && !queue.running && onClose()}
      title="Upload Files"
      description="PDF, images (PNG, JPEG, WebP), text, CSV, Word or Excel files of up to 10 MB each."
      size="lg"
      dismissible={!queue.running}
      footer={
        <>
          <Button variant="secondary" disabled={queue.running} onClick={onClose}>
            {stored > 0 ? 'Close' : 'Cancel'}
          </Button>
          <Button loading={queue.running} loadingText="Uploading..." onClick={() => void upload()}>
            Upload
          </Button>
        </>
      }
    >
      <div className="space-y-4">
        <div className="grid gap-4 sm:grid-cols-2">
          {fixedStudent ? (
            <div>
              <p className="text-sm font-medium text-slate-800">Student</p>
              <p className="mt-2 text-sm text-slate-900">{fixedStudent.name}</p>
            </div>
          ) : (
            <Field label="Student" required error={problems.student}>
              <StudentPicker
                value={picked}
                onChange={(next) => {
                  setPicked(next);
                  if (next) setProblems((p) => ({ ...p, student: undefined }));
                }}
                disabled={queue.running}
                placeholder="Select a student"
              />
            </Field>
          )}
          <Field label="Category" required error={problems.category}>
            <Select
              value={category}
              disabled={queue.running}
              onChange={(e) => {
                setCategory(e.target.value as FileCategory | '');
                setProblems((p) => ({ ...p, category: undefined }));
              }}
              options={[
                { value: '', label: 'Select a category' },
                ...choiceOptions(FILE_CATEGORIES, FILE_CATEGORY_LABELS),
              ]}
            />
          </Field>
        </div>
        <Field
          label="Files"
          required
          error={problems.files}
          hint="Choose several files at once, or drop them here."
        >
          <FileDropZone
            disabled={queue.running}
            onFiles={(files) => {
              queue.add(files);
              setProblems((p) => ({ ...p, files: undefined }));
            }}
          />
        </Field>
        <UploadList items={queue.items} onRemove={queue.remove} busy={queue.running} />
      </div>
    </Dialog>
  );
}
