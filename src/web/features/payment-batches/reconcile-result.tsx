import type { ReactNode } from 'react';
import type { ReconcileResponse } from '../../../contracts/payment-batches';
import { parseMoney, sumMoney, toMoneyString } from '../../../domain/money';
import { MISMATCH_KIND_LABELS } from '../../../domain/payment-batches';
import { Alert, TBody, TD, TH, THead, TR } from '../../components/ui';
import { cn } from '../../lib/cn';
import { formatMoney } from '../../lib/format';
import { plural } from './batch-ui';

export const TABLE_CLASSES = 'w-full border-collapse text-left text-sm';

/**
 * A box that scrolls a long or wide table both ways. It takes a place in the tab order, so a
 * keyboard can scroll it (WCAG 2.1.1; axe's scrollable-region-focusable): the table inside is a
 * plain one, as the ui Table's own sideways scroll could not be reached.
 */
export function ScrollBox({
  label,
  className,
  children,
}: {
  label: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <section
      aria-label={label}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling box must be reachable to be scrolled
      tabIndex={0}
      className={cn(
        'overflow-auto rounded-lg border border-slate-200 focus-visible:outline-2 focus-visible:outline-primary',
        className,
      )}
    >
      {children}
    </section>
  );
}

/** The result panel: matched, paid, and each mismatch with its kind in words. */
export function ReconcileResult({ result }: { result: ReconcileResponse }) {
  const { matched, paid, mismatches, charges } = result;
  return (
    <section aria-label="Reconciliation result" className="space-y-4">
      <Alert tone={mismatches.length ? 'info' : 'success'} title={`Matched: ${plural(matched, 'payment')}`}>
        {paid > 0 && <p>{plural(paid, 'allowance')} marked as paid.</p>}
        <p>
          {mismatches.length === 0
            ? 'No mismatches: every payment of the statement matched this batch.'
            : `${plural(mismatches.length, 'mismatch', 'mismatches')} to follow up. They changed nothing and are kept on the batch's list of mismatches.`}
        </p>
      </Alert>
      {charges.length > 0 && (
        <section aria-label="Bank charges" className="space-y-1 text-sm">
          <p className="font-medium text-slate-900">
            Bank charges ({charges.length}): {formatMoney(chargesTotal(charges))}
          </p>
          <ul className="list-disc pl-5 text-slate-700">
            {charges.map((c) => (
              <li key={c.row}>
                Row {c.row}: {c.description}, {formatMoney(c.amount)}
              </li>
            ))}
          </ul>
        </section>
      )}
      {mismatches.length > 0 && (
        <ScrollBox label="Mismatches" className="max-h-[22rem]">
          <table aria-label="Mismatches" className={TABLE_CLASSES}>
            <THead>
              <TR>
                <TH>Kind</TH>
                <TH>Reference</TH>
                <TH>Student</TH>
                <TH className="text-right">Expected</TH>
                <TH className="text-right">Paid</TH>
                <TH>Rows</TH>
              </TR>
            </THead>
            <TBody>
              {mismatches.map((m) => (
                <TR key={`${m.kind} ${m.reference}`}>
                  <TD>{MISMATCH_KIND_LABELS[m.kind]}</TD>
                  <TD className="whitespace-nowrap font-mono text-xs">{m.reference}</TD>
                  <TD>{m.student_name ?? '—'}</TD>
                  <TD className="whitespace-nowrap text-right tabular-nums">
                    {m.expected_amount ? formatMoney(m.expected_amount) : '—'}
                  </TD>
                  <TD className="whitespace-nowrap text-right tabular-nums">
                    {m.paid_amount ? formatMoney(m.paid_amount) : '—'}
                  </TD>
                  <TD className="tabular-nums">{m.rows?.join(', ') ?? '—'}</TD>
                </TR>
              ))}
            </TBody>
          </table>
        </ScrollBox>
      )}
    </section>
  );
}

/** The charges' sum, exactly. */
function chargesTotal(charges: ReconcileResponse['charges']): string {
  return toMoneyString(sumMoney(charges.map((c) => parseMoney(c.amount) ?? 0n)));
}
