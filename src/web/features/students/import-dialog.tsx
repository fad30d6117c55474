import { FileSpreadsheet } from 'lucide-react';
import { type RowProblem, SKIP_INVALID_ROWS_FIELD } from '../../../contracts/common';
import type { StudentImportResponse } from '../../../contracts/students';
import { rowError } from '../../../domain/student-import';
import { CsvUploadDialog, RowErrorList, useUploadSteps } from '../../components/forms';
import { Alert, Badge, Table, TBody, TD, TH, THead, TR, toast } from '../../components/ui';
import { ApiError, errorMessage } from '../../lib/api';
import { cn } from '../../lib/cn';
import { todayIso } from '../../lib/format';
import { type UploadProgress, uploadFile } from '../../lib/upload';
import {
  buildImportPreview,
  checkImportFile,
  IMPORT_FILE_MESSAGES,
  type ImportPreview,
  importButtonLabel,
  importTemplateCsv,
  parseCsvText,
  STUDENT_IMPORT_TEMPLATE_FILENAME,
} from './import-preview';
import { STUDENT_UI_MESSAGES as M } from './messages';
import { useStudentsRefresh } from './students.queries';

/** Rows of the preview table shown in full; dropped and faulty rows are always shown. */
const PREVIEW_ROWS = 100;
/** Server row errors listed before '... and N more errors'. */
const LISTED_ERRORS = 10;

type Step =
  | { kind: 'choose'; error: string | null }
  | { kind: 'preview'; file: File; preview: ImportPreview }
  | { kind: 'running'; file: File; preview: ImportPreview; phase: UploadProgress }
  | { kind: 'failed'; file: File; preview: ImportPreview; error: ImportFailure }
  | { kind: 'done'; result: StudentImportResponse };

interface ImportFailure {
  message: string;
  rows: string[];
}

/** What to show of a refused or failed upload: the server's words, else the import's own. */
function importFailure(error: unknown): ImportFailure {
  const fallback = IMPORT_FILE_MESSAGES.uploadFailed;
  const rows = error instanceof ApiError ? (error.details.rows ?? []) : [];
  return {
    message: errorMessage(error, { failed: fallback, network: fallback }),
    rows: rows.map((p) => rowError(p.row, p.message)),
  };
}

/** Import CSV: template, file choice, preview of kept and dropped rows, upload with progress, result. */
export function ImportDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { step, setStep, abort, chosen, dialogProps, progress } = useUploadSteps<Step>(open, onOpenChange);
  const refresh = useStudentsRefresh();

  const onFile = async (file: File) => {
    const problem = checkImportFile(file);
    if (problem) {
      setStep({ kind: 'choose', error: problem });
      return;
    }
    try {
      const preview = buildImportPreview(parseCsvText(await file.text()), todayIso());
      setStep({ kind: 'preview', file, preview });
    } catch {
      setStep({ kind: 'choose', error: IMPORT_FILE_MESSAGES.parseFailed });
      toast.error(IMPORT_FILE_MESSAGES.parseFailed);
    }
  };

  const onImport = async (file: File, preview: ImportPreview) => {
    abort.current = new AbortController();
    // Rows with errors are left out only when the user chose to import the valid rows without them.
    const fields: Record<string, string> =
      preview.withErrors > 0 ? { [SKIP_INVALID_ROWS_FIELD]: 'true' } : {};
    setStep({ kind: 'running', file, preview, phase: { phase: 'uploading', percent: 0 } });
    try {
      const result = await uploadFile<StudentImportResponse>(
        '/api/students/import',
        file,
        progress,
        abort.current.signal,
        fields,
      );
      await refresh();
      toast.success(result.message);
      setStep({ kind: 'done', result });
    } catch (error) {
      const failure = importFailure(error);
      toast.error(M.importFailed(failure.message));
      setStep({ kind: 'failed', file, preview, error: failure });
    } finally {
      abort.current = null;
    }
  };

  const send = chosen && {
    label: importButtonLabel(chosen.preview.toImport, chosen.preview.withErrors),
    loadingText: 'Importing...',
    disabled: chosen.preview.blocker !== null || chosen.preview.toImport === 0,
    onClick: () => onImport(chosen.file, chosen.preview),
  };

  return (
    <CsvUploadDialog
      {...dialogProps({ send, chooser: { onFile, hint: FILE_HINT }, working: 'Importing students...' })}
      title="Import Students from CSV"
      description="Required columns: first_name and last_name. Rows missing either are dropped."
      size="xl"
      template={step.kind === 'choose' ? TEMPLATE : undefined}
    >
      {step.kind === 'failed' && <ServerErrors error={step.error} />}
      {(step.kind === 'preview' || step.kind === 'running' || step.kind === 'failed') && (
        <PreviewPanel fileName={step.file.name} preview={step.preview} />
      )}
      {step.kind === 'done' && <ImportResult result={step.result} />}
    </CsvUploadDialog>
  );
}

