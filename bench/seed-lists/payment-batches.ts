import { asc, eq } from 'drizzle-orm';
import type { Month } from '../../src/domain/dates';
import { insertByArrays } from '../../src/server/db/bulk-insert';
import * as t from '../../src/server/db/schema';
import { inChunks, type SeedContext } from './context';

/** One batch per paid allowance (its one item), and empty open batches made from a selection. */
export async function seedPaymentBatches({ tx, records, admin, ago }: SeedContext): Promise<void> {
  const paid = await tx
    .select({
      id: t.allowances.id,
      total: t.allowances.total,
      month: t.allowances.month,
      year: t.allowances.year,
      studentId: t.allowances.studentId,
      monthNumber: t.allowances.monthNumber,
    })
    .from(t.allowances)
    .where(eq(t.allowances.approvalStage, 'paid'))
    // Only the first `records` are used (the day has 500,000 paid allowances); the id settles
    // allowances submitted at the same instant, which the sort alone left to chance.
    .orderBy(asc(t.allowances.submittedDate), asc(t.allowances.id))
    .limit(records);
  // Numbered per month as the app does; the counters are saved too, so a batch made later gets a new number.
  const perPeriod = new Map<string, number>();
  const batches = Array.from({ length: records }, (_, i) => {
    const at = ago(records / 10 - i / 10);
    const period = at.toISOString().slice(0, 7);
    const n = (perPeriod.get(period) ?? 0) + 1;
    perPeriod.set(period, n);
    const item = paid[i];
    return {
      reference: `PB-${period}-${String(n).padStart(3, '0')}`,
      month: item ? (item.month as Month) : null,
      year: item ? item.year : null,
      status: item ? ('paid' as const) : ('open' as const),
      createdById: admin.id,
      createdBy: admin.name,
      createdAt: at,
      exportedAt: item ? at : null,
      paidAt: item ? at : null,
      paidDate: item ? at.toISOString().slice(0, 10) : null,
      paidBy: item ? admin.name : null,
      paidById: item ? admin.id : null,
    };
  });
  const inserted = await inChunks(batches, (chunk) =>
    tx
      .insert(t.paymentBatches)
      .values(chunk)
      .returning({ id: t.paymentBatches.id, reference: t.paymentBatches.reference }),
  );
  const idOf = new Map(inserted.map((b) => [b.reference, b.id]));
  await insertByArrays(
    tx,
    t.paymentBatchItems,
    paid.slice(0, records).map((item, i) => ({
      batchId: idOf.get(batches[i]!.reference)!,
      allowanceId: item.id,
      line: 1,
      amount: item.total,
      reference: `${batches[i]!.reference}-0001`,
      status: 'paid' as const,
      paidAt: batches[i]!.paidAt,
      studentId: item.studentId,
      year: item.year,
      monthNumber: item.monthNumber,
      channel: 'bank' as const,
    })),
  );
  await tx.insert(t.paymentBatchNumbers).values([...perPeriod].map(([period, last]) => ({ period, last })));
}
