import { and, eq, inArray, isNull, or } from 'drizzle-orm';
import type { RowProblem } from '../../../contracts/common';
import type { PaymentChannelDetails } from '../../../contracts/payment-channels';
import { channelKey, channelsTwiceInFile } from '../../../csv/student-channel-row';

export { channelsTwiceInFile };

import { channelShortLabel, PAYMENT_CHANNEL_MESSAGES } from '../../../domain/payment-channels';
import { isInStudentScope } from '../../../domain/student-permissions';
import type { SessionUser } from '../../app-env';
import type { Database } from '../../db/client';
import { paymentChannels, students } from '../../db/schema';

/**
 * The payment channel columns of a student import (issue 49): a wallet or account used twice in the
 * file, or in use by a student already, is a row problem like a CHL number taken; the rest are
 * written with their students, each its student's primary channel.
 */

export interface ChannelRow {
  row: number;
  channel: PaymentChannelDetails;
}

const LOOKUP_CHUNK = 5000;
const what = (c: PaymentChannelDetails) => (c.kind === 'bank' ? 'bank account' : 'wallet');

/** Rows whose wallet or account another student uses now: named only if the importer may see them (D9). */
export async function channelsInUse(
  deps: { db: Database },
  user: SessionUser,
  rows: ChannelRow[],
): Promise<RowProblem[]> {
  const numbers = [
    ...new Set(rows.map(({ channel: c }) => (c.kind === 'bank' ? c.account_number : c.wallet_number))),
  ];
  const inUse = new Map<string, { name: string; officerId: string | null }>();
  for (let start = 0; start < numbers.length; start += LOOKUP_CHUNK) {
    const chunk = numbers.slice(start, start + LOOKUP_CHUNK);
    const found = await deps.db
      .select({
        kind: paymentChannels.kind,
        provider: paymentChannels.provider,
        walletNumber: paymentChannels.walletNumber,
        bankName: paymentChannels.bankName,
        accountNumber: paymentChannels.accountNumber,
        name: students.fullName,
        officerId: students.assignedOfficerId,
      })
      .from(paymentChannels)
      .innerJoin(students, eq(students.id, paymentChannels.studentId))
      .where(
        and(
          isNull(paymentChannels.endedAt),
          // Either column holds the number; the key below tells a wallet from an account.
          or(inArray(paymentChannels.walletNumber, chunk), inArray(paymentChannels.accountNumber, chunk)),
        ),
      );
    for (const f of found) {
      const key =
        f.kind === 'bank'
          ? `bank:${f.bankName!.toLowerCase()}:${f.accountNumber}`
          : `wallet:${f.provider}:${f.walletNumber}`;
      inUse.set(key, { name: f.name, officerId: f.officerId });
    }
  }
  return rows.flatMap(({ row, channel }) => {
    const other = inUse.get(channelKey(channel));
    if (!other) return [];
    const message = isInStudentScope(user, { assignedOfficerId: other.officerId })
      ? PAYMENT_CHANNEL_MESSAGES.duplicateNamed(what(channel), other.name)
      : PAYMENT_CHANNEL_MESSAGES.duplicateHidden(what(channel));
    return [{ row, message }];
  });
}

/** The insert of each student's channel of an import batch. */
export function channelStatements(
  batch: Array<{ value: { id?: string }; channel: PaymentChannelDetails | null }>,
  user: SessionUser,
  now: Date,
) {
  const rows = batch.flatMap(({ value, channel }) =>
    channel
      ? [
          {
            studentId: value.id!,
            kind: channel.kind,
            bankName: channel.kind === 'bank' ? channel.bank_name : null,
            bankBranch: channel.kind === 'bank' ? channel.bank_branch : null,
            accountNumber: channel.kind === 'bank' ? channel.account_number : null,
            accountName: channel.kind === 'bank' ? channel.account_name : null,
            provider: channel.kind === 'mobile_wallet' ? channel.provider : null,
            walletNumber: channel.kind === 'mobile_wallet' ? channel.wallet_number : null,
            walletName: channel.kind === 'mobile_wallet' ? channel.wallet_name : null,
            isPrimary: true,
            createdBy: user.id,
            createdAt: now,
          } satisfies typeof paymentChannels.$inferInsert,
        ]
      : [],
  );
  return rows;
}

/** ' with MTN MoMo ••••4567' for the student's audit entry: the last four digits only. */
export function channelNote(channel: PaymentChannelDetails | null): string {
  if (!channel) return '';
  return ` with ${channelShortLabel({
    kind: channel.kind,
    provider: channel.kind === 'mobile_wallet' ? channel.provider : null,
    bank_name: channel.kind === 'bank' ? channel.bank_name : null,
    wallet_number: channel.kind === 'mobile_wallet' ? channel.wallet_number : null,
    account_number: channel.kind === 'bank' ? channel.account_number : null,
  })}`;
}
