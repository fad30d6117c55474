import { Component, type ReactNode, Suspense } from 'react';
import { Button, PageSpinner } from '../components/ui';

/**
 * Around code that loads on demand: a spinner while it downloads, and a way out when it cannot
 * (offline, or a new version deployed since this tab opened) instead of an empty page.
 */
export function PageLoading({ children }: { children: ReactNode }) {
  return (
    <LoadFailure>
      <Suspense fallback={<PageSpinner label="Loading..." />}>{children}</Suspense>
    </LoadFailure>
  );
}

class LoadFailure extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <div className="flex min-h-dvh items-center justify-center bg-slate-50 p-6">
        <div role="alert" className="flex max-w-sm flex-col items-center gap-4 text-center text-slate-700">
          <p className="text-sm font-medium">This page could not be loaded. Reload to try again.</p>
          <Button onClick={() => window.location.reload()}>Reload</Button>
        </div>
      </div>
    );
  }
}
