import { Card, CardBody, CardHeader } from '../../components/ui';
import { useSmsMessages } from './sms.queries';
import { SmsMessagesTab } from './sms-messages-tab';

/**
 * The texts the programme sent to the signed-in person, on their own profile. Shown once there is
 * one: where no gateway is set up, or nobody has texted them, the profile stays as it was.
 */
export function MyTextMessages({ userId }: { userId: string }) {
  const firstPage = useSmsMessages({ user_id: userId }, 1);
  if (!firstPage.data || firstPage.data.total === 0) return null;
  return (
    <Card aria-label="Text messages">
      <CardHeader
        title="Text messages"
        description={
          "Texts the programme sent you, each with the number it went to: your student record's contact number when it has one, else your account's phone. Reply STOP to any of them to receive no more, or START to receive them again."
        }
      />
      <CardBody>
        <SmsMessagesTab of={{ user_id: userId }} />
      </CardBody>
    </Card>
  );
}
