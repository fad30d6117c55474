/**
 * System Settings (docs/product.md §2 System Settings, §3, §9, D13): the document's choices, its
 * defaults, and the password policy's check. Pure: the server and the screens share it.
 */

export const TIME_ZONES = ['Africa/Lusaka', 'Africa/Harare', 'UTC'] as const;
export const LANGUAGES = ['English'] as const;
export const CURRENCIES = ['ZMW', 'USD', 'EUR'] as const;
export const DATE_FORMATS = ['DD/MM/YYYY', 'MM/DD/YYYY', 'YYYY-MM-DD'] as const;
export const THEMES = ['light', 'dark', 'auto'] as const;
export const BACKUP_FREQUENCIES = ['daily', 'weekly', 'monthly'] as const;

export const SETTINGS_LIMITS = {
  minPasswordLength: { min: 6, max: 64 },
  expiryDays: { min: 0, max: 365 },
  sessionTimeoutMinutes: { min: 5, max: 720 },
  loginAttempts: { min: 3, max: 10 },
  retentionDays: { min: 1, max: 365 },
  /** Every month has a 28th, so any day allowed falls inside the month. */
  allowancePaymentDay: { min: 1, max: 28 },
} as const;

export interface PasswordPolicy {
  minLength: number;
  requireUppercase: boolean;
  requireLowercase: boolean;
  requireNumbers: boolean;
  requireSpecialChars: boolean;
  /** Days a password lasts; 0 means it never expires. */
  expiryDays: number;
}

/** What a new password must be; the expiry is about passwords already set. */
export type PasswordRules = Omit<PasswordPolicy, 'expiryDays'>;

export interface SystemSettings {
  general: {
    systemName: string;
    organizationName: string;
    timezone: (typeof TIME_ZONES)[number];
    language: (typeof LANGUAGES)[number];
    currency: (typeof CURRENCIES)[number];
    dateFormat: (typeof DATE_FORMATS)[number];
    /**
     * The day of the month by which a month's allowances should be paid: the dashboard's On-time
     * Allowance Distribution counts those paid on or before it (docs/product.md §2 Dashboard).
     */
    allowancePaymentDay: number;
  };
  security: {
    passwordPolicy: PasswordPolicy;
    /** Minutes of inactivity before a session ends. */
    sessionTimeout: number;
    twoFactorAuth: boolean;
    /** Failed sign-ins before the 15-minute lockout. */
    loginAttempts: number;
  };
  notifications: {
    emailNotifications: boolean;
    /** Text messages; on only where the server has a gateway (SMS_URL), the server decides (D13). */
    smsNotifications: boolean;
    pushNotifications: boolean;
    allowanceReminders: boolean;
    taskDeadlines: boolean;
    systemUpdates: boolean;
    /** Each kind of text message, under the SMS switch as the areas are under the email one (D16). */
    smsAllowancePaid: boolean;
    smsEventReminders: boolean;
    smsUrgentAnnouncements: boolean;
    smsDailySummary: boolean;
  };
  appearance: {
    theme: (typeof THEMES)[number];
    primaryColor: string;
    sidebarCollapsed: boolean;
    compactMode: boolean;
  };
  backup: {
    autoBackup: boolean;
    backupFrequency: (typeof BACKUP_FREQUENCIES)[number];
    retentionDays: number;
  };
}

