import { type ComponentType, lazy, Suspense, useState } from 'react';

/** A dialog whose code loads on demand; `preload` fetches it ahead of its first opening. */
export type DialogOnDemand<P> = ComponentType<P> & { preload(): void };

/**
 * A dialog whose code (its form library, schemas and Radix parts) is not part of its screen's
 * first paint (issue 47 item 7): it renders nothing until `isOpen(props)` is first true, then the
 * dialog itself, and stays mounted after, so that it plays its closing animation like any dialog.
 * Called once per dialog at module level, like React.lazy.
 */
export function dialogOnDemand<M, P extends object>(
  importer: () => Promise<M>,
  pick: (module: M) => ComponentType<P>,
  isOpen: (props: P) => boolean,
): DialogOnDemand<P> {
  let loading: Promise<M> | null = null;
  const load = () => {
    loading ??= importer().catch((error: unknown) => {
      // Offline, or a new version deployed: the next opening asks again.
      loading = null;
      throw error;
    });
    return loading;
  };
  const Lazy = lazy(() => load().then((module) => ({ default: pick(module) })));

  // biome-ignore lint/correctness/noComponentHookFactories: a factory of dialog components, as lazy() is
  function OnDemand(props: P) {
    const open = isOpen(props);
    const [wanted, setWanted] = useState(open);
    if (open && !wanted) setWanted(true);
    if (!wanted) return null;
    return (
      <Suspense fallback={open ? <DialogLoading /> : null}>
        <Lazy {...props} />
      </Suspense>
    );
  }
  return Object.assign(OnDemand, { preload: () => void load().catch(() => {}) });
}

/**
 * Handlers for a screen's root: the first time the user points at or focuses anything on it, these
 * dialogs' code starts to load, so that by the click it is here and the dialog opens (and takes the
 * focus) at once; a screen only looked at never loads it. Later calls cost nothing (`load` is kept).
 */
export function preloadOnIntent(...dialogs: Array<{ preload(): void }>) {
  const preload = () => {
    for (const dialog of dialogs) dialog.preload();
  };
  return { onPointerOver: preload, onFocus: preload };
}

/** Shown in the dialog's place for the moment its code takes to arrive. */
function DialogLoading() {
  return (
    <div role="status" className="fixed inset-0 z-50 grid place-items-center bg-scrim/50">
      <span className="rounded-md bg-white px-3 py-2 text-sm text-slate-700 shadow">Loading…</span>
    </div>
  );
}
