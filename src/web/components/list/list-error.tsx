import { Alert, Button } from '../ui';

/** A list that could not be loaded: what went wrong, and a Retry button. */
export function ListError({
  title,
  message,
  onRetry,
  retrying,
}: {
  title: string;
  message: string;
  onRetry: () => void;
  retrying: boolean;
}) {
  return (
    <div className="space-y-3 p-4">
      <Alert tone="error" title={title}>
        {message}
      </Alert>
      <Button variant="secondary" onClick={onRetry} loading={retrying} loadingText="Retrying...">
        Retry
      </Button>
    </div>
  );
}
