import { randomInt } from 'node:crypto';
import { and, count, eq, isNull } from 'drizzle-orm';
import {
  TWO_FACTOR_MESSAGES as M,
  type TwoFactorConfirmResponse,
  type TwoFactorSetupResponse,
  type TwoFactorStatus,
} from '../../../contracts/two-factor';
import type { AppDeps, SessionUser } from '../../app-env';
import { verifyPassword } from '../../auth/passwords';
import { hashToken } from '../../auth/tokens';
import { base32Decode, matchingStep, newTotpSecret, otpauthUrl } from '../../auth/totp';
import { openStoredSecret, sealSecret, twoFactorKey } from '../../auth/two-factor-key';
import type { DbOrTx, Tx } from '../../db/client';
import { type RecordOf, recordColumns } from '../../db/record-columns';
import { twoFactorRecoveryCodes, users } from '../../db/schema';
import { badRequest, conflict } from '../../http/errors';
import { areaAudit } from '../audit/audit.service';
import { currentSettings } from '../settings/settings.service';

/*
 * An account's authenticator (docs/product.md D13): set up from My Profile (a secret shown once
 * as a QR code, confirmed with a first code), ten single-use recovery codes, and turned off again
 * only while System Settings do not require it. The sign-in's second step (staff-auth) checks
 * codes through acceptTotpCode and spendRecoveryCode below.
 */

const audit = areaAudit('account', 'account');
export const RECOVERY_CODE_COUNT = 10;

async function account(db: DbOrTx, userId: string) {
  const [row] = await db.select(recordColumns(users)).from(users).where(eq(users.id, userId));
  return row!;
}

/** Only an account with a password has a sign-in to protect: Google checks its own. */
function assertHasPassword(row: RecordOf<typeof users>) {
  if (!row.passwordHash) throw conflict(M.googleOnly);
}

export async function twoFactorStatus(deps: AppDeps, user: SessionUser): Promise<TwoFactorStatus> {
  const [row, settings, [left]] = await Promise.all([
    account(deps.db, user.id),
    currentSettings(deps.db),
    deps.db
      .select({ n: count() })
      .from(twoFactorRecoveryCodes)
      .where(and(eq(twoFactorRecoveryCodes.userId, user.id), isNull(twoFactorRecoveryCodes.usedAt))),
  ]);
  const enabled = row.twoFactorEnabledAt !== null;
  return {
    enabled,
    enabled_at: row.twoFactorEnabledAt?.toISOString() ?? null,
    recovery_codes_left: enabled ? (left?.n ?? 0) : 0,
    required: settings.security.twoFactorAuth,
  };
}

/** A new secret, kept as pending until a code from it is typed; asking again replaces it. */
export async function beginTwoFactorSetup(deps: AppDeps, user: SessionUser): Promise<TwoFactorSetupResponse> {
  const row = await account(deps.db, user.id);
  assertHasPassword(row);
  const key = await twoFactorKey(deps.config);
  const secret = newTotpSecret();
  await deps.db
    .update(users)
    .set({ twoFactorPendingSecret: sealSecret(key, secret), updatedAt: deps.clock.now() })
    .where(eq(users.id, user.id));
  const { general } = await currentSettings(deps.db);
  return { secret, otpauth_url: otpauthUrl(general.systemName, row.staffId ?? row.email, secret) };
}

/**
 * Turns the account's two-factor sign-in on with a confirmed secret (`step`: the confirming code's
 * time step, so that code is not accepted again) or off, and drops its recovery codes either way: codes never outlive the
 * setup they were given with. Any setup still waiting for its first code goes too.
 */
async function setTwoFactor(tx: Tx, userId: string, now: Date, on: { secret: string; step: number } | null) {
  await tx
    .update(users)
    .set({
      twoFactorSecret: on?.secret ?? null,
      twoFactorPendingSecret: null,
      twoFactorEnabledAt: on ? now : null,
      twoFactorLastStep: on?.step ?? null,
      updatedAt: now,
    })
    .where(eq(users.id, userId));
  await tx.delete(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, userId));
}

/** `abcde-12345`: about 40 random bits, easy to read out and type. */
function newRecoveryCode(): string {
  const letters = Array.from({ length: 5 }, () => String.fromCharCode(97 + randomInt(26))).join('');
  const digits = Array.from({ length: 5 }, () => String(randomInt(10))).join('');
  return `${letters}-${digits}`;
}

/** Recovery codes are stored as hashes, like every other token; typed with or without the dash. */
function recoveryCodeHash(code: string): string {
  const clean = code.replace(/[\s-]/g, '').toLowerCase();
  return hashToken(`${clean.slice(0, 5)}-${clean.slice(5)}`);
}

