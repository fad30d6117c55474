import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import type { AppDeps } from '../../app-env';
import type { DbOrTx } from '../../db/client';
import { smsEarlyReports, smsMessages } from '../../db/schema';

/** The gateway's final words on a message, and the status each gives. */
const DELIVERED = new Set(['Success']);
const FAILED = new Set(['Failed', 'Rejected', 'AbsentSubscriber', 'Expired']);

type FinalReport = { status: 'delivered' | 'failed'; failureReason: string | null };

/** How long a report nobody's message claimed is kept: past a day the answer is never coming. */
const EARLY_REPORT_KEEP_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * The report and the sender's record of the gateway's answer take this lock for the message's id,
 * so that a report arriving while the answer is being written is either applied to the sent row
 * or kept for it, never lost between the two (first key: this namespace; second: the id's hash).
 */
const REPORT_LOCK_NAMESPACE = 7_361_206;
const lockReportsOf = (tx: DbOrTx, gatewayMessageId: string) =>
  tx.execute(sql`select pg_advisory_xact_lock(${REPORT_LOCK_NAMESPACE}, hashtext(${gatewayMessageId}))`);

/** Moves a sent message to delivered, or a sent or delivered one to failed; how many rows moved. */
async function applyReport(tx: DbOrTx, gatewayMessageId: string, report: FinalReport, now: Date) {
  const moved = await tx
    .update(smsMessages)
    .set({ ...report, updatedAt: now })
    .where(
      and(
        eq(smsMessages.gatewayMessageId, gatewayMessageId),
        inArray(smsMessages.status, report.status === 'delivered' ? ['sent'] : ['sent', 'delivered']),
      ),
    )
    .returning({ id: smsMessages.id });
  return moved.length;
}

/**
 * A delivery report moves a sent message to delivered or failed (with the gateway's reason). A
 * status that is not final (Sent, Submitted, Buffered) changes nothing; a final one for an id no
 * message carries yet is kept until the sender records that id (`recordGatewayAcceptance`).
 */
export async function recordDeliveryReport(deps: AppDeps, form: Record<string, string>): Promise<void> {
  const id = form.id?.trim();
  const status = form.status?.trim() ?? '';
  if (!id || id.length > 200) return;
  const report: FinalReport | null = DELIVERED.has(status)
    ? { status: 'delivered', failureReason: null }
    : FAILED.has(status)
      ? { status: 'failed', failureReason: form.failureReason?.trim().slice(0, 200) || status }
      : null;
  if (!report) return;
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    await lockReportsOf(tx, id);
    if ((await applyReport(tx, id, report, now)) > 0) return;
    const [known] = await tx
      .select({ id: smsMessages.id })
      .from(smsMessages)
      .where(eq(smsMessages.gatewayMessageId, id));
    if (known) return;
    await tx
      .delete(smsEarlyReports)
      .where(lt(smsEarlyReports.receivedAt, new Date(now.getTime() - EARLY_REPORT_KEEP_MS)));
    await tx
      .insert(smsEarlyReports)
      .values({ gatewayMessageId: id, ...report, receivedAt: now })
      .onConflictDoUpdate({ target: smsEarlyReports.gatewayMessageId, set: { ...report, receivedAt: now } });
  });
}

/**
 * Records that the gateway accepted a message (`sent`, its id and cost) and applies a delivery
 * report that came for that id before the answer did.
 */
export async function recordGatewayAcceptance(
  deps: AppDeps,
  messageId: string,
  gatewayMessageId: string,
  sent: Partial<typeof smsMessages.$inferInsert>,
  now: Date,
): Promise<void> {
  await deps.db.transaction(async (tx) => {
    await lockReportsOf(tx, gatewayMessageId);
    await tx
      .update(smsMessages)
      .set({ ...sent, status: 'sent', gatewayMessageId, updatedAt: now })
      .where(and(eq(smsMessages.id, messageId), eq(smsMessages.status, 'sending')));
    const [early] = await tx
      .delete(smsEarlyReports)
      .where(eq(smsEarlyReports.gatewayMessageId, gatewayMessageId))
      .returning();
    if (early) await applyReport(tx, gatewayMessageId, early, now);
  });
}
