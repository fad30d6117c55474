import { Download, Upload } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import {
  ALLOWANCE_TEMPLATE_COLUMNS,
  ALLOWANCE_TEMPLATE_FILENAME,
  type BulkUploadResponse,
} from '../../../contracts/allowances';
import { SKIP_INVALID_ROWS_FIELD } from '../../../contracts/common';
import { rowError } from '../../../domain/allowance-rows';
import { CsvUploadDialog, downloadTextFile, RowErrorList } from '../../components/forms';
import { Alert, Button, toast } from '../../components/ui';
import { ApiError } from '../../lib/api';
import { todayIso } from '../../lib/format';
import { type UploadProgress, uploadFile } from '../../lib/upload';
import { useRefreshAllowances } from './allowances.queries';
import {
  allowanceTemplateCsv,
  type CsvPreview,
  ERROR_LIST_FILENAME,
  ERROR_PREVIEW_LIMIT,
  errorListCsv,
  previewAllowanceCsv,
  uploadButtonLabel,
  uploadFileProblem,
} from './bulk-upload';
import { BulkUploadPreview } from './bulk-upload-preview';
import { ALLOWANCE_UI } from './messages';

/** Bulk Upload Allowances (docs/product.md §2, §5, §8; docs/product.md D6). Rendered only while open. */
export function BulkUploadDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (o: boolean) => void;
}) {
  if (!open) return null;
  return <BulkUploadForm onClose={() => onOpenChange(false)} />;
}

type UploadState = { state: 'idle' } | { state: 'running'; progress: UploadProgress };

function BulkUploadForm({ onClose }: { onClose: () => void }) {
  const refresh = useRefreshAllowances();
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [preview, setPreview] = useState<CsvPreview | null>(null);
  const [upload, setUpload] = useState<UploadState>({ state: 'idle' });
  const [result, setResult] = useState<BulkUploadResponse | null>(null);
  const [failure, setFailure] = useState<{ message: string; rows: string[] } | null>(null);
  const abortRef = useRef<(() => void) | null>(null);
  const busy = upload.state === 'running';
  const skipsRows = preview?.ok === true && preview.withErrors > 0;

  // Leaving the page mid-upload cancels the request (the server writes nothing until it has the file).
  useEffect(() => () => abortRef.current?.(), []);

  const onPick = async (picked: File) => {
    setFile(picked);
    setResult(null);
    setFailure(null);
    setPreview(null);
    const fileProblem = uploadFileProblem(picked);
    setProblem(fileProblem);
    if (fileProblem) return;
    try {
      const checked = previewAllowanceCsv(await picked.text());
      setPreview(checked);
      if (!checked.ok) setProblem(checked.message);
    } catch {
      setProblem(ALLOWANCE_UI.csvParsing('the file could not be read'));
    }
  };

  const onUpload = async () => {
    setFailure(null);
    const fileProblem = uploadFileProblem(file);
    if (fileProblem || !file) {
      setProblem(fileProblem ?? ALLOWANCE_UI.noFile);
      return;
    }
    if (problem) return;
    setResult(null);
    const controller = new AbortController();
    abortRef.current = () => controller.abort();
    // Rows with errors are left out only when the user chose to import the valid rows without them.
    const fields: Record<string, string> = skipsRows ? { [SKIP_INVALID_ROWS_FIELD]: 'true' } : {};
    try {
      const response = await uploadFile<BulkUploadResponse>(
        '/api/allowances/bulk',
        file,
        (progress) => setUpload({ state: 'running', progress }),
        controller.signal,
        fields,
      );
      void refresh();
      if (response.failed === 0) {
        toast.success(ALLOWANCE_UI.uploaded(response.success));
        onClose();
        return;
      }
      setResult(response);
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') return;
      // The spec's message, with the server's reason under it when it gave one (too large, no rows,
      // the rows that refused the whole file...).
      const answered = error instanceof ApiError && !error.isNetworkError;
      setFailure({
        message: answered ? error.message : '',
        rows: answered ? (error.details.rows ?? []).map((p) => rowError(p.row, p.message)) : [],
      });
      toast.error(ALLOWANCE_UI.bulkFailed);
    } finally {
      abortRef.current = null;
      setUpload({ state: 'idle' });
    }
  };

  return (
    <CsvUploadDialog
      open
      onOpenChange={(next) => !next && onClose()}
      title="Bulk Upload Allowances"
      description="Upload a CSV file with one allowance per row. The preview lists each row's problem: submit the valid rows without the others, or fix the file."
      busy={busy}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            {result ? 'Close' : 'Cancel'}
          </Button>
          <Button
            onClick={() => void onUpload()}
            loading={busy}
            loadingText="Uploading..."
            disabled={preview?.ok === true && preview.ready === 0}
          >
            <Upload aria-hidden="true" className="size-4" />
            {uploadButtonLabel(preview)}
          </Button>
        </>
      }
      template={{
        about: (
          <>
            <p className="font-medium text-slate-900">Columns</p>
            <p className="break-words text-xs text-slate-600">{ALLOWANCE_TEMPLATE_COLUMNS.join(', ')}</p>
            <p className="text-xs text-slate-600">
              Either student_id or chl_number identifies the student. Only .csv files up to 10 MB.
            </p>
          </>
        ),
        filename: ALLOWANCE_TEMPLATE_FILENAME,
        contents: () => allowanceTemplateCsv(Number(todayIso().slice(0, 4))),
      }}
      chooser={{ onFile: (picked) => void onPick(picked), problem }}
      progress={upload.state === 'running' ? progressOf(upload.progress) : null}
    >
      {file && preview?.ok && !problem && <BulkUploadPreview file={file} {...preview} />}

      {failure !== null && (
        <Alert tone="error" title={ALLOWANCE_UI.bulkFailed}>
          {failure.message || undefined}
          {failure.rows.length > 0 && (
            <div className="mt-2">
              <RowErrorList errors={failure.rows} limit={ERROR_PREVIEW_LIMIT} label="Upload errors" />
            </div>
          )}
        </Alert>
      )}

      {result && <UploadResults result={result} />}
    </CsvUploadDialog>
  );
}

