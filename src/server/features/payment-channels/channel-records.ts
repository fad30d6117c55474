import { aliasedTable, and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type {
  ChannelSummary,
  PaymentChannel,
  PaymentChannelDetails,
} from '../../../contracts/payment-channels';
import { walletE164 } from '../../../csv/wallet-number';
import { walletConfirmation } from '../../../domain/holder-names';
import {
  channelHoldReason,
  channelShortLabel,
  maskedNumber,
  normalAccountNumber,
  PAYMENT_CHANNEL_MESSAGES,
  walletPrefixWarning,
} from '../../../domain/payment-channels';
import type { DbOrTx } from '../../db/client';
import { paymentChannels, users } from '../../db/schema';
import { badRequest } from '../../http/errors';

/** Reading channel rows as the API answers them, and turning a request's details into columns. */

const creator = aliasedTable(users, 'channel_creator');
const ender = aliasedTable(users, 'channel_ender');
const checker = aliasedTable(users, 'channel_checker');

export function selectChannels(db: DbOrTx) {
  return db
    .select({
      channel: paymentChannels,
      createdByName: creator.name,
      endedByName: ender.name,
      checkedByName: checker.name,
    })
    .from(paymentChannels)
    .leftJoin(creator, eq(creator.id, paymentChannels.createdBy))
    .leftJoin(ender, eq(ender.id, paymentChannels.endedBy))
    .leftJoin(checker, eq(checker.id, paymentChannels.nameCheckedBy));
}

type ChannelRow = Awaited<ReturnType<typeof selectChannels>>[number];

/** Whether the operator of this provider is asked for a holder's name (MTN with its API configured). */
export type OperatorGivesNames = (provider: string | null) => boolean;

export function toChannelDto(
  { channel: c, createdByName, endedByName, checkedByName }: ChannelRow,
  givesNames: OperatorGivesNames,
): PaymentChannel {
  const check = { kind: c.kind, name_check: c.nameCheck, ended_at: c.endedAt?.toISOString() ?? null };
  return {
    id: c.id,
    student_id: c.studentId,
    kind: c.kind,
    bank_name: c.bankName,
    bank_branch: c.bankBranch,
    account_number: c.accountNumber,
    account_name: c.accountName,
    provider: c.provider,
    wallet_number: c.walletNumber,
    wallet_name: c.walletName,
    is_primary: c.isPrimary,
    created_at: c.createdAt.toISOString(),
    created_by_name: createdByName,
    ended_at: c.endedAt?.toISOString() ?? null,
    ended_by_name: endedByName,
    end_reason: c.endReason,
    replaced_by_id: c.replacedById,
    name_check: c.nameCheck,
    operator_name: c.operatorName,
    name_checked_at: c.nameCheckedAt?.toISOString() ?? null,
    name_checked_by_name: checkedByName,
    name_check_note: c.nameCheckNote,
    hold_reason: c.endedAt ? null : channelHoldReason(check),
    name_confirmation: walletConfirmation(check, givesNames(c.provider)),
  };
}

/** A student's channels: those in use (primary first, then oldest first) and those replaced (latest first). */
export async function studentChannels(db: DbOrTx, studentId: string, givesNames: OperatorGivesNames) {
  const rows = await selectChannels(db)
    .where(eq(paymentChannels.studentId, studentId))
    .orderBy(
      desc(paymentChannels.isPrimary),
      sql`${paymentChannels.endedAt} desc nulls first`,
      paymentChannels.createdAt,
      paymentChannels.id,
    );
  const all = rows.map((row) => toChannelDto(row, givesNames));
  return { current: all.filter((c) => !c.ended_at), history: all.filter((c) => c.ended_at) };
}

export async function findChannel(db: DbOrTx, id: string, givesNames: OperatorGivesNames) {
  const [row] = await selectChannels(db).where(eq(paymentChannels.id, id)).limit(1);
  return row && toChannelDto(row, givesNames);
}

/** The columns a channel's details are stored as, and the warnings to show with them. */
export interface PreparedChannel {
  values: Pick<
    typeof paymentChannels.$inferInsert,
    | 'kind'
    | 'bankName'
    | 'bankBranch'
    | 'accountNumber'
    | 'accountName'
    | 'provider'
    | 'walletNumber'
    | 'walletName'
  >;
  warnings: string[];
}

/** Checks and normalises the details (400 naming the field); never changes what the user meant. */
export function prepareChannel(input: PaymentChannelDetails): PreparedChannel {
  if (input.kind === 'mobile_wallet') {
    const e164 = walletE164(input.wallet_number);
    if (!e164)
      throw badRequest(PAYMENT_CHANNEL_MESSAGES.walletNumberInvalid, {
        wallet_number: PAYMENT_CHANNEL_MESSAGES.walletNumberInvalid,
      });
    const warning = walletPrefixWarning(input.provider, e164);
    return {
      values: {
        kind: 'mobile_wallet',
        provider: input.provider,
        walletNumber: e164,
        walletName: input.wallet_name,
        bankName: null,
        bankBranch: null,
        accountNumber: null,
        accountName: null,
      },
      warnings: warning ? [warning] : [],
    };
  }
  const account = normalAccountNumber(input.account_number);
  if (!account)
    throw badRequest(PAYMENT_CHANNEL_MESSAGES.accountNumberInvalid, {
      account_number: PAYMENT_CHANNEL_MESSAGES.accountNumberInvalid,
    });
  return {
    values: {
      kind: 'bank',
      bankName: input.bank_name,
      bankBranch: input.bank_branch,
      accountNumber: account,
      accountName: input.account_name,
      provider: null,
      walletNumber: null,
      walletName: null,
    },
    warnings: [],
  };
}

/** The channel in use elsewhere with the same wallet or account, if any (the partial unique indexes' condition). */
export async function activeTwin(db: DbOrTx, values: PreparedChannel['values']) {
  const same =
    values.kind === 'mobile_wallet'
      ? and(
          eq(paymentChannels.kind, 'mobile_wallet'),
          eq(paymentChannels.provider, values.provider!),
          eq(paymentChannels.walletNumber, values.walletNumber!),
        )
      : and(
          eq(paymentChannels.kind, 'bank'),
          sql`lower(${paymentChannels.bankName}) = lower(${values.bankName!})`,
          eq(paymentChannels.accountNumber, values.accountNumber!),
        );
  const [twin] = await db
    .select({ id: paymentChannels.id, studentId: paymentChannels.studentId })
    .from(paymentChannels)
    .where(and(same, isNull(paymentChannels.endedAt)))
    .limit(1);
  return twin;
}

/** The primary channel in use of each of these students, masked, by student id (one query). */
export async function primaryChannelSummaries(
  db: DbOrTx,
  studentIds: readonly string[],
): Promise<Map<string, ChannelSummary>> {
  const ids = [...new Set(studentIds)];
  if (ids.length === 0) return new Map();
  const rows = await db
    .select()
    .from(paymentChannels)
    .where(
      and(
        inArray(paymentChannels.studentId, ids),
        eq(paymentChannels.isPrimary, true),
        isNull(paymentChannels.endedAt),
      ),
    );
  return new Map(
    rows.map((c) => {
      const snake = {
        kind: c.kind,
        provider: c.provider,
        bank_name: c.bankName,
        wallet_number: c.walletNumber,
        account_number: c.accountNumber,
      };
      return [
        c.studentId,
        {
          id: c.id,
          kind: c.kind,
          provider: c.provider,
          bank_name: c.bankName,
          masked_number: maskedNumber(c.walletNumber ?? c.accountNumber ?? ''),
          label: channelShortLabel(snake),
        },
      ];
    }),
  );
}
