import { CircleCheck, TriangleAlert } from 'lucide-react';
import { type ReactNode, useEffect, useId, useRef } from 'react';
import { Button, Card } from '../../components/ui';

/** More than this many left aside are counted, not listed, so a 10,000 one does not stall the page. */
const LISTED = 200;

/** An allowance a bulk action left as it was, and why. */
export interface SetAside {
  id: string;
  label: string;
  reason: string;
}

/**
 * The panel after a bulk action on allowances (a bulk decision, a payment batch from a selection):
 * what was done, and each allowance set aside with the reason. It takes focus when it appears, so a
 * keyboard or screen reader user lands on it after the dialog.
 */
export function OutcomePanel({
  title,
  actions,
  done,
  doneTestId,
  setAside,
  setAsideWord,
  listLabel,
  setAsideSummary,
  onDismiss,
}: {
  title: string;
  /** Links or buttons beside Dismiss. */
  actions?: ReactNode;
  done: ReactNode;
  doneTestId: string;
  setAside: SetAside[];
  /** 'Skipped', 'Left out': how the lines below name them. */
  setAsideWord: string;
  /** The list's accessible name, e.g. 'Skipped allowances'. */
  listLabel: string;
  /** The line above the list, e.g. 'Skipped: 3 allowances, left as they were.' */
  setAsideSummary: string;
  onDismiss: () => void;
}) {
  const headingId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);

  return (
    <Card>
      <section aria-labelledby={headingId} className="space-y-3 p-4">
        <div className="flex flex-wrap items-start justify-between gap-3">
          <h2
            id={headingId}
            ref={heading}
            tabIndex={-1}
            className="text-base font-semibold text-slate-900 focus:outline-none"
          >
            {title}
          </h2>
          <div className="flex flex-wrap gap-2">
            {actions}
            <Button variant="secondary" size="sm" onClick={onDismiss}>
              Dismiss
            </Button>
          </div>
        </div>
        <p className="flex items-center gap-2 text-sm text-slate-700" data-testid={doneTestId}>
          <CircleCheck aria-hidden="true" className="size-4 shrink-0 text-emerald-600" />
          <span>{done}</span>
        </p>
        {setAside.length > 0 ? (
          <div className="space-y-2">
            <p className="flex items-center gap-2 text-sm text-slate-700">
              <TriangleAlert aria-hidden="true" className="size-4 shrink-0 text-amber-600" />
              <span>{setAsideSummary}</span>
            </p>
            <ul
              // biome-ignore lint/a11y/noNoninteractiveTabindex: a long list scrolls, and keyboards must reach it to scroll it
              tabIndex={0}
              aria-label={listLabel}
              className="max-h-72 divide-y divide-slate-100 overflow-y-auto rounded-lg border border-slate-200 text-sm"
            >
              {setAside.slice(0, LISTED).map((s) => (
                <li key={s.id} className="flex flex-col gap-0.5 px-3 py-2 sm:flex-row sm:gap-3">
                  <span className="shrink-0 font-medium text-slate-900 sm:w-64">{s.label}</span>
                  <span className="text-slate-600">{s.reason}</span>
                </li>
              ))}
            </ul>
            {setAside.length > LISTED && (
              <p className="text-sm text-slate-600">
                ... and {(setAside.length - LISTED).toLocaleString('en')} more {setAsideWord.toLowerCase()}.
              </p>
            )}
          </div>
        ) : (
          <p className="text-sm text-slate-700">{setAsideWord}: none.</p>
        )}
      </section>
    </Card>
  );
}
