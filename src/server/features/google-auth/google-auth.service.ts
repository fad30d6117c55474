import { eq, lt, sql } from 'drizzle-orm';
import * as oidc from 'openid-client';
import { AUTH_MESSAGES } from '../../../contracts/auth';
import type { AppDeps } from '../../app-env';
import { createSession, type NewSession } from '../../auth/sessions';
import { hashToken, newSecretToken } from '../../auth/tokens';
import { recordColumns } from '../../db/record-columns';
import { oidcLogins, users } from '../../db/schema';
import { recordAudit, signInEntry } from '../audit/audit.service';

const PENDING_LOGIN_TTL_MS = 10 * 60 * 1000;

export class GoogleSignInError extends Error {}

export const EMAIL_IN_USE =
  'An account already uses this email address. Sign in with your staff ID, or ask an administrator for help.';

const discovered = new Map<string, Promise<oidc.Configuration>>();

function configuration(deps: AppDeps): Promise<oidc.Configuration> {
  const google = deps.config.google;
  if (!google) throw new GoogleSignInError(AUTH_MESSAGES.googleNotConfigured);
  const key = `${google.issuer}|${google.clientId}`;
  let found = discovered.get(key);
  if (!found) {
    const issuer = new URL(google.issuer);
    // Plain http only for a provider on this machine (tests and local development).
    const insecure =
      issuer.protocol === 'http:' && ['localhost', '127.0.0.1', '[::1]'].includes(issuer.hostname);
    found = oidc.discovery(issuer, google.clientId, google.clientSecret, undefined, {
      execute: insecure ? [oidc.allowInsecureRequests] : [],
    });
    found.catch(() => discovered.delete(key));
    discovered.set(key, found);
  }
  return found;
}

export function callbackUrl(deps: AppDeps): string {
  return `${deps.config.appUrl}/api/auth/google/callback`;
}

/** Starts a sign-in: answers where to send the browser and the key to keep in its cookie. */
export async function beginGoogleSignIn(deps: AppDeps): Promise<{ redirectTo: string; loginKey: string }> {
  const config = await configuration(deps);
  const now = deps.clock.now();
  const codeVerifier = oidc.randomPKCECodeVerifier();
  const state = oidc.randomState();
  const nonce = oidc.randomNonce();
  const loginKey = newSecretToken();
  await deps.db.delete(oidcLogins).where(lt(oidcLogins.expiresAt, now));
  await deps.db.insert(oidcLogins).values({
    idHash: hashToken(loginKey),
    state,
    nonce,
    codeVerifier,
    expiresAt: new Date(now.getTime() + PENDING_LOGIN_TTL_MS),
  });
  const url = oidc.buildAuthorizationUrl(config, {
    redirect_uri: callbackUrl(deps),
    scope: 'openid email profile',
    code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
    code_challenge_method: 'S256',
    state,
    nonce,
    access_type: 'offline',
    prompt: 'consent',
  });
  return { redirectTo: url.href, loginKey };
}

/** Finishes a sign-in from the provider's redirect; makes or updates the account and opens a session. */
export async function completeGoogleSignIn(
  deps: AppDeps,
  loginKey: string | undefined,
  search: string,
): Promise<NewSession> {
  const config = await configuration(deps);
  if (!loginKey)
    throw new GoogleSignInError(
      'Your Google sign-in took too long or was started elsewhere. Please try again.',
    );
  const [pending] = await deps.db
    .delete(oidcLogins)
    .where(eq(oidcLogins.idHash, hashToken(loginKey)))
    .returning();
  const now = deps.clock.now();
  if (!pending || pending.expiresAt.getTime() < now.getTime()) {
    throw new GoogleSignInError(
      'Your Google sign-in took too long or was started elsewhere. Please try again.',
    );
  }
  const params = new URLSearchParams(search);
  if (params.get('error')) throw new GoogleSignInError('Google sign-in was cancelled.');
  let claims: oidc.IDToken | undefined;
  try {
    const tokens = await oidc.authorizationCodeGrant(config, new URL(`${callbackUrl(deps)}?${params}`), {
      pkceCodeVerifier: pending.codeVerifier,
      expectedState: pending.state,
      expectedNonce: pending.nonce,
      idTokenExpected: true,
    });
    claims = tokens.claims();
  } catch (error) {
    deps.logger.warn('google sign-in rejected', { reason: (error as Error).message });
    throw new GoogleSignInError('Google sign-in failed. Please try again.');
  }
  if (!claims?.sub) throw new GoogleSignInError('Google sign-in failed. Please try again.');
  const userId = await findOrCreateGoogleUser(deps, claims);
  return createSession(deps, userId, false);
}

async function findOrCreateGoogleUser(deps: AppDeps, claims: oidc.IDToken): Promise<string> {
  const now = deps.clock.now();
  const email = typeof claims.email === 'string' ? claims.email.toLowerCase() : null;
  const emailVerified = claims.email_verified === true;
  const name = (typeof claims.name === 'string' && claims.name.trim()) || email || 'Google user';
  const picture = typeof claims.picture === 'string' ? claims.picture : null;

  let [user] = await deps.db
    .select(recordColumns(users))
    .from(users)
    .where(eq(users.authId, claims.sub))
    .limit(1);
  if (!user && email && emailVerified) {
    // A staff member whose account has the same, Google-verified, address signs in as themselves.
    [user] = await deps.db
      .select(recordColumns(users))
      .from(users)
      .where(sql`lower(${users.email}) = ${email}`)
      .limit(1);
  }
  if (user) {
    if (!user.isActive) throw new GoogleSignInError(AUTH_MESSAGES.inactive);
    const known = user;
    await deps.db.transaction(async (tx) => {
      await tx
        .update(users)
        .set({
          lastLogin: now,
          authId: claims.sub,
          photoUrl: known.photoUrl ?? picture,
          emailVerifiedAt: known.emailVerifiedAt ?? (emailVerified ? now : null),
        })
        .where(eq(users.id, known.id));
      await recordAudit(tx, signInEntry(known, 'Google', now));
    });
    return user.id;
  }
  if (!email) throw new GoogleSignInError('Your Google account did not share an email address.');
  const [sameEmail] = await deps.db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.email}) = ${email}`)
    .limit(1);
  // Google has not verified this address, so it cannot claim the account that already has it.
  if (sameEmail) throw new GoogleSignInError(EMAIL_IN_USE);
  const created = await deps.db.transaction(async (tx) => {
    const [account] = await tx
      .insert(users)
      .values({
        email,
        name,
        authId: claims.sub,
        photoUrl: picture,
        role: 'user',
        isActive: true,
        emailVerifiedAt: emailVerified ? now : null,
        lastLogin: now,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    await recordAudit(tx, {
      actor: { id: account!.id, name: account!.name },
      officerId: null,
      entityType: 'account',
      entityId: account!.id,
      action: 'account.created',
      summary: `${account!.name} made an account by signing in with Google`,
      at: now,
      before: null,
      after: { email: account!.email, name: account!.name, role: account!.role },
    });
    await recordAudit(tx, signInEntry(account!, 'Google', now));
    return account!;
  });
  return created.id;
}
