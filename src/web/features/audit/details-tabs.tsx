import { Tabs } from 'radix-ui';
import { type ReactNode, useState } from 'react';
import type { HistoryOf } from './audit.queries';
import { RecordHistory } from './record-history';

const tabClass =
  'border-b-2 border-transparent px-3 py-2 text-sm font-medium text-slate-600 hover:text-slate-900 ' +
  'focus-visible:outline-2 focus-visible:outline-emerald-700 data-[state=active]:border-emerald-700 ' +
  'data-[state=active]:text-emerald-800';

/**
 * A record's details with a 'History' tab beside them (docs/product.md D15). The history is read
 * only once its tab is opened; arrow keys move between the tabs.
 */
export function DetailsTabs({ record, children }: { record: HistoryOf; children: ReactNode }) {
  const [tab, setTab] = useState('details');
  return (
    <Tabs.Root value={tab} onValueChange={setTab}>
      <Tabs.List aria-label="Record" className="mb-4 flex gap-2 border-b border-slate-200">
        <Tabs.Trigger value="details" className={tabClass}>
          Details
        </Tabs.Trigger>
        <Tabs.Trigger value="history" className={tabClass}>
          History
        </Tabs.Trigger>
      </Tabs.List>
      <Tabs.Content value="details">{children}</Tabs.Content>
      <Tabs.Content value="history">
        <RecordHistory record={record} active={tab === 'history'} />
      </Tabs.Content>
    </Tabs.Root>
  );
}
