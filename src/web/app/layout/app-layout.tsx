import { Suspense, useEffect, useState } from 'react';
import { Outlet, useLocation } from 'react-router';
import { Spinner } from '../../components/ui';
import { useMediaQuery } from '../../lib/use-media-query';
import { useAppearance } from '../appearance-provider';
import { documentTitle, pageTitleOf } from './page-title';
import { Sidebar } from './sidebar';
import { TopBar } from './top-bar';

/** Below this width the sidebar is an overlay that closes on navigation (docs/product.md §9). */
export const WIDE_SCREEN_QUERY = '(min-width: 1024px)';

/** The signed-in frame: sidebar, top bar, and the current page. */
export function AppLayout() {
  const isWide = useMediaQuery(WIDE_SCREEN_QUERY);
  const { system } = useAppearance();
  const startCollapsed = system.sidebarCollapsed;
  const [open, setOpen] = useState(() => window.matchMedia(WIDE_SCREEN_QUERY).matches && !startCollapsed);
  const { pathname, search } = useLocation();

  // Crossing the breakpoint, or an admin changing the default: on wide screens expanded unless
  // System Settings say collapsed; hidden on narrow ones. The toggle changes it until then.
  useEffect(() => setOpen(isWide && !startCollapsed), [isWide, startCollapsed]);

  useEffect(() => {
    document.title = documentTitle(pageTitleOf(pathname), system.systemName);
  }, [pathname, system.systemName]);

  // Navigating on a narrow screen closes the overlay.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every navigation on purpose
  useEffect(() => {
    if (!window.matchMedia(WIDE_SCREEN_QUERY).matches) setOpen(false);
  }, [pathname, search]);

  return (
    <div className="flex min-h-dvh bg-slate-50">
      <a
        href="#main-content"
        className="sr-only z-[60] rounded-md bg-white px-3 py-2 text-sm font-medium text-primary shadow focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        Skip to main content
      </a>
      <Sidebar open={open} isWide={isWide} onClose={() => setOpen(false)} />
      <div className="flex min-w-0 flex-1 flex-col">
        <TopBar sidebarOpen={open} onToggleSidebar={() => setOpen((v) => !v)} />
        <main id="main-content" tabIndex={-1} className="flex-1 px-4 py-6 focus:outline-none sm:px-6 lg:px-8">
          <div className="mx-auto w-full max-w-7xl">
            <Suspense
              fallback={
                <div className="flex min-h-[40vh] items-center justify-center">
                  <Spinner size="lg" label="Loading..." />
                </div>
              }
            >
              <Outlet />
            </Suspense>
          </div>
        </main>
      </div>
    </div>
  );
}