const progressOf = (progress: UploadProgress) =>
  progress.phase === 'uploading'
    ? { label: 'Uploading...', percent: progress.percent }
    : { label: 'Processing...' };

function UploadResults({ result }: { result: BulkUploadResponse }) {
  const ref = useRef<HTMLElement>(null);
  // The panel appears below the file picker: bring it into view.
  useEffect(() => {
    ref.current?.scrollIntoView({ block: 'nearest', behavior: 'smooth' });
  }, []);
  return (
    <section
      ref={ref}
      aria-label="Upload results"
      className="space-y-3 rounded-lg border border-slate-200 p-3"
    >
      <p role="status" className="sr-only">
        Upload finished: {result.success} succeeded, {result.failed} failed.
      </p>
      <div className="grid grid-cols-2 gap-3">
        <div className="rounded-lg bg-emerald-50 p-3">
          <p className="text-xs font-medium text-emerald-800">Success</p>
          <p className="text-2xl font-semibold text-emerald-900 tabular-nums" data-testid="bulk-success">
            {result.success}
          </p>
        </div>
        <div className="rounded-lg bg-red-50 p-3">
          <p className="text-xs font-medium text-red-800">Failed</p>
          <p className="text-2xl font-semibold text-red-900 tabular-nums" data-testid="bulk-failed">
            {result.failed}
          </p>
        </div>
      </div>
      {result.errors.length > 0 && (
        <div className="space-y-2 text-red-800">
          <RowErrorList errors={result.errors} limit={ERROR_PREVIEW_LIMIT} label="Upload errors" />
          <Button
            variant="secondary"
            size="sm"
            onClick={() => downloadTextFile(ERROR_LIST_FILENAME, errorListCsv(result.errors))}
          >
            <Download aria-hidden="true" className="size-4" />
            Download error list
          </Button>
        </div>
      )}
    </section>
  );
}
