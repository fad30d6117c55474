import { Construction } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClasses } from '../components/ui';
import { NoticePage } from './notice-page';

/** The page of an area whose screen is not built yet: it says so plainly, and offers the way back. */
export function NotBuiltYet({ title }: { title: string }) {
  return (
    <NoticePage
      icon={Construction}
      iconTone="bg-amber-50 text-amber-700"
      title={title}
      message={`${title} is not available yet. Nothing here can be viewed or changed until it is built.`}
    >
      <Link to="/dashboard" className={buttonClasses('secondary', 'md', 'mt-6')}>
        Back to the dashboard
      </Link>
    </NoticePage>
  );
}
