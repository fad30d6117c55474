import { NOTIFICATION_SWITCHES, SMS_UNAVAILABLE, type SystemSettings } from '../../../domain/settings';
import { Card, CardBody, CardHeader } from '../../components/ui';
import { SmsMonthSummary } from '../sms';
import { SettingSwitch, Switch } from './settings-fields';

type NotificationKey = keyof SystemSettings['notifications'];

/**
 * One switch per kind of notification, each saying what it decides. SMS can be turned on only
 * where the server has a gateway (the server says so, and refuses it otherwise).
 */
export function NotificationsTab({ smsAvailable }: { smsAvailable: boolean }) {
  const keys = Object.keys(NOTIFICATION_SWITCHES) as NotificationKey[];
  return (
    <>
      <Card>
        <CardHeader
          title="Notifications"
          description="What the bell, the emails and the text messages tell people. Sign-in emails (verification, password reset, invitation) always go."
        />
        <CardBody className="divide-y divide-slate-100 py-1">
          {keys.map((key) => {
            const { label, description } = NOTIFICATION_SWITCHES[key];
            // No gateway: shown so nobody looks for it, but it cannot be turned on.
            if (key === 'smsNotifications' && !smsAvailable)
              return (
                <Switch key={key} label={label} description={SMS_UNAVAILABLE} checked={false} disabled />
              );
            // Each kind of text needs SMS: without a gateway its switch is shown off and cannot change.
            if (key.startsWith('sms') && !smsAvailable)
              return <Switch key={key} label={label} description={description} checked={false} disabled />;
            return (
              <SettingSwitch
                key={key}
                name={`notifications.${key}`}
                label={label}
                description={description}
              />
            );
          })}
        </CardBody>
      </Card>
      {smsAvailable && <SmsMonthSummary />}
    </>
  );
}
