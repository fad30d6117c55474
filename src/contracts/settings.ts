import { z } from 'zod';
import {
  BACKUP_FREQUENCIES,
  CURRENCIES,
  DATE_FORMATS,
  SETTINGS_LIMITS as L,
  LANGUAGES,
  THEMES,
  TIME_ZONES,
} from '../domain/settings';
import { INT4_MAX } from './common';
import { choiceField, requiredTextField } from './fields';

/*
 * System Settings as the API reads and writes them (docs/product.md §3, D13): one validated
 * document, keys named as the spec names them, with the version it was read at.
 */

const wholeNumber = (label: string, { min, max }: { min: number; max: number }) =>
  z
    .number({ message: `${label} must be a whole number` })
    .int({ message: `${label} must be a whole number` })
    .min(min, { message: `${label} must be from ${min} to ${max}` })
    .max(max, { message: `${label} must be from ${min} to ${max}` });
const flag = (label: string) => z.boolean({ message: `${label} must be on or off` });

export const SystemSettingsSchema = z
  .object({
    general: z.object({
      systemName: requiredTextField('System name', 'System name is required', 80),
      organizationName: requiredTextField('Organisation name', 'Organisation name is required', 120),
      timezone: choiceField('Time zone', TIME_ZONES),
      language: choiceField('Language', LANGUAGES),
      currency: choiceField('Currency', CURRENCIES),
      dateFormat: choiceField('Date format', DATE_FORMATS),
      allowancePaymentDay: wholeNumber('Allowance payment day', L.allowancePaymentDay),
    }),
    security: z.object({
      passwordPolicy: z.object({
        minLength: wholeNumber('Minimum password length', L.minPasswordLength),
        requireUppercase: flag('Require uppercase'),
        requireLowercase: flag('Require lowercase'),
        requireNumbers: flag('Require numbers'),
        requireSpecialChars: flag('Require special characters'),
        expiryDays: wholeNumber('Password expiry (days)', L.expiryDays),
      }),
      sessionTimeout: wholeNumber('Session timeout (minutes)', L.sessionTimeoutMinutes),
      twoFactorAuth: flag('Two-factor authentication'),
      loginAttempts: wholeNumber('Maximum login attempts', L.loginAttempts),
    }),
    notifications: z.object({
      emailNotifications: flag('Email notifications'),
      smsNotifications: flag('SMS notifications'),
      pushNotifications: flag('Push notifications'),
      allowanceReminders: flag('Allowance reminders'),
      taskDeadlines: flag('Task deadlines'),
      systemUpdates: flag('System updates'),
      smsAllowancePaid: flag('SMS: allowance paid'),
      smsEventReminders: flag('SMS: event reminders'),
      smsUrgentAnnouncements: flag('SMS: urgent announcements'),
      smsDailySummary: flag('SMS: daily summary'),
    }),
    appearance: z.object({
      theme: choiceField('Theme', THEMES),
      primaryColor: z
        .string({ message: 'Primary colour must be a colour such as #059669' })
        .regex(/^#[0-9a-fA-F]{6}$/, { message: 'Primary colour must be a colour such as #059669' })
        .transform((v) => v.toLowerCase()),
      sidebarCollapsed: flag('Sidebar collapsed'),
      compactMode: flag('Compact mode'),
    }),
    backup: z.object({
      autoBackup: flag('Automatic backups'),
      backupFrequency: choiceField('Backup frequency', BACKUP_FREQUENCIES),
      retentionDays: wholeNumber('Keep backups (days)', L.retentionDays),
    }),
  })
  .meta({ id: 'SystemSettings' });

const VERSION = `version must be a whole number from 0 to ${INT4_MAX}`;
/** The version a save read: what the settings row's integer column holds. */
const VersionSchema = z
  .number({ message: VERSION })
  .int({ message: VERSION })
  .min(0, VERSION)
  .max(INT4_MAX, VERSION);

/** What GET answers and PUT sends back: the whole document and the version it was read at. */
export const SettingsEnvelopeSchema = z
  .object({
    version: VersionSchema,
    settings: SystemSettingsSchema,
  })
  .meta({ id: 'SettingsEnvelope' });
export type SettingsEnvelope = z.output<typeof SettingsEnvelopeSchema>;

export const SettingsResponseSchema = SettingsEnvelopeSchema.extend({
  updated_at: z.string().nullable(),
  updated_by_name: z.string().nullable(),
  /** Whether the server has an SMS gateway (SMS_URL): without one SMS notifications stay off. */
  sms_available: z.boolean(),
}).meta({ id: 'SettingsResponse' });
export type SettingsResponse = z.infer<typeof SettingsResponseSchema>;

export const SettingsResetSchema = z.object({ version: VersionSchema.optional() });

/** What every page needs before or after sign-in. */
export const PublicSettingsSchema = z
  .object({
    system_name: z.string(),
    organization_name: z.string(),
    timezone: z.enum(TIME_ZONES),
    date_format: z.enum(DATE_FORMATS),
    currency: z.enum(CURRENCIES),
    /** The password policy in force, for the hints and live checks of every password field. */
    password_policy: z.object({
      min_length: z.number().int(),
      require_uppercase: z.boolean(),
      require_lowercase: z.boolean(),
      require_numbers: z.boolean(),
      require_special_chars: z.boolean(),
    }),
    /** The policy in one sentence ('At least 8 characters, with ...'). */
    password_rule: z.string(),
    appearance: z.object({
      theme: z.enum(THEMES),
      primary_color: z.string(),
      sidebar_collapsed: z.boolean(),
      compact_mode: z.boolean(),
    }),
  })
  .meta({ id: 'PublicSettings' });
export type PublicSettings = z.infer<typeof PublicSettingsSchema>;
