import { z } from 'zod';
import { REGISTRABLE_ROLES, ROLES } from '../domain/roles';
import { requiredText } from './common';
import { PasswordFieldSchema } from './passwords';

export const StaffIdSchema = z
  .string({ message: 'Staff ID is required' })
  .trim()
  .min(1, { message: 'Staff ID is required' })
  .max(32, { message: 'Staff ID must be at most 32 characters' })
  .regex(/^[A-Za-z0-9][A-Za-z0-9_-]*$/, { message: 'Staff ID may contain only letters, digits, - and _' })
  .transform((v) => v.toUpperCase());

const EmailSchema = z
  .string({ message: 'Email is required' })
  .trim()
  .toLowerCase()
  .pipe(z.email({ message: 'Please enter a valid email address' }).max(254));

export const UserSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    email: z.string(),
    role: z.enum(ROLES),
    department: z.string().nullable(),
    staff_id: z.string().nullable(),
    photo_url: z.string().nullable(),
    last_login: z.string().nullable(),
    /** The password is older than System Settings' expiry: only a new one opens the app (D13). */
    must_change_password: z.boolean(),
    /** System Settings require two-factor sign-in and this account has no authenticator yet (D13). */
    must_set_up_two_factor: z.boolean(),
  })
  .meta({ id: 'User' });
export type User = z.infer<typeof UserSchema>;

export const LoginRequestSchema = z.object({
  staffId: z
    .string({ message: 'Staff ID is required' })
    .trim()
    .min(1, { message: 'Staff ID is required' })
    .max(64),
  password: z
    .string({ message: 'Password is required' })
    .min(1, { message: 'Password is required' })
    .max(200),
  rememberMe: z.boolean().optional().default(false),
});
export type LoginRequest = z.input<typeof LoginRequestSchema>;

/** A session opened: by a password alone, or by a password and then a two-factor code. */
export const SignedInResponseSchema = z.object({
  user: UserSchema,
  session_token: z.string(),
  expires_at: z.string(),
});
export type SignedInResponse = z.infer<typeof SignedInResponseSchema>;

/**
 * The password was right but the account has an authenticator: no session yet; the code goes to
 * POST /api/staff-auth/two-factor with this token.
 */
export const TwoFactorChallengeResponseSchema = z.object({
  two_factor_required: z.literal(true),
  challenge_token: z.string(),
});

export const LoginResponseSchema = z.union([SignedInResponseSchema, TwoFactorChallengeResponseSchema]);
export type LoginResponse = z.infer<typeof LoginResponseSchema>;

export const RegisterRequestSchema = z.object({
  staffId: StaffIdSchema,
  email: EmailSchema,
  password: PasswordFieldSchema,
  name: requiredText('Full name is required', 120),
  role: z.enum(REGISTRABLE_ROLES, { message: 'Role is required' }),
  department: z
    .string()
    .trim()
    .max(120)
    .nullish()
    .transform((v) => (v ? v : null)),
});
export type RegisterRequest = z.input<typeof RegisterRequestSchema>;

/** The account as registered; the same shape whether or not the email already had an account. */
export const StaffSchema = z.object({
  staff_id: z.string(),
  email: z.string(),
  name: z.string(),
  role: z.enum(ROLES),
  requested_role: z.enum(ROLES).nullable(),
  department: z.string().nullable(),
});

export const RegisterResponseSchema = z.object({
  staff: StaffSchema,
  message: z.string(),
});
export type RegisterResponse = z.infer<typeof RegisterResponseSchema>;

export const SessionTokenRequestSchema = z.object({ session_token: z.string().max(200).optional() });

export const VerifySessionResponseSchema = z.object({ user: UserSchema });

/** Who is signed in, if anyone: the screens ask this on load, so a signed-out visit is not an error. */
export const SessionStateResponseSchema = z.object({ user: UserSchema.nullable() });

export const ForgotPasswordRequestSchema = z.object({ email: EmailSchema });
export const ForgotPasswordResponseSchema = z.object({ message: z.string() });
export type ForgotPasswordResponse = z.infer<typeof ForgotPasswordResponseSchema>;

export const ResetPasswordRequestSchema = z.object({
  token: z.string({ message: 'Token is required' }).trim().min(1, { message: 'Token is required' }).max(200),
  newPassword: PasswordFieldSchema,
});

export const VerifyEmailRequestSchema = z.object({
  token: z.string({ message: 'Token is required' }).trim().min(1, { message: 'Token is required' }).max(200),
});

/** What the sign-in screens need to know: Google offered; demo accounts with the published password present. */
export const AuthConfigResponseSchema = z.object({ googleEnabled: z.boolean(), demoData: z.boolean() });
export type AuthConfigResponse = z.infer<typeof AuthConfigResponseSchema>;

/** Its own module, without Zod, so the sign-in page does not download the schemas to show them. */
export { AUTH_MESSAGES } from './auth-messages';
