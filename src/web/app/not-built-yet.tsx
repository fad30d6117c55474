import { Construction } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClasses } from '../components/ui';

/** The page of an area whose screen is not built yet: it says so plainly, and offers the way back. */
export function NotBuiltYet({ title }: { title: string }) {
  return (
    <div className="flex min-h-[60vh] items-center justify-center">
      <div className="w-full max-w-md rounded-xl border border-slate-200 bg-white p-8 text-center shadow-sm">
        <span className="mx-auto mb-4 flex size-14 items-center justify-center rounded-full bg-amber-50 text-amber-700">
          <Construction aria-hidden="true" className="size-7" />
        </span>
        <h1 className="text-xl font-semibold text-slate-900">{title}</h1>
        <p className="mt-2 text-sm text-slate-600">
          {title} is not available yet. Nothing here can be viewed or changed until it is built.
        </p>
        <Link to="/dashboard" className={buttonClasses('secondary', 'md', 'mt-6')}>
          Back to the dashboard
        </Link>
      </div>
    </div>
  );
}