const TEMPLATE = {
  about: (
    <>
      <p className="font-medium text-slate-900">Start from the template</p>
      <p className="text-slate-600">
        first_name, last_name, email, contact_number, community, program_level, institution_name,
        current_program, chl_number, gender, date_of_birth
      </p>
      <p className="text-slate-600">
        Optional payment channel: payment_method (bank, mtn_momo or airtel_money), then bank_name,
        bank_branch, account_number and account_name for a bank, or wallet_number and wallet_name for a
        wallet. It becomes the student's primary channel.
      </p>
    </>
  ),
  filename: STUDENT_IMPORT_TEMPLATE_FILENAME,
  contents: importTemplateCsv,
};

const FILE_HINT = 'A .csv file of at most 10 MB. You will see a preview before anything is imported.';

const RESULT_STYLES = {
  import: { row: '', badge: 'success', label: 'Will import' },
  drop: { row: 'bg-red-50/60', badge: 'danger', label: 'Will be dropped' },
  error: { row: 'bg-amber-50/70', badge: 'warning', label: 'Error' },
} as const;

const PREVIEW_COLUMNS: Array<[string, string]> = [
  ['first_name', 'First Name'],
  ['last_name', 'Last Name'],
  ['email', 'Email'],
  ['program_level', 'Program Level'],
  ['institution_name', 'Institution'],
  ['chl_number', 'CHL Number'],
];

