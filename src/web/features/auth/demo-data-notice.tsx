import { FlaskConical } from 'lucide-react';
import { cn } from '../../lib/cn';
import { useAuthConfig } from './auth.queries';

const EXPLANATION =
  'This server holds demo accounts whose password is published. It answers only on this machine until those passwords are changed.';

/**
 * Says plainly that the data here is demo data (docs/product.md D18): on the sign-in pages as a banner,
 * in the top bar as a badge. Nothing is shown once no account has the published password.
 */
export function DemoDataNotice({
  variant = 'banner',
  className,
}: {
  variant?: 'banner' | 'badge';
  className?: string;
}) {
  const config = useAuthConfig();
  if (!config.data?.demoData) return null;
  if (variant === 'badge') {
    return (
      <span
        title={EXPLANATION}
        className={cn(
          'inline-flex shrink-0 items-center gap-1 rounded-full border border-amber-300 bg-amber-50 px-2 py-1 text-xs font-semibold text-amber-900 sm:px-2.5',
          className,
        )}
      >
        <FlaskConical aria-hidden="true" className="size-3.5" />
        {/* On a phone the top bar is narrow: the search keeps its room, the badge its flask. */}
        <span className="sr-only sm:not-sr-only">Demo data</span>
      </span>
    );
  }
  return (
    <div
      role="note"
      className={cn('rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900', className)}
    >
      <p className="flex items-center gap-1.5 font-semibold">
        <FlaskConical aria-hidden="true" className="size-4" />
        Demo data
      </p>
      <p className="mt-1">{EXPLANATION}</p>
    </div>
  );
}
