import { FileSpreadsheet } from 'lucide-react';
import type { PaymentBatchDetail, ReconcileResponse } from '../../../contracts/payment-batches';
import { CsvUploadDialog, csvFileProblem, RowErrorList, useUploadSteps } from '../../components/forms';
import { Alert, Badge, type BadgeTone, TBody, TD, TH, THead, TR, toast } from '../../components/ui';
import { ApiError } from '../../lib/api';
import { formatMoney } from '../../lib/format';
import { type UploadProgress, uploadFile } from '../../lib/upload';
import { plural } from './batch-ui';
import { reasonOf, reconcilePath, useRefreshAfterPayment } from './payment-batches.queries';
import { ReconcileResult, ScrollBox, TABLE_CLASSES } from './reconcile-result';
import {
  buildStatementPreview,
  LINE_OUTCOME_LABELS,
  type LineOutcome,
  type StatementPreview,
} from './statement-preview';

const FILE_MESSAGES = {
  notCsv: 'Choose a .csv file: save the bank statement as CSV first.',
  tooLarge: 'The file is larger than 10 MB. Please split it into smaller files.',
  empty: 'The file is empty.',
};
const UNREADABLE = 'The file could not be read. Save the bank statement as CSV and try again.';
/** Rows of the preview shown; the counts cover them all. */
const PREVIEW_ROWS = 200;

type Step =
  | { kind: 'choose'; error: string | null }
  | { kind: 'preview'; file: File; preview: StatementPreview }
  | { kind: 'running'; file: File; preview: StatementPreview; phase: UploadProgress }
  | { kind: 'failed'; file: File; preview: StatementPreview; message: string; rows: string[] }
  | { kind: 'done'; result: ReconcileResponse };

const OUTCOME_TONES: Record<LineOutcome, BadgeTone> = {
  match: 'success',
  already: 'neutral',
  charge: 'neutral',
  different_amount: 'danger',
  unknown_reference: 'warning',
  duplicate_reference: 'danger',
  status_conflict: 'danger',
};

/**
 * Import Bank Statement: choose the bank's CSV, see it read and matched against this batch in
 * the browser (by the server's own reader and rule), send it, then the result: how many payments
 * matched and each mismatch in words. Mismatches change nothing.
 */
