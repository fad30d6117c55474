import type { BatchReconciliation, PaymentBatchDetail } from '../../../contracts/payment-batches';
import { parseMoney } from '../../../domain/money';
import { PAYMENT_PART_LABELS } from '../../../domain/payouts';
import { Card, CardHeader, TBody, TD, TH, THead, TR } from '../../components/ui';
import { formatMoney } from '../../lib/format';
import { ScrollBox, TABLE_CLASSES } from './reconcile-result';

type Figure = BatchReconciliation['matched'];

const ngwee = (f: Figure) => parseMoney(f.amount) ?? 0n;

/**
 * Whether matched + unmatched + held make the batch, in count and to the ngwee. The server adds
 * them from the same rows; the screen adds them again rather than take the sum on trust.
 */
export function reconcilesToTheKwacha(r: BatchReconciliation): boolean {
  return (
    r.matched.count + r.unmatched.count + r.held.count === r.total.count &&
    ngwee(r.matched) + ngwee(r.unmatched) + ngwee(r.held) === ngwee(r.total)
  );
}

function Cell({ figure }: { figure: Figure }) {
  return (
    <TD className="whitespace-nowrap text-right tabular-nums">
      {formatMoney(figure.amount)} <span className="text-slate-500">({figure.count})</span>
    </TD>
  );
}

/**
 * The batch against its statements (issue 49 item 7): per part what a statement showed paid
 * (matched) and what not yet (unmatched), the allowances held out of it, and whether the three
 * make the batch.
 */
export function BatchReconciliationCard({ batch }: { batch: PaymentBatchDetail }) {
  const r = batch.reconciliation;
  const adds = reconcilesToTheKwacha(r);
  const none = { count: 0, amount: '0.00' };
  return (
    <Card aria-label="Reconciliation">
      <CardHeader
        title="Reconciliation"
        description="Matched on a statement (the bank's or the operator's), not matched yet, and held: together, the batch"
      />
      <div className="space-y-3 px-5 pb-5">
        <ScrollBox label="Reconciliation by channel">
          <table aria-label="Reconciliation by channel" className={TABLE_CLASSES}>
            <THead>
              <TR>
                <TH>Channel</TH>
                <TH className="text-right">Matched</TH>
                <TH className="text-right">Unmatched</TH>
                <TH className="text-right">Held</TH>
                <TH className="text-right">Total</TH>
              </TR>
            </THead>
            <TBody>
              {r.parts.map((p) => (
                <TR key={p.channel}>
                  <TD>{PAYMENT_PART_LABELS[p.channel]}</TD>
                  <Cell figure={p.matched} />
                  <Cell figure={p.unmatched} />
                  <Cell figure={none} />
                  <Cell figure={p.total} />
                </TR>
              ))}
              <TR>
                <TD>Held: no usable channel</TD>
                <Cell figure={none} />
                <Cell figure={none} />
                <Cell figure={r.held} />
                <Cell figure={r.held} />
              </TR>
              <TR className="font-medium">
                <TD>Total</TD>
                <Cell figure={r.matched} />
                <Cell figure={r.unmatched} />
                <Cell figure={r.held} />
                <Cell figure={r.total} />
              </TR>
            </TBody>
          </table>
        </ScrollBox>
        <p className="text-sm text-slate-700" data-testid="reconciliation-sum">
          {formatMoney(r.matched.amount)} matched + {formatMoney(r.unmatched.amount)} unmatched +{' '}
          {formatMoney(r.held.amount)} held = {formatMoney(r.total.amount)}:{' '}
          <strong>{adds ? 'reconciles to the kwacha' : 'does not add up: tell the programme’s IT'}</strong>
          {adds && r.unmatched.count === 0 && r.held.count === 0 && ', every payment matched'}.
        </p>
      </div>
    </Card>
  );
}
