import type { UseQueryResult } from '@tanstack/react-query';
import { Download, GraduationCap } from 'lucide-react';
import type { EntryListResponse, Yearbook } from '../../../contracts/yearbook';
import { classOf, YEARBOOK_MESSAGES as M } from '../../../domain/yearbook';
import { ListError, SearchBox } from '../../components/list';
import { Button, Card, EmptyState, HiddenLabelSelect, Skeleton } from '../../components/ui';
import { errorMessage } from '../../lib/api';
import { pdfHref } from './yearbook.queries';
import { GraduateCard, NETWORK } from './yearbook-ui';

/** The Graduates tab: search, program filter, Download PDF and a card per approved graduate. */
export function GraduatesTab({
  yearbook,
  entries,
  q,
  program,
  onFilter,
}: {
  yearbook: Yearbook;
  entries: UseQueryResult<EntryListResponse>;
  q: string;
  program: string;
  onFilter: (filters: { q?: string; program?: string }) => void;
}) {
  const data = entries.data;
  // The programs the filter offers: those of the class's graduates, plus the one chosen.
  const programs = [...new Set([...(data?.programs ?? []), ...(program ? [program] : [])])];
  return (
    <div className="space-y-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
        <SearchBox
          className="min-w-0 flex-1"
          label="Search graduates"
          placeholder="Search graduates..."
          value={q}
          onCommit={(value) => onFilter({ q: value })}
        />
        <HiddenLabelSelect
          label="Program"
          boxClassName="sm:w-56"
          id="yearbook-program"
          value={program}
          onChange={(e) => onFilter({ program: e.target.value })}
          options={[{ value: '', label: 'All Programs' }, ...programs.map((p) => ({ value: p, label: p }))]}
        />
        <Button variant="secondary" asChild>
          <a
            href={pdfHref(yearbook.id)}
            download={`yearbook-${classOf(yearbook.year).toLowerCase().replaceAll(' ', '-')}.pdf`}
          >
            <Download aria-hidden="true" className="size-4" />
            Download PDF
          </a>
        </Button>
      </div>

      {entries.isError && !data ? (
        <Card>
          <ListError
            title="Couldn't load the graduates"
            message={errorMessage(entries.error, {
              failed: 'The server could not answer.',
              network: NETWORK,
            })}
            onRetry={() => void entries.refetch()}
            retrying={entries.isFetching}
          />
        </Card>
      ) : !data ? (
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-3">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} className="h-56 w-full rounded-xl" />
          ))}
        </div>
      ) : data.items.length === 0 ? (
        <Card>
          <EmptyState icon={GraduationCap} title={M.noGraduates} />
        </Card>
      ) : (
        <ul
          aria-label="Graduates"
          aria-busy={entries.isFetching || undefined}
          className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-3"
        >
          {data.items.map((entry) => (
            <li key={entry.id}>
              <GraduateCard entry={entry} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