/** Spec §9's defaults ('Reset to Defaults'); the names are the programme's own (§9 omits them). */
export const DEFAULT_SETTINGS: SystemSettings = {
  general: {
    systemName: 'CHL Back-office',
    organizationName: 'Student sponsorship',
    timezone: 'Africa/Lusaka',
    language: 'English',
    currency: 'ZMW',
    dateFormat: 'DD/MM/YYYY',
    allowancePaymentDay: 25,
  },
  security: {
    passwordPolicy: {
      minLength: 8,
      requireUppercase: true,
      requireLowercase: true,
      requireNumbers: true,
      requireSpecialChars: true,
      expiryDays: 90,
    },
    sessionTimeout: 30,
    twoFactorAuth: false,
    loginAttempts: 5,
  },
  notifications: {
    emailNotifications: true,
    smsNotifications: false,
    pushNotifications: true,
    allowanceReminders: true,
    taskDeadlines: true,
    systemUpdates: true,
    smsAllowancePaid: true,
    smsEventReminders: true,
    smsUrgentAnnouncements: true,
    smsDailySummary: true,
  },
  appearance: { theme: 'light', primaryColor: '#059669', sidebarCollapsed: false, compactMode: false },
  backup: { autoBackup: true, backupFrequency: 'daily', retentionDays: 30 },
};

export const SMS_UNAVAILABLE =
  'SMS needs a gateway, and this server has none configured (SMS_URL), so it stays off.';

/**
 * What a password lacks under the policy, each as the sentence the screens and the server show
 * ('Password must be at least 8 characters long'); empty when it passes.
 */
export function passwordProblems(password: string, policy: PasswordRules): string[] {
  const problems: string[] = [];
  if (password.length < policy.minLength)
    problems.push(`Password must be at least ${policy.minLength} characters long`);
  if (policy.requireUppercase && !/[A-Z]/.test(password))
    problems.push('Password must contain an uppercase letter');
  if (policy.requireLowercase && !/[a-z]/.test(password))
    problems.push('Password must contain a lowercase letter');
  if (policy.requireNumbers && !/[0-9]/.test(password)) problems.push('Password must contain a number');
  if (policy.requireSpecialChars && !/[^A-Za-z0-9]/.test(password))
    problems.push('Password must contain a special character (such as ! # $ %)');
  return problems;
}

/** The policy in one sentence, for the hint under a password field. */
export function passwordRuleText(policy: PasswordRules): string {
  const parts = [
    policy.requireUppercase && 'an uppercase letter',
    policy.requireLowercase && 'a lowercase letter',
    policy.requireNumbers && 'a number',
    policy.requireSpecialChars && 'a special character',
  ].filter((p): p is string => Boolean(p));
  const classes =
    parts.length === 0
      ? ''
      : `, with ${parts.slice(0, -1).join(', ')}${parts.length > 1 ? ' and ' : ''}${parts.at(-1)}`;
  return `At least ${policy.minLength} characters${classes}.`;
}

/** Whether a password set at `changedAt` has expired by `now` under the policy. */
export function isPasswordExpired(changedAt: Date | null, now: Date, policy: PasswordPolicy): boolean {
  if (policy.expiryDays === 0 || changedAt === null) return false;
  return now.getTime() - changedAt.getTime() >= policy.expiryDays * 86_400_000;
}

export const SETTINGS_MESSAGES = {
  saved: 'Settings saved.',
  reset: 'Settings reset to defaults.',
  stale:
    'Someone else changed the settings since you opened them. Reload to see their changes, then make yours again.',
} as const;

/**
 * What each notification switch decides (D16), in the words the Notifications tab shows. The
 * sign-in emails (verification, password reset, invitation) always go: without them nobody could
 * sign in.
 */
