import { useFormContext, useWatch } from 'react-hook-form';
import {
  SETTINGS_LIMITS as L,
  type PasswordPolicy,
  passwordRuleText,
  SECURITY_TAKES_EFFECT,
  type SystemSettings,
} from '../../../domain/settings';
import { Alert, Card, CardBody, CardHeader } from '../../components/ui';
import { SettingSwitch, WholeNumberField } from './settings-fields';

/** The sentence every password field will show, as the policy now reads in the form. */
function RulePreview({ saved }: { saved: PasswordPolicy }) {
  const { control } = useFormContext<SystemSettings>();
  const policy = useWatch({ control, name: 'security.passwordPolicy' });
  // While the length box holds no whole number, the saved length stands in for it.
  const minLength = Number.isInteger(policy.minLength) ? policy.minLength : saved.minLength;
  return (
    <p aria-live="polite" className="rounded-lg bg-slate-50 px-3 py-2 text-sm text-slate-700">
      <span className="font-medium text-slate-900">New passwords: </span>
      {passwordRuleText({ ...policy, minLength })}
    </p>
  );
}

/** Password policy, session timeout, lockout and two-factor sign-in. */
export function SecurityTab({ savedPolicy }: { savedPolicy: PasswordPolicy }) {
  return (
    <div className="space-y-4">
      <Alert tone="info">{SECURITY_TAKES_EFFECT}</Alert>
      <Card>
        <CardHeader title="Password policy" description="What every new or changed password must be." />
        <CardBody className="space-y-4">
          <WholeNumberField
            name="security.passwordPolicy.minLength"
            label="Minimum password length"
            limits={L.minPasswordLength}
            unit="characters"
          />
          <div className="divide-y divide-slate-100">
            <SettingSwitch
              name="security.passwordPolicy.requireUppercase"
              label="Require uppercase letters"
            />
            <SettingSwitch
              name="security.passwordPolicy.requireLowercase"
              label="Require lowercase letters"
            />
            <SettingSwitch name="security.passwordPolicy.requireNumbers" label="Require numbers" />
            <SettingSwitch
              name="security.passwordPolicy.requireSpecialChars"
              label="Require special characters"
            />
          </div>
          <WholeNumberField
            name="security.passwordPolicy.expiryDays"
            label="Password expiry (days)"
            limits={L.expiryDays}
            hint="0 means passwords never expire."
            unit="days"
          />
          <RulePreview saved={savedPolicy} />
        </CardBody>
      </Card>
      <Card>
        <CardHeader title="Sign-in and sessions" />
        <CardBody className="grid gap-5 md:grid-cols-2">
          <WholeNumberField
            name="security.sessionTimeout"
            label="Session timeout (minutes)"
            limits={L.sessionTimeoutMinutes}
            hint="A session ends after this many minutes without activity."
            unit="minutes"
          />
          <WholeNumberField
            name="security.loginAttempts"
            label="Maximum login attempts"
            limits={L.loginAttempts}
            hint="Then the account is locked for 15 minutes."
          />
          <div className="md:col-span-2">
            <SettingSwitch
              name="security.twoFactorAuth"
              label="Two-factor authentication"
              description="On: every staff account that signs in with a password must set up an authenticator app before it goes on, then give a code from it when signing in."
            />
          </div>
        </CardBody>
      </Card>
    </div>
  );
}
