import { and, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { TokenPurpose } from '../../../domain/auth-rules';
import { tokenLifetimeMs } from '../../../domain/auth-rules';
import type { AppDeps } from '../../app-env';
import { hashToken, newSecretToken } from '../../auth/tokens';
import type { DbOrTx } from '../../db/client';
import { recordColumns } from '../../db/record-columns';
import { authTokens, mailOutbox, roleRequests, users } from '../../db/schema';
import {
  accountExistsEmail,
  invitationEmail,
  passwordResetEmail,
  roleRequestDecidedEmail,
  verificationEmail,
} from '../../mail/templates';
import { mailSite } from '../settings/settings.service';

export type AuthMailKind = (typeof mailOutbox.$inferInsert)['kind'];

/** Rows one pass sends; the rest wait for the next pass. */
const BATCH = 20;
/** A process that claimed a row and died lets it go after this long. */
const CLAIM_MS = 2 * 60_000;
/** After this many failed sends the row is dropped (and logged without its address). */
const MAX_ATTEMPTS = 5;

/**
 * Sign-in emails leave through the mail_outbox table, not from the request: a request adds one
 * row and answers, the same work whether or not the address has an account (forgot-password and
 * registration must not tell anyone who has an account). Any app process sends the rows after
 * answering; rows outlive a crash and are retried.
 */
export async function queueAuthMail(
  db: DbOrTx,
  kind: AuthMailKind,
  email: string,
  now: Date,
  aboutId: string | null = null,
): Promise<void> {
  await db.insert(mailOutbox).values({ kind, email: email.toLowerCase(), aboutId, createdAt: now });
}

/** Sends the outbox after the answer has gone; failures wait for the next pass. */
export function sendAuthMailSoon(deps: AppDeps): void {
  setImmediate(() => {
    sendQueuedAuthMail(deps).catch((error: Error) =>
      deps.logger.error('sign-in email pass failed', { error: error.message }),
    );
  });
}

/**
 * One pass over the outbox: claims up to BATCH rows (SKIP LOCKED, so processes running this at
 * once take different rows), sends each, deletes it once sent. Returns how many were sent.
 */
export async function sendQueuedAuthMail(deps: AppDeps): Promise<number> {
  const now = deps.clock.now();
  const due = deps.db
    .select({ id: mailOutbox.id })
    .from(mailOutbox)
    .where(or(isNull(mailOutbox.claimedUntil), lt(mailOutbox.claimedUntil, now)))
    .orderBy(mailOutbox.createdAt)
    .limit(BATCH)
    .for('update', { skipLocked: true });
  const claimed = await deps.db
    .update(mailOutbox)
    .set({ claimedUntil: new Date(now.getTime() + CLAIM_MS), attempts: sql`${mailOutbox.attempts} + 1` })
    .where(inArray(mailOutbox.id, due))
    .returning();

  let sent = 0;
  for (const job of claimed) {
    try {
      await sendOne(deps, job);
      await deps.db.delete(mailOutbox).where(eq(mailOutbox.id, job.id));
      sent++;
    } catch (error) {
      const giveUp = job.attempts >= MAX_ATTEMPTS;
      deps.logger.error('sign-in email not sent', {
        id: job.id,
        kind: job.kind,
        attempts: job.attempts,
        givenUp: giveUp,
        error: (error as Error).message,
      });
      if (giveUp) await deps.db.delete(mailOutbox).where(eq(mailOutbox.id, job.id));
      // Otherwise the claim runs out and a later pass tries again.
    }
  }
  return sent;
}

async function sendOne(deps: AppDeps, job: typeof mailOutbox.$inferSelect): Promise<void> {
  const { kind, email } = job;
  const [user] = await deps.db
    .select(recordColumns(users))
    .from(users)
    .where(sql`lower(${users.email}) = ${email}`)
    .limit(1);
  const site = await mailSite(deps);
  if (kind === 'reset_password') {
    // No account, or a deactivated one: nothing is sent, and the requester was told the same.
    if (!user?.isActive) return;
    const token = await issueToken(deps.db, user.id, 'reset_password', deps.clock.now());
    await deps.mailer.send(passwordResetEmail(user.email, user.name, site, token));
  } else if (kind === 'verify_email') {
    if (!user || user.emailVerifiedAt) return;
    const token = await issueToken(deps.db, user.id, 'verify_email', deps.clock.now());
    await deps.mailer.send(verificationEmail(user.email, user.name, site, token));
  } else if (kind === 'invitation') {
    // Sent while the account still has no password (an accepted invitation is not sent again).
    if (!user?.isActive || user.passwordHash) return;
    const token = await issueToken(deps.db, user.id, 'invitation', deps.clock.now());
    await deps.mailer.send(invitationEmail(user.email, user.name, user.staffId ?? '', site, token));
  } else if (kind === 'role_request_decided') {
    const [request] = job.aboutId
      ? await deps.db.select().from(roleRequests).where(eq(roleRequests.id, job.aboutId))
      : [];
    if (!user || !request || request.userId !== user.id) return;
    await deps.mailer.send(roleRequestDecidedEmail(user.email, user.name, site, request));
  } else {
    if (!user) return;
    await deps.mailer.send(accountExistsEmail(user.email, user.name, site));
  }
}

async function issueToken(db: DbOrTx, userId: string, purpose: TokenPurpose, now: Date): Promise<string> {
  const token = newSecretToken();
  await db.insert(authTokens).values({
    tokenHash: hashToken(token),
    userId,
    purpose,
    expiresAt: new Date(now.getTime() + tokenLifetimeMs(purpose)),
    createdAt: now,
  });
  return token;
}

/** Every reset link of a user ends when the password changes, whichever link changed it. */
export async function endResetTokens(db: DbOrTx, userId: string, now: Date): Promise<void> {
  await db
    .update(authTokens)
    .set({ usedAt: now })
    .where(
      and(eq(authTokens.userId, userId), eq(authTokens.purpose, 'reset_password'), isNull(authTokens.usedAt)),
    );
}
