import type { OperatorStatementResponse } from '../../../contracts/operator-statements';
import type { PaymentBatchDetail } from '../../../contracts/payment-batches';
import {
  OPERATOR_LINE_OUTCOME_LABELS,
  OPERATOR_LINE_OUTCOMES,
  type OperatorLineOutcome,
} from '../../../domain/operator-statements';
import type { WalletProvider } from '../../../domain/payment-channels';
import { PAYMENT_PART_LABELS } from '../../../domain/payouts';
import { CsvUploadDialog, useUploadSteps } from '../../components/forms';
import { Alert, type BadgeTone, toast } from '../../components/ui';
import { type UploadProgress, uploadFile } from '../../lib/upload';
import { plural } from './batch-ui';
import { operatorStatementPath, useRefreshAfterPayment } from './payment-batches.queries';
import { type Refusal, RefusalAlert, refusalOf, StatementLinesTable } from './statement-lines';

const MAX_BYTES = 10 * 1024 * 1024;
const FILE_PROBLEMS = {
  type: 'Choose a .csv or .xlsx file: the statement as the operator\u2019s portal gives it.',
  tooLarge: 'The file is larger than 10 MB. Please split it into smaller files.',
  empty: 'The file is empty.',
};

const FILE_HINT = 'A .csv or .xlsx file of at most 10 MB. You will see it matched before anything changes.';

type Step =
  | { kind: 'choose'; error: string | null }
  | { kind: 'preview'; file: File; preview: OperatorStatementResponse }
  | { kind: 'running'; file: File; preview: OperatorStatementResponse | null; phase: UploadProgress }
  | { kind: 'failed'; file: File; preview: OperatorStatementResponse | null; refusal: Refusal }
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
  const { step, setStep, abort, chosen, dialogProps, progress } = useUploadSteps<Step>(open, onOpenChange);
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
      const refusal = refusalOf(error);
      if (!onlyPreview) toast.error(`Failed to import the statement: ${refusal.message}`);
      setStep({ kind: 'failed', file, preview, refusal });
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
      {...dialogProps({
        send,
        chooser: {
          onFile,
          hint: FILE_HINT,
          file: { label: 'Statement file', accept: '.csv,.xlsx,text/csv' },
        },
        working: chosen?.preview ? 'Importing the statement...' : 'Matching the statement...',
      })}
      title={`Import ${operator} Statement for ${batch.reference}`}
      description={`The statement of ${operator}'s portal (CSV or XLSX): each disbursement's External ID or Reference, Amount and Status. Nothing changes until you import it.`}
      size="xl"
    >
      {step.kind === 'failed' && (
        <RefusalAlert title="This statement cannot be imported" refusal={step.refusal} />
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
      <StatementLinesTable
        label="Statement lines"
        lines={result.lines}
        amountHeading="Amount"
        noun="lines"
        referenceOf={(line) => line.item_reference ?? line.reference}
        status={(line) => line.status.toUpperCase()}
        result={(line) => ({
          tone: OUTCOME_TONES[line.outcome],
          label: OPERATOR_LINE_OUTCOME_LABELS[line.outcome],
        })}
      />
    </section>
  );
}
