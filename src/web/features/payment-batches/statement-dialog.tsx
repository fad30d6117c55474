import { FileSpreadsheet } from 'lucide-react';
import type { PaymentBatchDetail, ReconcileResponse } from '../../../contracts/payment-batches';
import { CsvUploadDialog, csvFileProblem, RowErrorList, useUploadSteps } from '../../components/forms';
import { Alert, type BadgeTone, toast } from '../../components/ui';
import { type UploadProgress, uploadFile } from '../../lib/upload';
import { plural } from './batch-ui';
import { reconcilePath, useRefreshAfterPayment } from './payment-batches.queries';
import { ReconcileResult } from './reconcile-result';
import { type Refusal, RefusalAlert, refusalOf, StatementLinesTable } from './statement-lines';
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
const FILE_HINT = 'A .csv file of at most 10 MB. You will see it read before anything changes.';
const UNREADABLE = 'The file could not be read. Save the bank statement as CSV and try again.';

type Step =
  | { kind: 'choose'; error: string | null }
  | { kind: 'preview'; file: File; preview: StatementPreview }
  | { kind: 'running'; file: File; preview: StatementPreview; phase: UploadProgress }
  | { kind: 'failed'; file: File; preview: StatementPreview; refusal: Refusal }
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
  const { step, setStep, abort, chosen, dialogProps, progress } = useUploadSteps<Step>(open, onOpenChange);
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
      const refusal = refusalOf(error);
      toast.error(`Failed to import the bank statement: ${refusal.message}`);
      setStep({ kind: 'failed', file, preview, refusal });
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
      {...dialogProps({ send, chooser: { onFile, hint: FILE_HINT }, working: 'Reconciling payments...' })}
      title={`Import Bank Statement for ${batch.reference}`}
      description="The bank's statement as CSV: a reference column (Reference, Ref, Payment Reference or Narration) and an amount column (Amount, Amount Paid, Credit or Value)."
      size="xl"
    >
      {step.kind === 'failed' && (
        <RefusalAlert title="Failed to import the bank statement" refusal={step.refusal} />
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
          <StatementLinesTable
            label="Statement payments"
            lines={preview.lines}
            amountHeading="Paid"
            noun="rows"
            result={(line) => ({
              tone: OUTCOME_TONES[line.outcome],
              label: LINE_OUTCOME_LABELS[line.outcome],
            })}
          />
        </>
      )}
    </section>
  );
}
