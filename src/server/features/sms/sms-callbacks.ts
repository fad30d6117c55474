import { timingSafeEqual } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import { isStartReply, isStopReply } from '../../../domain/sms';
import type { AppDeps } from '../../app-env';
import { smsMessages, smsOptOuts } from '../../db/schema';
import { currentSettings } from '../settings/settings.service';
import { queueSms, smsNumber } from './sms-outbox';

/*
 * What the gateway posts back: delivery reports and replies (form-encoded). Nobody signs in to
 * post them; the secret in the address or the X-Sms-Secret header is what lets the gateway in.
 */

/** Whether `given` is the configured callback secret (compared in constant time). */
export function callbackSecretMatches(deps: AppDeps, given: string | undefined): boolean {
  const secret = deps.config.sms?.callbackSecret;
  if (!secret || !given) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(secret);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** The gateway's final words on a message, and the status each gives. */
const DELIVERED = new Set(['Success']);
const FAILED = new Set(['Failed', 'Rejected', 'AbsentSubscriber', 'Expired']);

/**
 * A delivery report moves a sent message to delivered or failed (with the gateway's reason). An
 * unknown id, or a status that is not final (Sent, Submitted, Buffered), changes nothing.
 */
export async function recordDeliveryReport(deps: AppDeps, form: Record<string, string>): Promise<void> {
  const id = form.id?.trim();
  const status = form.status?.trim() ?? '';
  if (!id || id.length > 200) return;
  const now = deps.clock.now();
  if (DELIVERED.has(status)) {
    await deps.db
      .update(smsMessages)
      .set({ status: 'delivered', updatedAt: now })
      .where(and(eq(smsMessages.gatewayMessageId, id), eq(smsMessages.status, 'sent')));
  } else if (FAILED.has(status)) {
    const reason = form.failureReason?.trim().slice(0, 200) || status;
    await deps.db
      .update(smsMessages)
      .set({ status: 'failed', failureReason: reason, updatedAt: now })
      .where(and(eq(smsMessages.gatewayMessageId, id), inArray(smsMessages.status, ['sent', 'delivered'])));
  }
}

export const OPT_OUT_CONFIRMATION =
  'You will receive no more messages from us. Reply START to receive them again.';

/**
 * A reply: STOP opts the number out at once and is confirmed once (a second STOP adds nothing);
 * START opts it back in. Any other text is not kept (the product has no inbox).
 */
export async function recordInboundMessage(deps: AppDeps, form: Record<string, string>): Promise<void> {
  const number = smsNumber(form.from);
  const text = form.text ?? '';
  if (!number) return;
  const now = deps.clock.now();
  if (isStopReply(text)) {
    const settings = await currentSettings(deps.db);
    await deps.db.transaction(async (tx) => {
      const [added] = await tx
        .insert(smsOptOuts)
        .values({ number, optedOutAt: now })
        .onConflictDoNothing()
        .returning({ number: smsOptOuts.number });
      if (!added) return;
      await queueSms(
        tx,
        deps.config,
        settings,
        {
          kind: 'opt_out_confirmation',
          // One confirmation per opting out: a STOP after a START is confirmed again.
          dedupeKey: `opt_out:${number}:${now.toISOString()}`,
          rawNumber: number,
          body: OPT_OUT_CONFIRMATION,
          consentReply: true,
        },
        now,
      );
    });
  } else if (isStartReply(text)) {
    await deps.db.delete(smsOptOuts).where(eq(smsOptOuts.number, number));
  }
}
