import { and, count, eq, gt, gte, inArray, isNull, lt, lte, or, type SQL, sql } from 'drizzle-orm';
import { isQuietHour, SMS_REASONS } from '../../../domain/sms';
import type { AppDeps } from '../../app-env';
import type { SmsConfig } from '../../config';
import { smsBudgetStops, smsMessages, smsOptOuts } from '../../db/schema';
import { inProgrammeZone, programmeDate, programmeDayBounds, programmeHour } from '../../programme-time';
import { currentSettings } from '../settings/settings.service';
import { recordGatewayAcceptance } from './sms-delivery-reports';
import { parseCost, sendThroughGateway } from './sms-gateway';

/** Rows one pass claims at most; the minute's limit may allow fewer. */
const BATCH = 20;
/** A pass holds what it claimed (or is sending) this long; longer than the gateway's timeout. */
export const SMS_CLAIM_MS = 2 * 60_000;
/** After this many failed tries (network, 5xx) the message is failed. */
const MAX_ATTEMPTS = 6;
/** Wait before try n+1: 30 s, 1 min, 2 min… at most 30 min. */
const backoffMs = (attempts: number) => Math.min(30_000 * 2 ** Math.max(0, attempts - 1), 30 * 60_000);
/** Claims take this transaction-scoped advisory lock, so the limits count every process's claims. */
const SMS_CLAIM_LOCK = 7_361_205;

type SmsRow = typeof smsMessages.$inferSelect;

/**
 * One pass over the SMS outbox, from any app process (main.ts runs it every few seconds): outside
 * quiet hours, claims what is due within the minute's and the day's limits, and sends each claimed
 * message once. Returns how many the gateway accepted.
 */
export async function sendQueuedSms(deps: AppDeps, fetchImpl: typeof fetch = fetch): Promise<number> {
  const sms = deps.config.sms;
  if (!sms) return 0;
  const settings = await currentSettings(deps.db);
  return inProgrammeZone(settings.general.timezone, async () => {
    const now = deps.clock.now();
    await failInterrupted(deps, now);
    // 20:00-07:00 in the programme's zone: what is due waits for the morning.
    if (isQuietHour(programmeHour(now))) return 0;
    const claimed = await claimDue(deps, sms, now);
    let accepted = 0;
    for (const row of claimed) if (await sendOne(deps, sms, row, fetchImpl)) accepted++;
    return accepted;
  });
}

/**
 * A message left 'sending' by a process that died while calling the gateway may have reached it:
 * it is failed, never sent again (a message must not arrive twice).
 */
async function failInterrupted(deps: AppDeps, now: Date): Promise<void> {
  await deps.db
    .update(smsMessages)
    .set({ status: 'failed', failureReason: SMS_REASONS.interrupted, claimedUntil: null, updatedAt: now })
    .where(
      and(
        eq(smsMessages.status, 'sending'),
        sql`${smsMessages.claimedUntil} is not null`,
        lt(smsMessages.claimedUntil, now),
      ),
    );
}

/**
 * Claims due messages for this process, as many as the limits leave: those sent in the last
 * minute and today, and those other processes hold claimed, count against SMS_MAX_PER_MINUTE and
 * SMS_DAILY_BUDGET. The advisory lock makes the count and the claim one step across processes;
 * SKIP LOCKED keeps claims apart. Exported for the tests that play a process dying after it.
 */
