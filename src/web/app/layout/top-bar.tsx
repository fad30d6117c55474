import { Bell, LogOut, Menu, Moon, Sun } from 'lucide-react';
import { lazy, type ReactNode, Suspense, useState } from 'react';
import { Link } from 'react-router';
import { roleLabel } from '../../../domain/roles';
import { DemoDataNotice } from '../../features/auth';
import { SyncStatus, useSignOutCheck } from '../../features/offline';
import { GlobalSearch } from '../../features/search';
import { useAuth } from '../../lib/session';
import { useAfterFirstPaint } from '../../lib/use-after-first-paint';
import { useAppearance } from '../appearance-provider';
import { SIDEBAR_ID } from './sidebar';

// The theme menu and the bell need a menu library (Radix and floating-ui: more than half the code
// of the signed-in frame). It loads once the page has painted, their icons standing in until then,
// so that a phone's first screen does not wait for it (issue 22).
const loadMenus = () => import('./top-bar-menus');
const ThemeMenu = lazy(() => loadMenus().then((m) => ({ default: m.ThemeMenu })));
const NotificationBell = lazy(() => loadMenus().then((m) => ({ default: m.NotificationBell })));

/** The bar above every signed-in page: sidebar toggle, search, theme, bell, who is signed in, logout. */
export function TopBar({
  sidebarOpen,
  onToggleSidebar,
}: {
  sidebarOpen: boolean;
  onToggleSidebar: () => void;
}) {
  const { user, logout } = useAuth();
  const [signingOut, setSigningOut] = useState(false);

  // Work on the phone not yet synced is asked about before signing out (issue 48 item 3).
  const check = useSignOutCheck(logout);
  const onLogout = async () => {
    setSigningOut(true);
    try {
      await check.signOut();
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

      <GlobalSearch />

      <div className="ml-auto flex min-w-0 items-center gap-1 sm:gap-2">
        <SyncStatus />
        <DemoDataNotice variant="badge" />
        <AfterFirstPaint standIn={<ThemeIcon />}>
          <ThemeMenu />
        </AfterFirstPaint>
        <AfterFirstPaint standIn={<MenuIcon icon={<Bell aria-hidden="true" className="size-5" />} />}>
          <NotificationBell />
        </AfterFirstPaint>
        {/* The way to the user's own profile (on a phone it gives way to the search box; the sidebar has it). */}
        {/*
          Named by what it shows (the name and role) after 'My Profile', so speech control finds it
          by its visible words; the initial is drawn, not text, as it is no part of the name.
        */}
        <Link
          to="/account"
          title="My Profile"
          className="hidden items-center gap-3 rounded-lg border-l border-slate-200 pl-3 pr-2 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-primary sm:flex"
        >
          <span className="sr-only">My Profile: </span>
          <span
            aria-hidden="true"
            data-initial={initial}
            className="flex size-9 shrink-0 items-center justify-center rounded-full bg-primary text-sm font-semibold text-primary-foreground before:content-[attr(data-initial)]"
          />
          <div className="hidden min-w-0 leading-tight md:block">
            <p className="max-w-[12rem] truncate text-sm font-medium text-slate-900">{name}</p>
            <p className="text-xs text-slate-500 capitalize">{roleLabel(user?.role ?? '')}</p>
          </div>
        </Link>
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
      {check.dialog}
    </header>
  );
}

/** `children` once the page has painted and their code is here; `standIn` until then. */
function AfterFirstPaint({ standIn, children }: { standIn: ReactNode; children: ReactNode }) {
  const painted = useAfterFirstPaint();
  return painted ? <Suspense fallback={standIn}>{children}</Suspense> : standIn;
}

/** A menu's icon where its button will be: not a button yet, so nothing can be clicked in vain. */
function MenuIcon({ icon }: { icon: ReactNode }) {
  return <span className="flex size-10 items-center justify-center text-slate-600">{icon}</span>;
}

function ThemeIcon() {
  const Icon = useAppearance().theme === 'dark' ? Moon : Sun;
  return <MenuIcon icon={<Icon aria-hidden="true" className="size-5" />} />;
}