export const NOTIFICATION_SWITCHES = {
  emailNotifications: {
    label: 'Email notifications',
    description:
      'The daily email of waiting items and the email telling a user their role request was decided.',
  },
  smsNotifications: {
    label: 'SMS notifications',
    description:
      'Text messages to students and staff through the SMS gateway, outside 20:00-07:00; numbers that reply STOP receive none.',
  },
  pushNotifications: {
    label: 'Push notifications',
    description: 'The bell in the top bar. Off, it lists nothing for anyone.',
  },
  allowanceReminders: {
    label: 'Allowance reminders',
    description: 'Allowances waiting for a review or payment, in the bell and the daily email.',
  },
  taskDeadlines: {
    label: 'Task deadlines',
    description: 'Tasks due or overdue, in the bell and the daily email.',
  },
  systemUpdates: {
    label: 'System updates',
    description: 'New announcements and upcoming events, in the bell and the daily email.',
  },
  smsAllowancePaid: {
    label: 'SMS: allowance paid',
    description:
      'A text to the student when their allowance is paid: the amount, the month and how it was paid.',
  },
  smsEventReminders: {
    label: 'SMS: event reminders',
    description: 'A text, the day before, to each student registered for an event.',
  },
  smsUrgentAnnouncements: {
    label: 'SMS: urgent announcements',
    description: 'A text to students when an urgent announcement for them is published.',
  },
  smsDailySummary: {
    label: 'SMS: daily summary',
    description: 'One text a morning to staff who chose it, saying what waits for them.',
  },
} as const satisfies Record<keyof SystemSettings['notifications'], { label: string; description: string }>;

/** What the Security tab says instead of the spec's 'require system restart' warning. */
export const SECURITY_TAKES_EFFECT =
  'Changes to security settings take effect at once for every user, without a restart: new passwords follow the policy, idle sessions end after the timeout, and with two-factor sign-in on, every staff account that signs in with a password must set up an authenticator before it goes on.';

/** The fields of a backup (Backup & Data) as its History and the Activity Log name them (domain/audit-labels.ts). */
export const BACKUP_FIELD_LABELS: Readonly<Record<string, string>> = {
  file_name: 'File name',
  size_bytes: 'Size (bytes)',
  kind: 'Kind',
  slot: 'Slot',
  status: 'Status',
  created_by_id: 'Created by',
  created_by_name: 'Created by name',
  // Recorded with a restore.
  backup_created_at: 'Backup made at',
  tables: 'Tables restored',
  rows: 'Rows restored',
};

/**
 * Each setting as System Settings labels it, by its path in SystemSettings: its History and the
 * Activity Log name a changed setting so (domain/audit-labels.ts).
 */
export const SETTING_LABELS: Readonly<Record<string, string>> = {
  'general.systemName': 'System name',
  'general.organizationName': 'Organisation name',
  'general.timezone': 'Time zone',
  'general.language': 'Language',
  'general.currency': 'Currency',
  'general.dateFormat': 'Date format',
  'general.allowancePaymentDay': 'Allowance payment day',
  'security.passwordPolicy.minLength': 'Minimum password length',
  'security.passwordPolicy.requireUppercase': 'Require uppercase letters',
  'security.passwordPolicy.requireLowercase': 'Require lowercase letters',
  'security.passwordPolicy.requireNumbers': 'Require numbers',
  'security.passwordPolicy.requireSpecialChars': 'Require special characters',
  'security.passwordPolicy.expiryDays': 'Password expiry (days)',
  'security.sessionTimeout': 'Session timeout (minutes)',
  'security.twoFactorAuth': 'Two-factor authentication',
  'security.loginAttempts': 'Maximum login attempts',
  ...Object.fromEntries(
    Object.entries(NOTIFICATION_SWITCHES).map(([key, { label }]) => [`notifications.${key}`, label]),
  ),
  'appearance.theme': 'Theme',
  'appearance.primaryColor': 'Primary colour',
  'appearance.sidebarCollapsed': 'Sidebar collapsed by default',
  'appearance.compactMode': 'Compact mode',
  'backup.autoBackup': 'Automatic backups',
  'backup.backupFrequency': 'Backup frequency',
  'backup.retentionDays': 'Keep backups (days)',
};

/** Every setting of a settings document under its path ('security.passwordPolicy.minLength'). */
export function settingLeaves(value: object, prefix = ''): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(value).flatMap(([key, v]) =>
      v !== null && typeof v === 'object'
        ? Object.entries(settingLeaves(v, `${prefix}${key}.`))
        : [[`${prefix}${key}`, v]],
    ),
  );
}

/** A setting's label, or its path where it has none. */
export function settingLabel(path: string): string {
  return SETTING_LABELS[path] ?? path;
}
