import { CheckCircle2, Clock, FileText, GraduationCap, XCircle } from 'lucide-react';
import { z } from 'zod';
import { initialsOf } from '../../../domain/names';
import { classOf } from '../../../domain/yearbook';
import { ListError } from '../../components/list';
import {
  Avatar,
  Card,
  EmptyState,
  PageHeader,
  PageSpinner,
  Select,
  StatCard,
  Tabs,
} from '../../components/ui';
import { errorMessage } from '../../lib/api';
import { filterParam } from '../../lib/list-state';
import { useUrlListState } from '../../lib/use-url-list-state';
import { EntriesTab } from './entries-tab';
import { useGraduates, useYearbooks } from './yearbook.queries';
import { NETWORK, YearbooksLoadError } from './yearbook-ui';
import { YearbooksTab } from './yearbooks-tab';

/** The tab and the selected yearbook, kept in the address bar (the bell links to both). */
const AdminParamsSchema = z.object({
  tab: filterParam(['entries', 'students']),
  yearbook: z.string().max(40).default(''),
});
type Tab = 'yearbooks' | 'entries' | 'students';

/**
 * /yearbook-admin: Yearbook Management (docs/product.md §2; deputy managers and admins). The
 * selected yearbook's figures, and the Yearbooks, Entries and Graduating Students tabs; the tab
 * and yearbook are kept in the address bar, so the bell's links open the entries to review.
 */
export function YearbookAdminPage() {
  const { state: params, update } = useUrlListState(AdminParamsSchema);
  const yearbooks = useYearbooks();
  const items = yearbooks.data?.items ?? [];
  const selected = items.find((y) => y.id === params.yearbook) ?? items[0] ?? null;
  const tab: Tab = params.tab || 'yearbooks';

  if (yearbooks.isPending) return <PageSpinner label="Loading yearbooks..." />;
  if (yearbooks.isError) return <YearbooksLoadError query={yearbooks} />;

  const counts = selected?.entry_counts;
  return (
    <div className="space-y-6">
      <PageHeader
        title="Yearbook Management"
        description={
          selected ? `Figures for the ${classOf(selected.year)} yearbook` : 'Create a yearbook to begin'
        }
      />
      <section aria-label="Entry figures" className="grid grid-cols-2 gap-4 lg:grid-cols-4">
        <StatCard label="Total Entries" value={counts?.total ?? 0} icon={FileText} tone="sky" />
        <StatCard label="Approved" value={counts?.approved ?? 0} icon={CheckCircle2} tone="emerald" />
        <StatCard label="Pending Review" value={counts?.pending ?? 0} icon={Clock} tone="amber" />
        <StatCard label="Rejected" value={counts?.rejected ?? 0} icon={XCircle} tone="rose" />
      </section>

      {items.length > 0 && (
        <div className="sm:w-96">
          <label htmlFor="yearbook-selected" className="mb-1 block text-sm font-medium text-slate-700">
            Yearbook
          </label>
          <Select
            id="yearbook-selected"
            value={selected?.id ?? ''}
            onChange={(e) => update({ yearbook: e.target.value })}
            options={items.map((y) => ({ value: y.id, label: `${classOf(y.year)} · ${y.title}` }))}
          />
        </div>
      )}

      <Tabs
        label="Yearbook Management"
        value={tab}
        onValueChange={(next) => update({ tab: next === 'yearbooks' ? '' : next })}
        tabs={[
          {
            value: 'yearbooks',
            label: 'Yearbooks',
            content: (
              <YearbooksTab
                yearbooks={items}
                selectedId={selected?.id ?? null}
                onSelect={(id) => update({ yearbook: id })}
              />
            ),
          },
          {
            value: 'entries',
            label: 'Entries',
            content: selected ? (
              <EntriesTab yearbook={selected} />
            ) : (
              <Card>
                <EmptyState icon={FileText} title="Create a yearbook first to add entries." />
              </Card>
            ),
          },
          { value: 'students', label: 'Graduating Students', content: <GraduatingStudents /> },
        ]}
      />
    </div>
  );
}

/** Graduating Students: every student whose status is graduated, by name. */
function GraduatingStudents() {
  const graduates = useGraduates();
  if (graduates.isPending) return <PageSpinner label="Loading graduates..." />;
  if (graduates.isError)
    return (
      <Card>
        <ListError
          title="Couldn't load the graduates"
          message={errorMessage(graduates.error, {
            failed: 'The server could not answer.',
            network: NETWORK,
          })}
          onRetry={() => void graduates.refetch()}
          retrying={graduates.isFetching}
        />
      </Card>
    );
  const { items, total } = graduates.data;
  return (
    <div className="space-y-4">
      <h2 className="text-lg font-semibold text-slate-900">Graduated Students ({total})</h2>
      {items.length === 0 ? (
        <Card>
          <EmptyState icon={GraduationCap} title="No students have graduated yet." />
        </Card>
      ) : (
        <ul aria-label="Graduated Students" className="grid grid-cols-1 gap-3 sm:grid-cols-2 xl:grid-cols-3">
          {items.map((g) => (
            <li
              key={g.id}
              className="flex items-center gap-3 rounded-xl border border-slate-200 bg-white p-3 shadow-sm"
            >
              <Avatar photoUrl={g.profile_photo_url} initials={initialsOf(g.full_name)} />
              <div className="min-w-0">
                <p className="truncate font-medium text-slate-900">{g.full_name}</p>
                <p className="truncate text-sm text-slate-600">{g.current_program ?? 'N/A'}</p>
              </div>
            </li>
          ))}
        </ul>
      )}
      {total > items.length && (
        <p className="text-sm text-slate-500">
          Showing the first {items.length} of {total}, by name.
        </p>
      )}
    </div>
  );
}
