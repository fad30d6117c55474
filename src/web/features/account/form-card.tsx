import { type FormEventHandler, type ReactNode, useId } from 'react';
import { Button, Card, CardBody, CardHeader } from '../../components/ui';

/**
 * One of My Profile's forms in a card of its own: the form is named by the card's title, its
 * fields are shut while it saves, and its submit button stands at the foot.
 */
export function FormCard({
  title,
  description,
  onSubmit,
  busy,
  submitLabel,
  pendingLabel,
  children,
}: {
  title: string;
  description: string;
  onSubmit: FormEventHandler<HTMLFormElement>;
  busy: boolean;
  submitLabel: string;
  pendingLabel: string;
  children: ReactNode;
}) {
  const titleId = useId();
  return (
    <Card>
      <CardHeader title={<span id={titleId}>{title}</span>} description={description} />
      <form noValidate onSubmit={onSubmit} aria-labelledby={titleId}>
        <CardBody>
          <fieldset disabled={busy} className="min-w-0 space-y-4">
            {children}
          </fieldset>
          <div className="mt-6 flex justify-end">
            <Button type="submit" loading={busy} loadingText={pendingLabel} className="w-full sm:w-auto">
              {submitLabel}
            </Button>
          </div>
        </CardBody>
      </form>
    </Card>
  );
}
