import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { ROLES } from '../../../domain/roles';
import { createdAt, moment, randomId, searchText, searchTextIndex, updatedAt } from './columns';

const timestamps = {
  createdAt: createdAt(),
  updatedAt: updatedAt(),
};

/** Every person who signs in: staff with a staff ID and password, Google users, students. */
export const users = pgTable(
  'users',
  {
    id: randomId(),
    staffId: text('staff_id'),
    email: text('email').notNull(),
    name: text('name').notNull(),
    passwordHash: text('password_hash'),
    role: text('role', { enum: ROLES }).notNull().default('user'),
    department: text('department'),
    /** The profile of docs/product.md §3's user record, which the user and admins edit. */
    phoneNumber: text('phone_number'),
    address: text('address'),
    dateOfBirth: date('date_of_birth'),
    emergencyContactName: text('emergency_contact_name'),
    emergencyContactPhone: text('emergency_contact_phone'),
    emergencyContactRelationship: text('emergency_contact_relationship'),
    /** The admin who added (invited) the account; null for registrations, Google and the seed. */
    createdById: uuid('created_by_id').references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
    photoUrl: text('photo_url'),
    /** OpenID Connect subject of a Google account linked to this user. */
    authId: text('auth_id'),
    isActive: boolean('is_active').notNull().default(true),
    emailVerifiedAt: moment('email_verified_at'),
    lastLogin: moment('last_login'),
    /**
     * The password is still the published demo one (docs/product.md D10, D18): set by the demo seed,
     * cleared by any password change. While any account has it, the server stays on loopback.
     */
    demoPassword: boolean('demo_password').notNull().default(false),
    /** The user's choice of a daily email of what waits for them (docs/product.md D16). */
    emailDigest: boolean('email_digest').notNull().default(true),
    /** The staff member's choice of one morning text message of what waits for them (D16). */
    smsDigest: boolean('sms_digest').notNull().default(false),
    /** When the password was last set; the expiry of System Settings counts from here (D13). */
    passwordChangedAt: moment('password_changed_at').notNull().defaultNow(),
    /**
     * The TOTP secret of a confirmed two-factor enrolment (D13), encrypted with TWO_FACTOR_KEY;
     * `twoFactorPendingSecret` holds a secret shown but not yet confirmed with a code.
     */
    twoFactorSecret: text('two_factor_secret'),
    twoFactorPendingSecret: text('two_factor_pending_secret'),
    twoFactorEnabledAt: moment('two_factor_enabled_at'),
    /** The last TOTP time step accepted, so one code cannot sign in twice. */
    twoFactorLastStep: integer('two_factor_last_step'),
    /** The user's own theme over the system's ('light', 'dark', 'auto'); null follows the system. */
    themePreference: text('theme_preference', { enum: ['light', 'dark', 'auto'] }),
    searchText: searchText(
      sql`name || ' ' || coalesce(staff_id, '') || ' ' || email || ' ' || coalesce(department, '')`,
    ),
    ...timestamps,
  },
  (t) => [
    searchTextIndex('users', t.searchText),
    uniqueIndex('users_staff_id_key').on(sql`upper(${t.staffId})`),
    uniqueIndex('users_email_key').on(sql`lower(${t.email})`),
    uniqueIndex('users_auth_id_key').on(t.authId),
    index('users_role_idx').on(t.role),
    index('users_name_idx').on(t.name, t.id),
    index('users_demo_password_idx').on(t.id).where(sql`${t.demoPassword}`),
    // The directory's Inactive tile: counted from the few inactive accounts, not by reading every one.
    index('users_inactive_idx').on(t.id).where(sql`not ${t.isActive}`),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    id: randomId(),
    tokenHash: text('token_hash').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    rememberMe: boolean('remember_me').notNull().default(false),
    expiresAt: moment('expires_at').notNull(),
    lastSeenAt: moment('last_seen_at').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('sessions_token_hash_key').on(t.tokenHash), index('sessions_user_idx').on(t.userId)],
);

/** Email verification and password reset tokens, stored only as hashes. */
export const authTokens = pgTable(
  'auth_tokens',
  {
    id: randomId(),
    tokenHash: text('token_hash').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', {
      enum: ['verify_email', 'reset_password', 'invitation', 'two_factor_challenge'],
    }).notNull(),
    /** Wrong codes tried against a two-factor challenge; it ends after a few. */
    attempts: integer('attempts').notNull().default(0),
    expiresAt: moment('expires_at').notNull(),
    usedAt: moment('used_at'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('auth_tokens_token_hash_key').on(t.tokenHash)],
);

/** The ten single-use recovery codes of a two-factor enrolment, stored only as hashes. */
export const twoFactorRecoveryCodes = pgTable(
  'two_factor_recovery_codes',
  {
    id: randomId(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: moment('used_at'),
  },
  (t) => [uniqueIndex('two_factor_recovery_codes_hash_key').on(t.userId, t.codeHash)],
);

/** Failed logins per staff ID, whether or not such an account exists (no enumeration). */
export const loginThrottles = pgTable('login_throttles', {
  staffIdKey: text('staff_id_key').primaryKey(),
  failedCount: integer('failed_count').notNull().default(0),
  lockedUntil: moment('locked_until'),
  updatedAt: updatedAt(),
});

/** A Google sign-in under way: the PKCE verifier, state and nonce, bound to the browser's cookie. */
export const oidcLogins = pgTable('oidc_logins', {
  idHash: text('id_hash').primaryKey(),
  state: text('state').notNull(),
  nonce: text('nonce').notNull(),
  codeVerifier: text('code_verifier').notNull(),
  expiresAt: moment('expires_at').notNull(),
});

/**
 * Sign-in emails waiting to be sent (verification, password reset, "you already have an account").
 * A request only adds a row and answers, so its answer takes the same time whether or not the
 * account exists; any app process sends the rows afterwards (see features/staff-auth/auth-mail.ts).
 * Rows name the address, never a token: the token is made when the email is sent.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: randomId(),
    kind: text('kind', {
      enum: ['verify_email', 'reset_password', 'account_exists', 'invitation', 'role_request_decided'],
    }).notNull(),
    email: text('email').notNull(),
    /** The record the email is about (a role request's outcome); null for the sign-in emails. */
    aboutId: uuid('about_id'),
    attempts: integer('attempts').notNull().default(0),
    /** A process sending this row holds it until then; after that another may try again. */
    claimedUntil: moment('claimed_until'),
    createdAt: createdAt(),
  },
  (t) => [index('mail_outbox_created_idx').on(t.createdAt)],
);

/**
 * The daily digests of waiting items (docs/product.md D16): a row claims a user's digest for a
 * Lusaka day before it is sent, so two app processes running the job never send it twice.
 */
export const notificationDigests = pgTable(
  'notification_digests',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    digestDate: date('digest_date').notNull(),
    itemCount: integer('item_count').notNull(),
    sentAt: moment('sent_at'),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.digestDate] })],
);
