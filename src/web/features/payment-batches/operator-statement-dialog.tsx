import type { OperatorStatementResponse } from '../../../contracts/operator-statements';
import type { PaymentBatchDetail } from '../../../contracts/payment-batches';
import {
  OPERATOR_LINE_OUTCOME_LABELS,
  OPERATOR_LINE_OUTCOMES,
  type OperatorLineOutcome,
} from '../../../domain/operator-statements';
import type { WalletProvider } from '../../../domain/payment-channels';
import { PAYMENT_PART_LABELS } from '../../../domain/payouts';
import { CsvUploadDialog, RowErrorList, useUploadSteps } from '../../components/forms';
import { Alert, Badge, type BadgeTone, TBody, TD, TH, THead, TR, toast } from '../../components/ui';
import { ApiError } from '../../lib/api';
import { formatMoney } from '../../lib/format';
import { type UploadProgress, uploadFile } from '../../lib/upload';
import { plural } from './batch-ui';
import { operatorStatementPath, reasonOf, useRefreshAfterPayment } from './payment-batches.queries';
import { ScrollBox, TABLE_CLASSES } from './reconcile-result';

const MAX_BYTES = 10 * 1024 * 1024;
const FILE_PROBLEMS = {
  type: 'Choose a .csv or .xlsx file: the statement as the operator\u2019s portal gives it.',
  tooLarge: 'The file is larger than 10 MB. Please split it into smaller files.',
  empty: 'The file is empty.',
};
const PREVIEW_ROWS = 200;

type Step =
  | { kind: 'choose'; error: string | null }
  | { kind: 'preview'; file: File; preview: OperatorStatementResponse }
  | { kind: 'running'; file: File; preview: OperatorStatementResponse | null; phase: UploadProgress }
  | { kind: 'failed'; file: File; preview: OperatorStatementResponse | null; message: string; rows: string[] }
  | { kind: 'done'; result: OperatorStatementResponse };

export const OUTCOME_TONES: Record<OperatorLineOutcome, BadgeTone> = {
  matched: 'success',
  different_amount: 'danger',
  failed: 'warning',
  reversed: 'danger',
  conflict: 'danger',
  unmatched: 'warning',
  duplicate: 'neutral',
};

function fileProblem(file: File): string | null {
  if (!/\.(csv|xlsx)$/i.test(file.name)) return FILE_PROBLEMS.type;
  if (file.size > MAX_BYTES) return FILE_PROBLEMS.tooLarge;
  if (file.size === 0) return FILE_PROBLEMS.empty;
  return null;
}

/**
 * Import an operator's statement for one wallet part: the file is read and matched by the server
 * without changing anything (the preview, with the count of each outcome), then imported.
 */
