import { Tabs as RadixTabs } from 'radix-ui';
import type { ReactNode } from 'react';
import { cn } from '../../lib/cn';

export interface TabItem<T extends string> {
  value: T;
  label: ReactNode;
  content: ReactNode;
}

/**
 * Tabs (WAI-ARIA tablist: arrow keys move between tabs). The page owns which tab is open, so it
 * can keep it in the address bar; only the open tab's content is rendered.
 */
export function Tabs<T extends string>({
  label,
  value,
  onValueChange,
  tabs,
}: {
  /** What the tabs choose between, for screen readers. */
  label: string;
  value: T;
  onValueChange: (value: T) => void;
  tabs: Array<TabItem<T>>;
}) {
  return (
    <RadixTabs.Root value={value} onValueChange={(v) => onValueChange(v as T)} className="space-y-4">
      <RadixTabs.List aria-label={label} className="flex gap-1 overflow-x-auto border-b border-slate-200">
        {tabs.map((tab) => (
          <RadixTabs.Trigger
            key={tab.value}
            value={tab.value}
            className={cn(
              '-mb-px shrink-0 border-b-2 border-transparent px-4 py-2 text-sm font-medium whitespace-nowrap text-slate-600',
              'hover:text-slate-900 focus-visible:rounded-t-md focus-visible:outline-2 focus-visible:outline-offset-[-2px] focus-visible:outline-emerald-600',
              'data-[state=active]:border-emerald-600 data-[state=active]:text-emerald-800',
            )}
          >
            {tab.label}
          </RadixTabs.Trigger>
        ))}
      </RadixTabs.List>
      {tabs.map((tab) => (
        <RadixTabs.Content key={tab.value} value={tab.value} className="focus-visible:outline-none">
          {tab.value === value ? tab.content : null}
        </RadixTabs.Content>
      ))}
    </RadixTabs.Root>
  );
}
