import { type ComponentProps, useEffect, useRef, useState } from 'react';
import { cn } from '../../lib/cn';

/** Whether the element scrolls sideways now, kept up to date as it or its content resizes. */
function useScrollsSideways<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  const [scrolls, setScrolls] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const measure = () => setScrolls(element.scrollWidth > element.clientWidth);
    const observer = new ResizeObserver(measure);
    // No measuring here: reading the widths now would lay the whole page out in this task, once
    // more than the browser's own layout before painting. The observer reports each element once
    // as it starts observing, after that layout (Lighthouse's blocking time on /students).
    observer.observe(element);
    if (element.firstElementChild) observer.observe(element.firstElementChild);
    return () => observer.disconnect();
  }, []);
  return { ref, scrolls };
}

/**
 * A data table that scrolls sideways on small screens. Use with THead/TBody/TR/TH/TD. While it
 * scrolls, its frame takes keyboard focus so the arrow keys reach the hidden columns even when no
 * cell holds a link or button (WCAG 2.1.1).
 */
export function Table({ className, ...props }: ComponentProps<'table'>) {
  const { ref, scrolls } = useScrollsSideways<HTMLDivElement>();
  return (
    <div
      ref={ref}
      tabIndex={scrolls ? 0 : undefined}
      className="w-full overflow-x-auto focus-visible:outline-2 focus-visible:outline-primary"
    >
      <table className={cn('w-full border-collapse text-left text-sm', className)} {...props} />
    </div>
  );
}

/** Table head: grey, small caps-ish labels. */
export function THead({ className, ...props }: ComponentProps<'thead'>) {
  return (
    <thead
      className={cn('bg-slate-50 text-xs font-semibold tracking-wide text-slate-600 uppercase', className)}
      {...props}
    />
  );
}

/** Table body with row dividers. */
export function TBody({ className, ...props }: ComponentProps<'tbody'>) {
  return <tbody className={cn('divide-y divide-slate-100', className)} {...props} />;
}

/** A row; hover highlight. */
export function TR({ className, ...props }: ComponentProps<'tr'>) {
  return <tr className={cn('hover:bg-slate-50/70', className)} {...props} />;
}

/** A header cell (scope="col" by default). */
export function TH({ className, scope = 'col', ...props }: ComponentProps<'th'>) {
  return <th scope={scope} className={cn('px-4 py-3 whitespace-nowrap', className)} {...props} />;
}

/** A body cell. */
export function TD({ className, ...props }: ComponentProps<'td'>) {
  return <td className={cn('px-4 py-3 align-middle text-slate-700', className)} {...props} />;
}