export function OperatorStatementDialog({
  batch,
  channel,
  onOpenChange,
}: {
  batch: PaymentBatchDetail;
  channel: WalletProvider | null;
  onOpenChange: (open: boolean) => void;
}) {
  const open = channel !== null;
  const { step, setStep, abort, running, chosen, footer, progress } = useUploadSteps<Step>(open);
  const refresh = useRefreshAfterPayment();
  const operator = channel ? PAYMENT_PART_LABELS[channel] : '';

  const call = async (file: File, preview: OperatorStatementResponse | null, onlyPreview: boolean) => {
    abort.current = new AbortController();
    setStep({ kind: 'running', file, preview, phase: { phase: 'uploading', percent: 0 } });
    try {
      const result = await uploadFile<OperatorStatementResponse>(
        operatorStatementPath(batch.id),
        file,
        progress,
        abort.current.signal,
        { channel: channel!, preview: String(onlyPreview) },
      );
      if (onlyPreview) setStep({ kind: 'preview', file, preview: result });
      else {
        await refresh();
        toast.success(`${operator} statement imported: ${plural(result.counts.matched, 'payment')} matched`);
        setStep({ kind: 'done', result });
      }
    } catch (error) {
      const rows = error instanceof ApiError ? (error.details.rows ?? []) : [];
      const message = reasonOf(error);
      if (!onlyPreview) toast.error(`Failed to import the statement: ${message}`);
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

  const onFile = (file: File) => {
    const problem = fileProblem(file);
    if (problem) setStep({ kind: 'choose', error: problem });
    else void call(file, null, true);
  };

  const send = chosen && {
    label: 'Import statement',
    loadingText: 'Importing...',
    disabled: chosen.kind !== 'preview',
    onClick: () => chosen.preview && void call(chosen.file, chosen.preview, false),
  };

  return (
    <CsvUploadDialog
      open={open}
      onOpenChange={onOpenChange}
      title={`Import ${operator} Statement for ${batch.reference}`}
      description={`The statement of ${operator}'s portal (CSV or XLSX): each disbursement's External ID or Reference, Amount and Status. Nothing changes until you import it.`}
      size="xl"
      busy={running}
      footer={footer(() => onOpenChange(false), send)}
      chooser={
        step.kind === 'choose'
          ? {
              onFile,
              problem: step.error,
              hint: 'A .csv or .xlsx file of at most 10 MB. You will see it matched before anything changes.',
              file: { label: 'Statement file', accept: '.csv,.xlsx,text/csv' },
            }
          : undefined
      }
      progress={
        step.kind === 'running'
          ? step.phase.phase === 'uploading'
            ? { label: 'Uploading file...', percent: step.phase.percent }
            : { label: step.preview ? 'Importing the statement...' : 'Matching the statement...' }
          : null
      }
    >
      {step.kind === 'failed' && (
        <Alert tone="error" title="This statement cannot be imported">
          <p>{step.message}</p>
          {step.rows.length > 0 && <RowErrorList errors={step.rows} limit={10} label="Statement errors" />}
        </Alert>
      )}
      {step.kind === 'preview' && <StatementLines result={step.preview} label="Preview" />}
      {step.kind === 'done' && <StatementLines result={step.result} label="Import result" />}
    </CsvUploadDialog>
  );
}

/** The count of each outcome, then the lines with what each ended (or would end) as. */
function StatementLines({ result, label }: { result: OperatorStatementResponse; label: string }) {
  const counts = OPERATOR_LINE_OUTCOMES.filter((o) => result.counts[o] > 0)
    .map((o) => `${result.counts[o]} ${OPERATOR_LINE_OUTCOME_LABELS[o].toLowerCase()}`)
    .join(' · ');
  return (
    <section aria-label={label} className="space-y-3">
      <Alert
        tone={result.preview ? 'info' : 'success'}
        title={result.preview ? 'Nothing changed yet' : 'Imported'}
      >
        <p data-testid="operator-statement-counts">
          {plural(result.lines.length, 'line')}: {counts}
          {result.skipped_rows > 0 && <>; {plural(result.skipped_rows, 'other row')} left out</>}.
        </p>
        {!result.preview && result.paid > 0 && <p>{plural(result.paid, 'allowance')} marked as paid.</p>}
      </Alert>
      <ScrollBox label="Statement lines" className="max-h-[22rem]">
        <table aria-label="Statement lines" className={TABLE_CLASSES}>
          <THead>
            <TR>
              <TH>Row</TH>
              <TH>Reference</TH>
              <TH>Student</TH>
              <TH>Status</TH>
              <TH className="text-right">Amount</TH>
              <TH className="text-right">Expected</TH>
              <TH>Result</TH>
            </TR>
          </THead>
          <TBody>
            {result.lines.slice(0, PREVIEW_ROWS).map((line) => (
              <TR key={line.row} data-outcome={line.outcome}>
                <TD className="tabular-nums">{line.row}</TD>
                <TD className="whitespace-nowrap font-mono text-xs">
                  {line.item_reference ?? line.reference}
                </TD>
                <TD>{line.student_name ?? <span className="text-slate-400">—</span>}</TD>
                <TD>{line.status.toUpperCase()}</TD>
                <TD className="whitespace-nowrap text-right tabular-nums">{formatMoney(line.amount)}</TD>
                <TD className="whitespace-nowrap text-right tabular-nums">
                  {line.expected_amount ? formatMoney(line.expected_amount) : '—'}
                </TD>
                <TD>
                  <Badge tone={OUTCOME_TONES[line.outcome]}>
                    {OPERATOR_LINE_OUTCOME_LABELS[line.outcome]}
                  </Badge>
                </TD>
              </TR>
            ))}
          </TBody>
        </table>
      </ScrollBox>
      {result.lines.length > PREVIEW_ROWS && (
        <p className="text-xs text-slate-500">{result.lines.length - PREVIEW_ROWS} more lines not shown.</p>
      )}
    </section>
  );
}