/**
 * The first code from the pending secret switches two-factor sign-in on, with ten new recovery
 * codes (answered once, never again). Its step counts as used, so that same code cannot sign in.
 */
export async function confirmTwoFactorSetup(
  deps: AppDeps,
  user: SessionUser,
  code: string,
): Promise<TwoFactorConfirmResponse> {
  const key = await twoFactorKey(deps.config);
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .select(recordColumns(users))
      .from(users)
      .where(eq(users.id, user.id))
      .for('update');
    assertHasPassword(row!);
    if (!row!.twoFactorPendingSecret) throw conflict(M.noPendingSetup);
    const secret = openStoredSecret(key, row!.twoFactorPendingSecret);
    const now = deps.clock.now();
    const step = matchingStep(base32Decode(secret), code, now);
    if (step === null) throw badRequest(M.wrongCode, { code: M.wrongCode });
    const again = row!.twoFactorEnabledAt !== null;
    await setTwoFactor(tx, user.id, now, { secret: row!.twoFactorPendingSecret, step });
    await tx
      .insert(twoFactorRecoveryCodes)
      .values(codes.map((c) => ({ userId: user.id, codeHash: recoveryCodeHash(c) })));
    await audit(
      tx,
      user,
      now,
      user.id,
      'two_factor_enabled',
      again
        ? `${user.name} set up two-factor sign-in with a new authenticator`
        : `${user.name} turned on two-factor sign-in`,
      { two_factor: again ? 'on' : 'off' },
      { two_factor: 'on' },
    );
  });
  return { recovery_codes: codes };
}

/** Off again, with the password: only while System Settings do not require it. */
export async function disableTwoFactor(
  deps: AppDeps,
  user: SessionUser,
  password: string,
): Promise<{ message: string }> {
  if ((await currentSettings(deps.db)).security.twoFactorAuth) throw conflict(M.cannotDisable);
  const row = await account(deps.db, user.id);
  assertHasPassword(row);
  if (!row.twoFactorEnabledAt && !row.twoFactorPendingSecret) throw conflict(M.notEnabled);
  if (!(await verifyPassword(row.passwordHash, password)))
    throw badRequest(M.wrongPassword, { password: M.wrongPassword });
  await deps.db.transaction(async (tx) => {
    const now = deps.clock.now();
    await setTwoFactor(tx, user.id, now, null);
    await audit(
      tx,
      user,
      now,
      user.id,
      'two_factor_disabled',
      `${user.name} turned off two-factor sign-in`,
      { two_factor: 'on' },
      { two_factor: 'off' },
    );
  });
  return { message: M.disabled };
}

/**
 * Whether `code` is the account's current code, within a step either side, and newer than the
 * last one accepted; an accepted step is recorded in the same transaction (the row is locked), so
 * two requests with one code cannot both get through.
 */
export async function acceptTotpCode(tx: Tx, deps: AppDeps, userId: string, code: string): Promise<boolean> {
  const [row] = await tx
    .select({ secret: users.twoFactorSecret, lastStep: users.twoFactorLastStep })
    .from(users)
    .where(eq(users.id, userId))
    .for('update');
  if (!row?.secret) return false;
  const secret = openStoredSecret(await twoFactorKey(deps.config), row.secret);
  const step = matchingStep(base32Decode(secret), code, deps.clock.now(), row.lastStep);
  if (step === null) return false;
  await tx.update(users).set({ twoFactorLastStep: step }).where(eq(users.id, userId));
  return true;
}

/** Uses up one recovery code; answers how many are left, or null when it was not one (or used). */
export async function spendRecoveryCode(
  tx: Tx,
  userId: string,
  code: string,
  at: Date,
): Promise<number | null> {
  const used = await tx
    .update(twoFactorRecoveryCodes)
    .set({ usedAt: at })
    .where(
      and(
        eq(twoFactorRecoveryCodes.userId, userId),
        eq(twoFactorRecoveryCodes.codeHash, recoveryCodeHash(code)),
        isNull(twoFactorRecoveryCodes.usedAt),
      ),
    )
    .returning({ id: twoFactorRecoveryCodes.id });
  if (used.length === 0) return null;
  const [left] = await tx
    .select({ n: count() })
    .from(twoFactorRecoveryCodes)
    .where(and(eq(twoFactorRecoveryCodes.userId, userId), isNull(twoFactorRecoveryCodes.usedAt)));
  return left?.n ?? 0;
}
