import { type ComponentType, lazy, useState } from 'react';
import type { CodeOnDemand } from './code-on-demand';

/**
 * A page whose code loads on demand (page-code.ts), shown inside <PageLoading>. Like React.lazy,
 * except that a page whose code is already here (start-early.ts asked for it) renders at once:
 * React.lazy suspends on its first render even then, the spinner shows, and React keeps it up at
 * least 300 ms before showing the page.
 */
export function pageOnDemand<M, P extends object>(
  code: CodeOnDemand<M>,
  pick: (module: M) => ComponentType<P>,
): ComponentType<P> {
  const Lazy = lazy(() => code.load().then((module) => ({ default: pick(module) })));
  // Called once per page at module level, like React.lazy: never during a render.
  // biome-ignore lint/correctness/noComponentHookFactories: a factory of page components, as lazy() is
  return function PageOnDemand(props: P) {
    // Chosen once, when mounted: swapping Lazy for the page later would mount the page anew.
    const [Page] = useState<ComponentType<P>>(() => {
      const module = code.loaded();
      return module ? pick(module) : Lazy;
    });
    return <Page {...props} />;
  };
}
