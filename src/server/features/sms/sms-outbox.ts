import { parsePhoneNumberFromString } from 'libphonenumber-js';
import type { SystemSettings } from '../../../domain/settings';
import type { SmsKind } from '../../../domain/sms';
import { SMS_REASONS } from '../../../domain/sms';
import { composeSms } from '../../../domain/sms-text';
import type { Config } from '../../config';
import type { DbOrTx } from '../../db/client';
import { smsMessages } from '../../db/schema';

/** A number from a record in E.164 (Zambian by default), or null when it is not a usable mobile one. */
export function smsNumber(raw: string | null | undefined): string | null {
  if (!raw?.trim()) return null;
  const parsed = parsePhoneNumberFromString(raw.trim(), 'ZM');
  return parsed?.isValid() ? parsed.number : null;
}

export interface SmsToQueue {
  kind: SmsKind;
  /** One message per cause: a second queue with the same key adds nothing. */
  dedupeKey: string;
  /** The number as the record holds it. */
  rawNumber: string | null;
  studentId?: string | null;
  userId?: string | null;
  body: string;
  /** A reply to the number's own STOP: goes while the switch is off, as long as a gateway is set. */
  consentReply?: boolean;
}

/** Whether text messages go out at all: a gateway configured and the admins' switch on. */
export const smsOn = (config: Config, settings: SystemSettings): boolean =>
  config.sms !== null && settings.notifications.smsNotifications;

/**
 * Adds a message to the outbox, in the caller's transaction (so it is sent if and only if what
 * caused it is written). A record without a usable number is kept as failed, counted and never
 * retried. Does nothing while SMS is off.
 */
export async function queueSms(
  tx: DbOrTx,
  config: Config,
  settings: SystemSettings,
  message: SmsToQueue,
  now: Date,
): Promise<void> {
  if (message.consentReply ? config.sms === null : !smsOn(config, settings)) return;
  const toNumber = smsNumber(message.rawNumber);
  const { text, parts } = composeSms(message.body, settings.general.organizationName);
  await tx
    .insert(smsMessages)
    .values({
      kind: message.kind,
      dedupeKey: message.dedupeKey,
      toNumber,
      studentId: message.studentId ?? null,
      userId: message.userId ?? null,
      body: text,
      parts,
      status: toNumber ? 'queued' : 'failed',
      failureReason: toNumber ? null : SMS_REASONS.noNumber,
      notBefore: now,
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoNothing({ target: smsMessages.dedupeKey });
}
