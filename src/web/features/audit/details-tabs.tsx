import { Tabs } from 'radix-ui';
import { lazy, type ReactNode, Suspense, useState } from 'react';
import { Spinner } from '../../components/ui';
import type { HistoryOf } from './audit.queries';

// Loaded when the History tab first opens: its labels name every kind of record (domain/audit-labels),
// code that no screen needs for its first paint (issue 47).
const RecordHistory = lazy(() => import('./record-history').then((m) => ({ default: m.RecordHistory })));

const tabClass =
  'border-b-2 border-transparent px-3 py-2 text-sm font-medium text-slate-600 hover:text-slate-900 ' +
  'focus-visible:outline-2 focus-visible:outline-emerald-700 data-[state=active]:border-emerald-700 ' +
  'data-[state=active]:text-emerald-800';

/** A tab of a record's own beside Details and History (a form's Files). */
export interface ExtraTab {
  value: string;
  label: string;
  content: ReactNode;
}

/**
 * A record's details with a 'History' tab beside them (docs/product.md D15), and any `extra` tabs
 * between the two. The history is read only once its tab is opened (an extra tab's content, too,
 * is mounted only while open); arrow keys move between the tabs.
 */
export function DetailsTabs({
  record,
  extra = [],
  children,
}: {
  record: HistoryOf;
  extra?: readonly ExtraTab[];
  children: ReactNode;
}) {
  const [tab, setTab] = useState('details');
  return (
    <Tabs.Root value={tab} onValueChange={setTab}>
      <Tabs.List aria-label="Record" className="mb-4 flex gap-2 border-b border-slate-200">
        <Tabs.Trigger value="details" className={tabClass}>
          Details
        </Tabs.Trigger>
        {extra.map((item) => (
          <Tabs.Trigger key={item.value} value={item.value} className={tabClass}>
            {item.label}
          </Tabs.Trigger>
        ))}
        <Tabs.Trigger value="history" className={tabClass}>
          History
        </Tabs.Trigger>
      </Tabs.List>
      <Tabs.Content value="details">{children}</Tabs.Content>
      {extra.map((item) => (
        <Tabs.Content key={item.value} value={item.value}>
          {item.content}
        </Tabs.Content>
      ))}
      <Tabs.Content value="history">
        <Suspense fallback={<Spinner label="Loading history..." />}>
          <RecordHistory record={record} active={tab === 'history'} />
        </Suspense>
      </Tabs.Content>
    </Tabs.Root>
  );
}
