import { and, eq, inArray, isNull, lt, lte, or, type SQL, sql } from 'drizzle-orm';
import { PAYOUT_WORKING_STATUSES } from '../../../domain/payouts';
import type { AppDeps } from '../../app-env';
import { payouts } from '../../db/schema';
import type {
  MobileMoneyOperator,
  PayoutRequest,
  SendOutcome,
  TransferStatus,
} from '../../mobile-money/operator';
import { recordSuccess, recordUnpaid } from './payout-outcome';
import type { PayoutRow } from './payout-records';

/*
 * The payout engine (issue 49 item 5, docs/decisions/014-payouts-exactly-once.md). Every app
 * process runs a pass every few seconds (main.ts); all its state is in `payouts`, so a pass may
 * die anywhere and the next one, in any process, carries on:
 * - a pass claims due rows (FOR UPDATE SKIP LOCKED, a short transaction) for PAYOUT_CLAIM_MS;
 * - a row is committed `sending` before its operator is called, and the answer recorded after;
 * - a row found `sending` or `unconfirmed` may be at the operator: its status is asked first, and
 *   it is sent again (under the same reference) only when the operator says `not_found`;
 * - `pending` rows are asked every PAYOUT_POLL_SECONDS until final; `ambiguous` waits for a person.
 * No lock is held while an operator is called.
 */

/** Rows one pass claims at most. */
const BATCH = 20;
/** A claim outlives an operator call's timeout, so a live pass never loses its row mid-call. */
export const PAYOUT_CLAIM_MS = 2 * 60_000;
/** Wait before sending again after no connection could be made. */
const UNREACHABLE_RETRY_MS = 60_000;

const pollMs = (deps: AppDeps) => deps.config.payoutPollSeconds * 1000;

/** One pass: claims what is due for the operators configured here and works on each. Returns how many. */
export async function runPayoutPass(deps: AppDeps): Promise<number> {
  const claimed = await claimDuePayouts(deps);
  for (const row of claimed) await workOn(deps, row);
  return claimed.length;
}

/**
 * Claims due rows for this process. SKIP LOCKED keeps two processes' claims apart; the claim
 * (claimed_until) keeps them apart after this short transaction commits. Exported for the tests
 * that play a process dying after it.
 */
export async function claimDuePayouts(deps: AppDeps): Promise<PayoutRow[]> {
  const providers = Object.keys(deps.mobileMoney ?? {}) as PayoutRow['provider'][];
  if (providers.length === 0) return [];
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const due = tx
      .select({ id: payouts.id })
      .from(payouts)
      .where(
        and(
          inArray(payouts.status, [...PAYOUT_WORKING_STATUSES]),
          inArray(payouts.provider, providers),
          lte(payouts.dueAt, now),
          or(isNull(payouts.claimedUntil), lt(payouts.claimedUntil, now)),
        ),
      )
      .orderBy(payouts.dueAt)
      .limit(BATCH)
      .for('update', { skipLocked: true });
    return tx
      .update(payouts)
      .set({ claimedUntil: new Date(now.getTime() + PAYOUT_CLAIM_MS), updatedAt: now })
      .where(inArray(payouts.id, due))
      .returning();
  });
}

/** Still ours: the claim this pass took, and the state it was read in. */
const mine = (row: PayoutRow): SQL =>
  and(eq(payouts.id, row.id), eq(payouts.status, row.status), eq(payouts.claimedUntil, row.claimedUntil!))!;

async function workOn(deps: AppDeps, row: PayoutRow): Promise<void> {
  const operator = deps.mobileMoney?.[row.provider];
  if (!operator) return;
  try {
    if (row.status === 'queued') await send(deps, operator, row);
    else await ask(deps, operator, row);
  } catch (error) {
    // The row stays claimed until its claim runs out, then the next pass asks its status.
    deps.logger.error('payout pass failed on one payout', { id: row.id, error: (error as Error).message });
  }
}

export function payoutRequestOf(row: PayoutRow): PayoutRequest {
  return {
    reference: row.reference,
    amount: row.amount,
    msisdn: row.msisdn,
    payeeNote: 'CHL allowance',
    payerMessage: row.reference,
  };
}