function PreviewPanel({ fileName, preview }: { fileName: string; preview: ImportPreview }) {
  const visible = preview.rows.filter((r, index) => index < PREVIEW_ROWS || r.status !== 'import');
  const hidden = preview.rows.length - visible.length;
  return (
    <section aria-label="Preview" className="space-y-3">
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
        <p className="flex min-w-0 items-center gap-2 text-sm font-medium text-slate-900">
          <FileSpreadsheet aria-hidden="true" className="size-4 shrink-0 text-slate-500" />
          <span className="truncate">{fileName}</span>
        </p>
        <p className="text-sm text-slate-700" data-testid="import-counts">
          <strong>{preview.toImport}</strong> {preview.toImport === 1 ? 'row' : 'rows'} to import,{' '}
          <strong>{preview.toDrop}</strong> {preview.toDrop === 1 ? 'row' : 'rows'} to drop
          {preview.withErrors > 0 && (
            <>
              , <strong>{preview.withErrors}</strong> with errors
            </>
          )}
        </p>
      </div>
      {preview.blocker && <Alert tone="error">{preview.blocker}</Alert>}
      {!preview.blocker && preview.withErrors > 0 && preview.toImport > 0 && (
        <Alert tone="info" title="Some rows have errors">
          Import the {preview.toImport} valid {preview.toImport === 1 ? 'row' : 'rows'} and leave out the rows
          marked Error, or fix them in the file and choose it again.
        </Alert>
      )}
      {!preview.blocker && preview.withErrors > 0 && preview.toImport === 0 && (
        <Alert tone="error" title="No valid rows to import">
          Every row has an error. Fix the rows marked Error, then choose the file again.
        </Alert>
      )}
      {preview.rows.length > 0 && (
        <div className="max-h-[22rem] overflow-auto rounded-lg border border-slate-200">
          <Table>
            <THead>
              <TR>
                <TH>Row</TH>
                <TH>Result</TH>
                {PREVIEW_COLUMNS.map(([key, label]) => (
                  <TH key={key}>{label}</TH>
                ))}
              </TR>
            </THead>
            <TBody>
              {visible.map((row) => {
                const style = RESULT_STYLES[row.status];
                return (
                  <TR key={row.row} className={style.row} data-status={row.status}>
                    <TD className="tabular-nums">{row.row}</TD>
                    <TD>
                      <div className="flex min-w-[8.5rem] flex-col items-start gap-1">
                        <Badge tone={style.badge}>{style.label}</Badge>
                        {row.reasons.map((reason) => (
                          <span key={reason} className="text-xs text-slate-700">
                            {reason}
                          </span>
                        ))}
                      </div>
                    </TD>
                    {PREVIEW_COLUMNS.map(([key]) => (
                      <TD key={key} className="max-w-[14rem] truncate">
                        {row.values[key] || <span className="text-slate-400">—</span>}
                      </TD>
                    ))}
                  </TR>
                );
              })}
            </TBody>
          </Table>
        </div>
      )}
      {hidden > 0 && (
        <p className="text-xs text-slate-500">
          {hidden} more {hidden === 1 ? 'row' : 'rows'} to import not shown.
        </p>
      )}
    </section>
  );
}

function ServerErrors({ error }: { error: ImportFailure }) {
  return (
    <Alert tone="error" title="Failed to import students">
      <p>{error.message}</p>
      {error.rows.length > 0 && (
        <div className="mt-2">
          <RowErrorList errors={error.rows} limit={LISTED_ERRORS} label="Import errors" />
        </div>
      )}
    </Alert>
  );
}

function ImportResult({ result }: { result: StudentImportResponse }) {
  return (
    <div className="space-y-4">
      <Alert tone="success" title={result.message} />
      {result.warnings.length > 0 && (
        <RowsWithProblems
          heading={`Imported, worth a check (${result.warnings.length})`}
          rows={result.warnings}
          label="Warnings"
        />
      )}
      {result.skipped_rows > 0 && (
        <RowsWithProblems
          heading={`Rows with errors left out (${result.skipped_rows})`}
          rows={result.skipped}
          label="Rows left out"
          className="text-red-800"
        />
      )}
      <div>
        <h3 className="text-sm font-semibold text-slate-900">Dropped rows ({result.dropped.length})</h3>
        {result.dropped.length === 0 ? (
          <p className="mt-1 text-sm text-slate-600">No rows were dropped.</p>
        ) : (
          <ul className={cn('mt-2 divide-y divide-slate-100 rounded-lg border border-slate-200')}>
            {result.dropped.map((d) => (
              <li key={d.row} className="flex gap-3 px-3 py-2 text-sm">
                <span className="font-medium text-slate-900 tabular-nums">Row {d.row}</span>
                <span className="text-slate-700">{d.reason}</span>
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}

/** Rows of the import that carry a problem, under their heading: imported with a warning, or left out. */
function RowsWithProblems({
  heading,
  rows,
  label,
  className,
}: {
  heading: string;
  rows: readonly RowProblem[];
  label: string;
  className?: string;
}) {
  return (
    <div>
      <h3 className="text-sm font-semibold text-slate-900">{heading}</h3>
      <div className={cn('mt-2', className)}>
        <RowErrorList
          errors={rows.map((p) => rowError(p.row, p.message))}
          limit={LISTED_ERRORS}
          label={label}
        />
      </div>
    </div>
  );
}
