import { timingSafeEqual } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { isStartReply, isStopReply } from '../../../domain/sms';
import type { AppDeps } from '../../app-env';
import { smsOptOuts } from '../../db/schema';
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