export async function claimDue(deps: AppDeps, sms: SmsConfig, now: Date): Promise<SmsRow[]> {
  const heldUntil = new Date(now.getTime() + SMS_CLAIM_MS);
  const { start } = programmeDayBounds(programmeDate(now));
  const minuteAgo = new Date(now.getTime() - 60_000);
  const heldByOthers = and(
    eq(smsMessages.status, 'queued'),
    sql`${smsMessages.claimedUntil} is not null`,
    gt(smsMessages.claimedUntil, now),
  );
  return deps.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SMS_CLAIM_LOCK})`);
    // Three indexed counts, not one OR: the table keeps every message ever sent.
    // One after another: a transaction's client runs one statement at a time.
    const countOf = async (where: SQL | undefined) =>
      (await tx.select({ n: count() }).from(smsMessages).where(where))[0]?.n ?? 0;
    const minute = await countOf(gt(smsMessages.sendingAt, minuteAgo));
    const day = await countOf(gte(smsMessages.sendingAt, start));
    const claimedElsewhere = await countOf(heldByOthers);
    const budgetLeft = sms.dailyBudget - day - claimedElsewhere;
    const room = Math.min(BATCH, sms.maxPerMinute - minute - claimedElsewhere, budgetLeft);
    const due = and(
      eq(smsMessages.status, 'queued'),
      lte(smsMessages.notBefore, now),
      or(isNull(smsMessages.claimedUntil), lt(smsMessages.claimedUntil, now)),
    );
    if (room <= 0) {
      // The budget stops the day: the admins' bell says so, once (features/sms/sms-bell.ts).
      if (budgetLeft <= 0) {
        const [waiting] = await tx.select({ id: smsMessages.id }).from(smsMessages).where(due).limit(1);
        if (waiting)
          await tx
            .insert(smsBudgetStops)
            .values({ day: programmeDate(now), createdAt: now })
            .onConflictDoNothing();
      }
      return [];
    }
    const ids = tx
      .select({ id: smsMessages.id })
      .from(smsMessages)
      .where(due)
      .orderBy(smsMessages.createdAt)
      .limit(room)
      .for('update', { skipLocked: true });
    return tx
      .update(smsMessages)
      .set({ claimedUntil: heldUntil, updatedAt: now })
      .where(inArray(smsMessages.id, ids))
      .returning();
  });
}

/**
 * Sends one claimed message: marked 'sending' first (committed), so that once the gateway may have
 * it no pass retries it; then the gateway's answer is recorded at once.
 */
async function sendOne(
  deps: AppDeps,
  sms: SmsConfig,
  row: SmsRow,
  fetchImpl: typeof fetch,
): Promise<boolean> {
  const now = deps.clock.now();
  const mine = and(
    eq(smsMessages.id, row.id),
    eq(smsMessages.status, 'queued'),
    eq(smsMessages.claimedUntil, row.claimedUntil!),
  );
  if (row.kind !== 'opt_out_confirmation' && row.toNumber) {
    const [optedOut] = await deps.db.select().from(smsOptOuts).where(eq(smsOptOuts.number, row.toNumber));
    if (optedOut) {
      await deps.db
        .update(smsMessages)
        .set({ status: 'failed', failureReason: SMS_REASONS.optedOut, claimedUntil: null, updatedAt: now })
        .where(mine);
      return false;
    }
  }
  const [sending] = await deps.db
    .update(smsMessages)
    .set({
      status: 'sending',
      sendingAt: now,
      attempts: sql`${smsMessages.attempts} + 1`,
      claimedUntil: new Date(now.getTime() + SMS_CLAIM_MS),
      updatedAt: now,
    })
    .where(mine)
    .returning({ attempts: smsMessages.attempts });
  if (!sending || !row.toNumber) return false;

  const outcome = await sendThroughGateway(sms, row.toNumber, row.body, fetchImpl);
  const after = deps.clock.now();
  const thisSend = and(eq(smsMessages.id, row.id), eq(smsMessages.status, 'sending'));
  if (outcome.kind === 'accepted') {
    const cost = parseCost(outcome.cost);
    await recordGatewayAcceptance(
      deps,
      row.id,
      outcome.messageId,
      {
        costText: outcome.cost,
        costAmount: cost?.amount ?? null,
        costCurrency: cost?.currency ?? null,
        claimedUntil: null,
      },
      after,
    );
    return true;
  }
  // No answer: the gateway may have it, so it is failed, never sent again (as an interrupted send).
  const giveUp = outcome.kind !== 'retry' || sending.attempts >= MAX_ATTEMPTS;
  if (!giveUp)
    deps.logger.warn('text message not sent; trying again later', {
      id: row.id,
      attempts: sending.attempts,
      reason: outcome.reason,
    });
  await deps.db
    .update(smsMessages)
    .set(
      giveUp
        ? {
            status: 'failed',
            failureReason:
              outcome.kind === 'retry'
                ? `${SMS_REASONS.gaveUp}: ${outcome.reason}`
                : outcome.kind === 'unanswered'
                  ? `${SMS_REASONS.unanswered}: ${outcome.reason}`
                  : outcome.reason,
            claimedUntil: null,
            updatedAt: after,
          }
        : // Nothing reached the gateway (or it failed): back in the queue after the backoff.
          {
            status: 'queued',
            sendingAt: null,
            claimedUntil: null,
            notBefore: new Date(after.getTime() + backoffMs(sending.attempts)),
            updatedAt: after,
          },
    )
    .where(thisSend);
  return false;
}
