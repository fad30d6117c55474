import { CircleUser, GraduationCap, X } from 'lucide-react';
import { useEffect, useState } from 'react';
import { NavLink } from 'react-router';
import { cn } from '../../lib/cn';
import { useAuth } from '../../lib/session';
import { useAppearance } from '../appearance-provider';
import { visibleNavigation } from '../navigation';

export const SIDEBAR_ID = 'app-sidebar';

/**
 * The side navigation. Wide screens: a column, expanded (icons + labels) or collapsed (icons only).
 * Narrow screens: an overlay drawer over the page, hidden when closed.
 */
export function Sidebar({ open, isWide, onClose }: { open: boolean; isWide: boolean; onClose: () => void }) {
  const { user } = useAuth();
  const { system } = useAppearance();
  const items = visibleNavigation(user?.role ?? '');
  const collapsed = isWide && !open;
  // On a narrow screen the drawer's links are built the first time it opens, then kept (so that it
  // slides shut with them): a phone opening a page does not build twenty hidden links and icons in
  // the same task as the page it came for (issue 22: Lighthouse's blocking time on /dashboard).
  const [drawerOpened, setDrawerOpened] = useState(open);
  if (open && !drawerOpened) setDrawerOpened(true);
  const showLinks = isWide || drawerOpened;

  // Esc closes the overlay drawer.
  useEffect(() => {
    if (isWide || !open) return;
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && onClose();
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [isWide, open, onClose]);

  return (
    <>
      {!isWide && open && (
        <div aria-hidden="true" className="fixed inset-0 z-30 bg-scrim/40" onClick={onClose} />
      )}
      <aside
        id={SIDEBAR_ID}
        aria-label="Sidebar"
        className={cn(
          'z-40 flex shrink-0 flex-col border-r border-slate-200 bg-white',
          isWide
            ? cn(
                'sticky top-0 h-dvh transition-[width] duration-200 motion-reduce:transition-none',
                collapsed ? 'w-[4.5rem]' : 'w-64',
              )
            : cn(
                'fixed inset-y-0 left-0 w-72 shadow-xl transition-transform duration-200 motion-reduce:transition-none',
                open ? 'translate-x-0' : 'invisible -translate-x-full',
              ),
        )}
      >
        <div
          className={cn(
            'flex h-16 items-center gap-3 border-b border-slate-100',
            collapsed ? 'justify-center px-2' : 'px-5',
          )}
        >
          <span className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-primary text-primary-foreground">
            <GraduationCap aria-hidden="true" className="size-5" />
          </span>
          {!collapsed && (
            <span className="min-w-0 leading-tight">
              <span className="block truncate text-sm font-semibold text-slate-900">{system.systemName}</span>
              <span className="block truncate text-xs text-slate-500">{system.organizationName}</span>
            </span>
          )}
          {!isWide && (
            <button
              type="button"
              onClick={onClose}
              aria-label="Close sidebar"
              className="ml-auto rounded-md p-1.5 text-slate-500 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-primary"
            >
              <X aria-hidden="true" className="size-5" />
            </button>
          )}
        </div>
        {showLinks && (
          <nav aria-label="Main" className="flex-1 overflow-y-auto p-3">
            <ul className="space-y-1">
              {items.map(({ to, label, icon: Icon }) => (
                <li key={to}>
                  <NavLink
                    to={to}
                    title={collapsed ? label : undefined}
                    className={({ isActive }) =>
                      cn(
                        'flex h-10 items-center gap-3 rounded-lg text-sm font-medium transition-colors focus-visible:outline-2 focus-visible:outline-primary',
                        collapsed ? 'justify-center px-0' : 'px-3',
                        isActive
                          ? 'bg-primary-soft text-primary-active'
                          : 'text-slate-700 hover:bg-slate-100 hover:text-slate-900',
                      )
                    }
                  >
                    <Icon aria-hidden="true" className="size-5 shrink-0" />
                    <span className={collapsed ? 'sr-only' : 'truncate'}>{label}</span>
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
        )}
        {/* On a narrow screen the top bar has no room for the name: the profile is reached here. */}
        {!isWide && showLinks && (
          <div className="border-t border-slate-200 p-3">
            <NavLink
              to="/account"
              className="flex h-10 items-center gap-3 rounded-lg px-3 text-sm font-medium text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-primary"
            >
              <CircleUser aria-hidden="true" className="size-5 shrink-0" />
              <span className="truncate">My Profile</span>
            </NavLink>
          </div>
        )}
      </aside>
    </>
  );
}
