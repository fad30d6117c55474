import { Alert, Button } from '../../components/ui';
import { errorMessage } from '../../lib/api';

/** The metrics or their records could not be read: why, and a way to ask again. */
export function MetricsFailure({
  title,
  query,
}: {
  title: string;
  query: { error: unknown; refetch: () => unknown };
}) {
  return (
    <Alert tone="error" title={title}>
      <p>
        {errorMessage(query.error, {
          failed: 'The server could not provide them.',
          network: 'The server could not be reached. Check your connection.',
        })}
      </p>
      <Button variant="secondary" size="sm" className="mt-2" onClick={() => void query.refetch()}>
        Try again
      </Button>
    </Alert>
  );
}
