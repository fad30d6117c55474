import { RowErrorList } from '../../components/forms';
import { Alert, Badge, type BadgeTone, TBody, TD, TH, THead, TR } from '../../components/ui';
import { ApiError } from '../../lib/api';
import { formatMoney } from '../../lib/format';
import { reasonOf } from './payment-batches.queries';
import { ScrollBox, TABLE_CLASSES } from './reconcile-result';

/** Lines of a statement shown; the counts above the table cover them all. */
const SHOWN_LINES = 200;

/** What a line of either statement (the bank's CSV, an operator's) says and was matched to. */
interface StatementLine {
  row: number;
  reference: string;
  student_name: string | null;
  amount: string;
  expected_amount: string | null;
  outcome: string;
}

/**
 * A statement's lines as matched against the batch: the file's row and reference, the student
 * it pays, the amount beside the one expected, and what the line ended (or would end) as.
 */
export function StatementLinesTable<Line extends StatementLine>({
  label,
  lines,
  amountHeading,
  noun,
  referenceOf = (line) => line.reference,
  status,
  result,
}: {
  label: string;
  lines: readonly Line[];
  amountHeading: string;
  /** What the lines left out are called under the table ('rows', 'lines'). */
  noun: string;
  /** The reference shown, the file's own unless the line has a better one. */
  referenceOf?: (line: Line) => string;
  /** The status the file gives each line, for statements that carry one. */
  status?: (line: Line) => string;
  result: (line: Line) => { tone: BadgeTone; label: string };
}) {
  return (
    <>
      <ScrollBox label={label} className="max-h-[22rem]">
        <table aria-label={label} className={TABLE_CLASSES}>
          <THead>
            <TR>
              <TH>Row</TH>
              <TH>Reference</TH>
              <TH>Student</TH>
              {status && <TH>Status</TH>}
              <TH className="text-right">{amountHeading}</TH>
              <TH className="text-right">Expected</TH>
              <TH>Result</TH>
            </TR>
          </THead>
          <TBody>
            {lines.slice(0, SHOWN_LINES).map((line) => {
              const { tone, label: outcome } = result(line);
              return (
                <TR key={line.row} data-outcome={line.outcome}>
                  <TD className="tabular-nums">{line.row}</TD>
                  <TD className="whitespace-nowrap font-mono text-xs">{referenceOf(line)}</TD>
                  <TD>{line.student_name ?? <span className="text-slate-400">—</span>}</TD>
                  {status && <TD>{status(line)}</TD>}
                  <TD className="whitespace-nowrap text-right tabular-nums">{formatMoney(line.amount)}</TD>
                  <TD className="whitespace-nowrap text-right tabular-nums">
                    {line.expected_amount ? formatMoney(line.expected_amount) : '—'}
                  </TD>
                  <TD>
                    <Badge tone={tone}>{outcome}</Badge>
                  </TD>
                </TR>
              );
            })}
          </TBody>
        </table>
      </ScrollBox>
      {lines.length > SHOWN_LINES && (
        <p className="text-xs text-slate-500">
          {lines.length - SHOWN_LINES} more {noun} not shown.
        </p>
      )}
    </>
  );
}

/** Why a statement was refused: the server's reason and its row errors, as the alert lists them. */
export interface Refusal {
  message: string;
  rows: string[];
}

export function refusalOf(error: unknown): Refusal {
  const rows = error instanceof ApiError ? (error.details.rows ?? []) : [];
  return { message: reasonOf(error), rows: rows.map((r) => `Row ${r.row}: ${r.message}`) };
}

export function RefusalAlert({ title, refusal }: { title: string; refusal: Refusal }) {
  return (
    <Alert tone="error" title={title}>
      <p>{refusal.message}</p>
      {refusal.rows.length > 0 && <RowErrorList errors={refusal.rows} limit={10} label="Statement errors" />}
    </Alert>
  );
}
