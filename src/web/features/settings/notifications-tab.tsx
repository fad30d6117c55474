import { NOTIFICATION_SWITCHES, type SystemSettings } from '../../../domain/settings';
import { Card, CardBody, CardHeader } from '../../components/ui';
import { SettingSwitch, Switch } from './settings-fields';

type NotificationKey = keyof SystemSettings['notifications'];

/** One switch per kind of notification, each saying what it decides; SMS stays off. */
export function NotificationsTab() {
  const keys = Object.keys(NOTIFICATION_SWITCHES) as NotificationKey[];
  return (
    <Card>
      <CardHeader
        title="Notifications"
        description="What the bell and the emails tell people. Sign-in emails (verification, password reset, invitation) always go."
      />
      <CardBody className="divide-y divide-slate-100 py-1">
        {keys.map((key) => {
          const { label, description } = NOTIFICATION_SWITCHES[key];
          // No SMS gateway: shown so nobody looks for it, but it cannot be turned on.
          if (key === 'smsNotifications')
            return <Switch key={key} label={label} description={description} checked={false} disabled />;
          return (
            <SettingSwitch key={key} name={`notifications.${key}`} label={label} description={description} />
          );
        })}
      </CardBody>
    </Card>
  );
}
