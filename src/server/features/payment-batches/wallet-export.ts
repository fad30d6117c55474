import { and, asc, eq, isNull } from 'drizzle-orm';
import { paymentExportFilename, WALLET_EXPORT_COLUMNS } from '../../../contracts/payment-batches';
import { toCsv } from '../../../csv/to-csv';
import { parseMoney, sumMoney, toMoneyString } from '../../../domain/money';
import { WALLET_PROVIDER_LABELS, type WalletProvider } from '../../../domain/payment-channels';
import { PAYOUT_MESSAGES as P } from '../../../domain/payouts';
import type { AppDeps, SessionUser } from '../../app-env';
import { paymentBatchItems, paymentChannels } from '../../db/schema';
import { conflict } from '../../http/errors';
import { areaAudit } from '../audit/audit.service';
import { findBatch, recordBatchSent } from './batch-records';

const _audit = areaAudit('payment_batch', 'payment_batch');

/**
 * A wallet part as a file for its operator's bulk-payment portal, when its API is not configured
 * here (issue 49 item 4): one row per item (the wallet in E.164 without '+', the registered name,
 * the amount, our reference), then the total. Its items are marked as gone out by file, so the
 * API never sends them as well; an operator configured here refuses the file (send instead).
 */
export async function exportWalletPart(
  deps: AppDeps,
  user: SessionUser,
  id: string,
  provider: WalletProvider,
): Promise<{ csv: string; filename: string }> {
  const now = deps.clock.now();
  const i = paymentBatchItems;
  const { reference, rows } = await deps.db.transaction(async (tx) => {
    const batch = await findBatch(tx, id, true);
    if (deps.mobileMoney?.[provider]) throw conflict(P.sendInstead(provider));
    const rows = await tx
      .select({
        id: i.id,
        amount: i.amount,
        reference: i.reference,
        wallet: paymentChannels.walletNumber,
        name: paymentChannels.walletName,
      })
      .from(i)
      .innerJoin(paymentChannels, eq(paymentChannels.id, i.paymentChannelId))
      .where(and(eq(i.batchId, batch.id), eq(i.channel, provider)))
      .orderBy(asc(i.line));
    if (rows.length === 0) throw conflict(P.nothingToSend(provider));
    await tx
      .update(i)
      .set({ portalExportedAt: now })
      .where(and(eq(i.batchId, batch.id), eq(i.channel, provider), isNull(i.portalExportedAt)));
    const part = `the ${WALLET_PROVIDER_LABELS[provider]} part of payment batch ${batch.reference}`;
    const summary = `${user.name} exported ${part} for the operator's portal`;
    await recordBatchSent(tx, user, batch, now, 'exported', summary);
    return { reference: batch.reference, rows };
  });
  const total = toMoneyString(sumMoney(rows.map((r) => parseMoney(r.amount) ?? 0n)));
  const lines: unknown[][] = rows.map((r) => [
    (r.wallet ?? '').replace(/^\+/, ''),
    r.name ?? '',
    r.amount,
    r.reference,
  ]);
  lines.push([`Total (${rows.length} ${rows.length === 1 ? 'payment' : 'payments'})`, '', total, '']);
  return {
    csv: toCsv([...WALLET_EXPORT_COLUMNS], lines),
    filename: paymentExportFilename(`${reference}-${provider.replace('_', '-')}`),
  };
}
