import { z } from 'zod';

/*
 * Two-factor sign-in (docs/product.md D13): an authenticator app's six-digit codes (TOTP), set up
 * from My Profile, asked for after the password at every staff ID sign-in of an enrolled account.
 */

export const TWO_FACTOR_MESSAGES = {
  wrongCode: 'That code is not right. Check your authenticator and try again.',
  wrongSignInCode:
    'That code is not right, or it was already used. Enter the newest code from your authenticator app.',
  wrongRecoveryCode: 'That recovery code is not right, or it was already used.',
  challengeEnded: 'This sign-in has ended (too slow, or too many wrong codes). Please sign in again.',
  noPendingSetup: 'Start the setup again: choose "Set up" to get a new secret.',
  googleOnly:
    'This account signs in with Google, which has its own checks: two-factor sign-in is for accounts with a password.',
  cannotDisable: 'Two-factor sign-in is required by the system settings, so it cannot be turned off.',
  notEnabled: 'Two-factor sign-in is not on for this account.',
  wrongPassword: 'Your password is not correct.',
  disabled: 'Two-factor sign-in is off.',
  saveRecoveryCodes: 'Save these now; they are shown once.',
} as const;

/** Six digits, spaces allowed (apps show "123 456"). */
export const TotpCodeSchema = z
  .string({ message: 'Enter the 6-digit code from your authenticator app' })
  .transform((v) => v.replace(/\s/g, ''))
  .pipe(z.string().regex(/^\d{6}$/, { message: 'Enter the 6-digit code from your authenticator app' }));

/** `abcde-12345`, any case, spaces ignored. */
export const RecoveryCodeSchema = z
  .string({ message: 'Enter one of your recovery codes' })
  .transform((v) => v.replace(/\s/g, '').toLowerCase())
  .pipe(z.string().regex(/^[a-z]{5}-?\d{5}$/, { message: 'A recovery code looks like abcde-12345' }));

export const TwoFactorSetupResponseSchema = z.object({
  /** Base32, for typing into an app that cannot scan. */
  secret: z.string(),
  otpauth_url: z.string(),
});
export type TwoFactorSetupResponse = z.infer<typeof TwoFactorSetupResponseSchema>;

export const TwoFactorConfirmRequestSchema = z.object({ code: TotpCodeSchema });

export const TwoFactorConfirmResponseSchema = z.object({ recovery_codes: z.array(z.string()) });
export type TwoFactorConfirmResponse = z.infer<typeof TwoFactorConfirmResponseSchema>;

export const TwoFactorStatusSchema = z
  .object({
    enabled: z.boolean(),
    enabled_at: z.string().nullable(),
    recovery_codes_left: z.number().int(),
    /** System Settings' two-factor switch: on, accounts with a password must use it. */
    required: z.boolean(),
  })
  .meta({ id: 'TwoFactorStatus' });
export type TwoFactorStatus = z.infer<typeof TwoFactorStatusSchema>;

export const TwoFactorDisableRequestSchema = z.object({
  password: z
    .string({ message: 'Password is required' })
    .min(1, { message: 'Password is required' })
    .max(200),
});

/** The second step of a sign-in: the challenge from the login and a code or a recovery code. */
export const TwoFactorSignInRequestSchema = z
  .object({
    challenge_token: z
      .string({ message: 'Please sign in again.' })
      .min(1, { message: 'Please sign in again.' })
      .max(200),
    code: TotpCodeSchema.optional(),
    recovery_code: RecoveryCodeSchema.optional(),
  })
  .refine((v) => (v.code === undefined) !== (v.recovery_code === undefined), {
    message: 'Enter the 6-digit code from your authenticator app, or one recovery code',
    path: ['code'],
  });
export type TwoFactorSignInRequest = z.input<typeof TwoFactorSignInRequestSchema>;