export function StatementDialog({
  batch,
  open,
  onOpenChange,
}: {
  batch: PaymentBatchDetail;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { step, setStep, abort, running, chosen, footer, progress } = useUploadSteps<Step>(open);
  const refresh = useRefreshAfterPayment();

  const onFile = async (file: File) => {
    const problem = csvFileProblem(file, FILE_MESSAGES);
    if (problem) {
      setStep({ kind: 'choose', error: problem });
      return;
    }
    try {
      setStep({ kind: 'preview', file, preview: buildStatementPreview(await file.text(), batch.items) });
    } catch {
      setStep({ kind: 'choose', error: UNREADABLE });
    }
  };

  const onSend = async (file: File, preview: StatementPreview) => {
    abort.current = new AbortController();
    setStep({ kind: 'running', file, preview, phase: { phase: 'uploading', percent: 0 } });
    try {
      const result = await uploadFile<ReconcileResponse>(
        reconcilePath(batch.id),
        file,
        progress,
        abort.current.signal,
      );
      await refresh();
      toast.success(`Bank statement imported: ${plural(result.matched, 'payment')} matched`);
      setStep({ kind: 'done', result });
    } catch (error) {
      const rows = error instanceof ApiError ? (error.details.rows ?? []) : [];
      const message = reasonOf(error);
      toast.error(`Failed to import the bank statement: ${message}`);
      setStep({
        kind: 'failed',
        file,
        preview,
        message,
        rows: rows.map((r) => `Row ${r.row}: ${r.message}`),
      });
    } finally {
      abort.current = null;
    }
  };

  const send = chosen && {
    label: 'Reconcile',
    loadingText: 'Reconciling...',
    disabled: !chosen.preview.ok,
    onClick: () => onSend(chosen.file, chosen.preview),
  };

  return (
    <CsvUploadDialog
      open={open}
      onOpenChange={onOpenChange}
      title={`Import Bank Statement for ${batch.reference}`}
      description="The bank's statement as CSV: a reference column (Reference, Ref, Payment Reference or Narration) and an amount column (Amount, Amount Paid, Credit or Value)."
      size="xl"
      busy={running}
      footer={footer(() => onOpenChange(false), send)}
      chooser={
        step.kind === 'choose'
          ? {
              onFile,
              problem: step.error,
              hint: 'A .csv file of at most 10 MB. You will see it read before anything changes.',
            }
          : undefined
      }
      progress={
        step.kind === 'running'
          ? step.phase.phase === 'uploading'
            ? { label: 'Uploading file...', percent: step.phase.percent }
            : { label: 'Reconciling payments...' }
          : null
      }
    >
      {step.kind === 'failed' && (
        <Alert tone="error" title="Failed to import the bank statement">
          <p>{step.message}</p>
          {step.rows.length > 0 && <RowErrorList errors={step.rows} limit={10} label="Statement errors" />}
        </Alert>
      )}
      {(step.kind === 'preview' || step.kind === 'running' || step.kind === 'failed') && (
        <PreviewPanel fileName={step.file.name} preview={step.preview} />
      )}
      {step.kind === 'done' && <ReconcileResult result={step.result} />}
    </CsvUploadDialog>
  );
}

function PreviewPanel({ fileName, preview }: { fileName: string; preview: StatementPreview }) {
  return (
    <section aria-label="Preview" className="space-y-3">
      <p className="flex min-w-0 items-center gap-2 text-sm font-medium text-slate-900">
        <FileSpreadsheet aria-hidden="true" className="size-4 shrink-0 text-slate-500" />
        <span className="truncate">{fileName}</span>
      </p>
      {!preview.ok ? (
        <Alert tone="error" title="This file cannot be reconciled">
          <p>{preview.error}</p>
          {preview.problems.length > 0 && (
            <RowErrorList
              errors={preview.problems.map((p) => `Row ${p.row}: ${p.message}`)}
              limit={10}
              label="Statement errors"
            />
          )}
        </Alert>
      ) : (
        <>
          <p className="text-sm text-slate-700" data-testid="statement-counts">
            Read <strong>{plural(preview.lines.length, 'payment')}</strong> from the columns “
            {preview.columns.reference}” and “{preview.columns.amount.join('” / “')}”:{' '}
            <strong>{preview.toReconcile}</strong> to reconcile, <strong>{preview.missing.length}</strong> of
            the batch not in the file
            {preview.skippedRows > 0 && <>, {plural(preview.skippedRows, 'other row')} left out</>}.
          </p>
          <ScrollBox label="Statement payments" className="max-h-[22rem]">
            <table aria-label="Statement payments" className={TABLE_CLASSES}>
              <THead>
                <TR>
                  <TH>Row</TH>
                  <TH>Reference</TH>
                  <TH>Student</TH>
                  <TH className="text-right">Paid</TH>
                  <TH className="text-right">Expected</TH>
                  <TH>Result</TH>
                </TR>
              </THead>
              <TBody>
                {preview.lines.slice(0, PREVIEW_ROWS).map((line) => (
                  <TR key={line.row} data-outcome={line.outcome}>
                    <TD className="tabular-nums">{line.row}</TD>
                    <TD className="whitespace-nowrap font-mono text-xs">{line.reference}</TD>
                    <TD>{line.student_name ?? <span className="text-slate-400">—</span>}</TD>
                    <TD className="whitespace-nowrap text-right tabular-nums">{formatMoney(line.amount)}</TD>
                    <TD className="whitespace-nowrap text-right tabular-nums">
                      {line.expected_amount ? formatMoney(line.expected_amount) : '—'}
                    </TD>
                    <TD>
                      <Badge tone={OUTCOME_TONES[line.outcome]}>{LINE_OUTCOME_LABELS[line.outcome]}</Badge>
                    </TD>
                  </TR>
                ))}
              </TBody>
            </table>
          </ScrollBox>
          {preview.lines.length > PREVIEW_ROWS && (
            <p className="text-xs text-slate-500">
              {preview.lines.length - PREVIEW_ROWS} more rows not shown.
            </p>
          )}
        </>
      )}
    </section>
  );
}