/**
 * Commits the row as `sending` (the operator may have it from now on). Returns the row as it now
 * stands, or null when another pass took it meanwhile. Exported for the crash tests.
 */
export async function beginSending(deps: AppDeps, row: PayoutRow): Promise<PayoutRow | null> {
  const now = deps.clock.now();
  const [sending] = await deps.db
    .update(payouts)
    .set({ status: 'sending', sentAt: now, updatedAt: now })
    .where(mine(row))
    .returning();
  return sending ?? null;
}

async function send(deps: AppDeps, operator: MobileMoneyOperator, row: PayoutRow): Promise<void> {
  const sending = await beginSending(deps, row);
  if (!sending) return;
  let outcome: SendOutcome;
  try {
    outcome = await operator.send(payoutRequestOf(sending));
  } catch (error) {
    // A client that threw may have reached the operator: treat it as an answer lost.
    outcome = { kind: 'no_answer', reason: (error as Error).message };
  }
  await recordSend(deps, sending, outcome);
}

/** The operator's answer to a send, recorded at once. */
export async function recordSend(deps: AppDeps, row: PayoutRow, outcome: SendOutcome): Promise<void> {
  const now = deps.clock.now();
  const later = (ms: number) => new Date(now.getTime() + ms);
  const set = (values: Partial<typeof payouts.$inferInsert>) =>
    deps.db
      .update(payouts)
      .set({ claimedUntil: null, updatedAt: now, ...values })
      .where(mine(row));
  switch (outcome.kind) {
    case 'accepted':
      await set({ status: 'pending', reason: null, dueAt: later(pollMs(deps)) });
      return;
    case 'duplicate':
      // The reference reached the operator before: ask what became of it, never send again blindly.
      await set({ status: 'unconfirmed', reason: 'The operator already had this reference.', dueAt: now });
      return;
    case 'no_answer':
      await set({ status: 'unconfirmed', reason: outcome.reason, dueAt: now });
      return;
    case 'unreachable':
      // Nothing reached the operator: the same attempt (same reference) is sent again later.
      await set({ status: 'queued', reason: outcome.reason, dueAt: later(UNREACHABLE_RETRY_MS) });
      return;
    case 'refused':
      await recordUnpaid(deps, row, mine(row), 'failed', outcome.reason);
      return;
    case 'ambiguous':
      await recordUnpaid(deps, row, mine(row), 'ambiguous', outcome.reason);
      return;
  }
}

async function ask(deps: AppDeps, operator: MobileMoneyOperator, row: PayoutRow): Promise<void> {
  let status: TransferStatus;
  try {
    status = await operator.status(row.reference);
  } catch (error) {
    status = { kind: 'unknown', reason: (error as Error).message };
  }
  const now = deps.clock.now();
  const again = (reason: string | null) =>
    deps.db
      .update(payouts)
      .set({
        reason,
        checks: sql`${payouts.checks} + 1`,
        dueAt: new Date(now.getTime() + pollMs(deps)),
        claimedUntil: null,
        updatedAt: now,
      })
      .where(mine(row));
  switch (status.kind) {
    case 'successful':
      await recordSuccess(deps, row, mine(row), status.transactionId);
      return;
    case 'failed':
      await recordUnpaid(deps, row, mine(row), 'failed', status.reason);
      return;
    case 'pending':
      // A send whose answer was lost turns out taken: from now on it is polled like any other.
      await deps.db
        .update(payouts)
        .set({
          status: 'pending',
          reason: null,
          checks: sql`${payouts.checks} + 1`,
          dueAt: new Date(now.getTime() + pollMs(deps)),
          claimedUntil: null,
          updatedAt: now,
        })
        .where(mine(row));
      return;
    case 'unknown':
      await again(status.reason);
      return;
    case 'not_found':
      if (row.status === 'pending')
        // It took the transfer and now does not know it: only a person can tell what happened.
        await recordUnpaid(
          deps,
          row,
          mine(row),
          'ambiguous',
          'The operator accepted this payout, then said it has no transfer under its reference.',
        );
      // The send never arrived: send it again, under the same reference.
      else await send(deps, operator, row);
      return;
  }
}
