import { BookOpen, GraduationCap, Heart } from 'lucide-react';
import { z } from 'zod';
import { classOf, YEARBOOK_MESSAGES as M } from '../../../domain/yearbook';
import { Card, EmptyState, PageHeader, PageSpinner, Tabs } from '../../components/ui';
import { filterParam, listStateSchema } from '../../lib/list-state';
import { useUrlListState } from '../../lib/use-url-list-state';
import { GraduatesTab } from './graduates-tab';
import { MemoryWall } from './memory-wall';
import { SubmitEntry } from './submit-entry';
import { useEntries, useMyEntries, useYearbooks } from './yearbook.queries';
import { YearbooksLoadError } from './yearbook-ui';

/** The class, tab, search and program filter, kept in the address bar. */
const YearbookParamsSchema = listStateSchema({
  year: z.string().max(4).default(''),
  tab: filterParam(['memory', 'submit']),
  program: z.string().max(200).default(''),
});
type Tab = 'graduates' | 'memory' | 'submit';

/**
 * /yearbook: Graduation Yearbook (docs/product.md §2). A 'Class of {year}' button per published
 * yearbook, newest first; the class, tab, search and program filter are kept in the address bar.
 */
export function YearbookPage() {
  const { state: params, update } = useUrlListState(YearbookParamsSchema);
  const yearbooks = useYearbooks();
  const published = (yearbooks.data?.items ?? []).filter((y) => y.status === 'published');
  const selected = published.find((y) => String(y.year) === params.year) ?? published[0] ?? null;
  const { q, program } = params;
  const entries = useEntries(selected?.id ?? null, { q, program });
  const mine = useMyEntries();
  // Submit Entry only for an account with a student record (D11); its own class's yearbook may
  // still be a draft, so the tab does not depend on the class shown.
  const student = mine.data?.student ? { ...mine.data, student: mine.data.student } : null;
  const tab: Tab = params.tab === 'submit' && !student ? 'graduates' : params.tab || 'graduates';

  if (yearbooks.isPending) return <PageSpinner label="Loading yearbooks..." />;
  if (yearbooks.isError) return <YearbooksLoadError query={yearbooks} />;
  if (!selected)
    return (
      <div className="space-y-6">
        <PageHeader title="Graduation Yearbook" />
        <Card>
          <EmptyState icon={BookOpen} title={M.noYearbooks} description={M.noYearbooksHint} />
        </Card>
        {student && student.yearbooks.length > 0 && <SubmitEntry mine={student} />}
      </div>
    );

  const tabs = [
    {
      value: 'graduates' as const,
      label: 'Graduates',
      content: (
        <GraduatesTab
          yearbook={selected}
          entries={entries}
          q={q}
          program={program}
          onFilter={(f) => update(f)}
        />
      ),
    },
    { value: 'memory' as const, label: 'Memory Wall', content: <MemoryWall yearbook={selected} /> },
    ...(student
      ? [{ value: 'submit' as const, label: 'Submit Entry', content: <SubmitEntry mine={student} /> }]
      : []),
  ];

  return (
    <div className="space-y-6">
      <PageHeader title="Graduation Yearbook" description="Celebrating our graduates and their journeys" />
      <nav aria-label="Classes" className="flex flex-wrap gap-2">
        {published.map((y) => (
          <button
            key={y.id}
            type="button"
            aria-pressed={y.id === selected.id}
            onClick={() => update({ year: String(y.year), q: '', program: '' })}
            className={
              y.id === selected.id
                ? 'rounded-full bg-emerald-700 px-4 py-1.5 text-sm font-medium text-white'
                : 'rounded-full border border-slate-300 bg-white px-4 py-1.5 text-sm font-medium text-slate-700 hover:bg-slate-50'
            }
          >
            {classOf(y.year)}
          </button>
        ))}
      </nav>

      <Card>
        <div className="keep-light-palette rounded-xl bg-gradient-to-r from-emerald-700 to-emerald-500 p-6 text-white">
          <p className="text-sm font-medium text-emerald-100">{classOf(selected.year)}</p>
          <h2 className="mt-1 text-2xl font-bold">{selected.title}</h2>
          {selected.theme && <p className="mt-1 text-emerald-50 italic">{selected.theme}</p>}
          <dl className="mt-4 flex flex-wrap gap-6 text-sm">
            <div className="flex items-center gap-2">
              <GraduationCap aria-hidden="true" className="size-4" />
              <dt className="sr-only">Graduates</dt>
              <dd>
                {entries.data?.total ?? '…'} {entries.data?.total === 1 ? 'Graduate' : 'Graduates'}
              </dd>
            </div>
            <div className="flex items-center gap-2">
              <Heart aria-hidden="true" className="size-4" />
              <dt className="sr-only">Memories</dt>
              <dd>
                {selected.memory_count} {selected.memory_count === 1 ? 'Memory' : 'Memories'}
              </dd>
            </div>
          </dl>
        </div>
      </Card>

      <Tabs
        label="Yearbook"
        value={tab}
        onValueChange={(next) => update({ tab: next === 'graduates' ? '' : next, page: params.page })}
        tabs={tabs}
      />
    </div>
  );
}
