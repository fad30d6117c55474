import { LogOut, Menu, Search } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router';
import { isStaffRole, roleLabel } from '../../../domain/roles';
import { toast } from '../../components/ui';
import { DemoDataNotice } from '../../features/auth';
import { useAuth } from '../../lib/session';
import { NotificationBell } from '../notification-bell';
import { SIDEBAR_ID } from './sidebar';

/** The bar above every signed-in page: sidebar toggle, search, bell, who is signed in, logout. */
export function TopBar({
  sidebarOpen,
  onToggleSidebar,
}: {
  sidebarOpen: boolean;
  onToggleSidebar: () => void;
}) {
  const { user, logout } = useAuth();
  const navigate = useNavigate();
  const [query, setQuery] = useState('');
  const [signingOut, setSigningOut] = useState(false);

  const onSearch = (event: FormEvent) => {
    event.preventDefault();
    const q = query.trim();
    if (!q || !user) return;
    // Students is the first searchable area; the students screen reads ?q.
    if (isStaffRole(user.role)) navigate(`/students?q=${encodeURIComponent(q)}`);
    else toast.info('Search is available to staff accounts.');
  };

  const onLogout = async () => {
    setSigningOut(true);
    try {
      await logout();
    } finally {
      setSigningOut(false);
    }
  };

  const name = user?.name ?? '';
  const initial = name.trim().charAt(0).toUpperCase() || '?';

  return (
    <header className="sticky top-0 z-20 flex h-16 items-center gap-2 border-b border-slate-200 bg-white/95 px-3 backdrop-blur sm:gap-3 sm:px-4">
      <button
        type="button"
        onClick={onToggleSidebar}
        aria-label="Toggle sidebar"
        aria-expanded={sidebarOpen}
        aria-controls={SIDEBAR_ID}
        className="flex size-10 shrink-0 items-center justify-center rounded-lg text-slate-600 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-primary"
      >
        <Menu aria-hidden="true" className="size-5" />
      </button>

      <search className="min-w-0 flex-1 md:max-w-md">
        <form onSubmit={onSearch}>
          <label htmlFor="global-search" className="sr-only">
            Search
          </label>
          <div className="relative">
            <Search
              aria-hidden="true"
              className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-400"
            />
            <input
              id="global-search"
              type="search"
              value={query}
              onChange={(e) => setQuery(e.target.value)}
              placeholder="Search students, tasks, issues..."
              className="h-10 w-full rounded-lg border border-slate-200 bg-slate-50 pr-3 pl-9 text-sm text-slate-900 placeholder:text-slate-500 focus:border-primary focus:bg-white focus:outline-2 focus:outline-offset-0 focus:outline-primary/30"
            />
          </div>
        </form>
      </search>

      <div className="ml-auto flex items-center gap-1 sm:gap-2">
        <DemoDataNotice variant="badge" />
        <NotificationBell />
        <div className="flex items-center gap-3 border-l border-slate-200 pl-2 sm:pl-3">
          <span
            aria-hidden="true"
            className="flex size-9 shrink-0 items-center justify-center rounded-full bg-primary text-sm font-semibold text-white"
          >
            {initial}
          </span>
          <div className="hidden min-w-0 leading-tight md:block">
            <p className="max-w-[12rem] truncate text-sm font-medium text-slate-900">{name}</p>
            <p className="text-xs text-slate-500 capitalize">{roleLabel(user?.role ?? '')}</p>
          </div>
        </div>
        <button
          type="button"
          onClick={onLogout}
          disabled={signingOut}
          className="flex h-10 items-center gap-2 rounded-lg px-2.5 text-sm font-medium text-slate-600 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-primary disabled:opacity-60 sm:px-3"
        >
          <LogOut aria-hidden="true" className="size-5" />
          <span className="sr-only sm:not-sr-only">Logout</span>
        </button>
      </div>
    </header>
  );
}
