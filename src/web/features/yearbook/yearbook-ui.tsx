import type { UseQueryResult } from '@tanstack/react-query';
import type { Entry } from '../../../contracts/yearbook';
import { initialsOf } from '../../../domain/names';
import {
  ENTRY_STATUS_LABELS,
  type EntryStatus,
  YEARBOOK_STATUS_LABELS,
  type YearbookStatus,
} from '../../../domain/yearbook';
import { ListError } from '../../components/list';
import { Avatar, Badge, type BadgeTone, Card } from '../../components/ui';
import { errorMessage, NETWORK_MESSAGE } from '../../lib/api';

/*
 * What the yearbook's two screens share: a graduate's card, the state badges and the words of a
 * failed action (the spec's words, with the server's reason when it gave one).
 */

const ENTRY_TONES: Record<EntryStatus, BadgeTone> = {
  pending: 'warning',
  approved: 'success',
  rejected: 'danger',
};
const YEARBOOK_TONES: Record<YearbookStatus, BadgeTone> = {
  draft: 'neutral',
  published: 'success',
  archived: 'info',
};

export const EntryStatusBadge = ({ status }: { status: EntryStatus }) => (
  <Badge tone={ENTRY_TONES[status]}>{ENTRY_STATUS_LABELS[status]}</Badge>
);

export const YearbookStatusBadge = ({ status }: { status: YearbookStatus }) => (
  <Badge tone={YEARBOOK_TONES[status]}>{YEARBOOK_STATUS_LABELS[status]}</Badge>
);

export const NETWORK = NETWORK_MESSAGE;

/** A graduate's page: photo (or initials), name, program, quote and achievements. */
export function GraduateCard({ entry }: { entry: Entry }) {
  return (
    <article className="flex h-full flex-col items-center rounded-xl border border-slate-200 bg-white p-5 text-center shadow-sm">
      <Avatar photoUrl={entry.photo_url} initials={initialsOf(entry.student_name)} size="xl" />
      <h3 className="mt-3 text-base font-semibold text-slate-900">{entry.student_name}</h3>
      {entry.program && <p className="text-sm text-emerald-700">{entry.program}</p>}
      {entry.quote && <blockquote className="mt-3 text-sm text-slate-700 italic">“{entry.quote}”</blockquote>}
      {entry.achievements && (
        <p className="mt-3 w-full border-t border-slate-100 pt-3 text-left text-sm text-slate-600">
          <span className="font-medium text-slate-800">Achievements: </span>
          {entry.achievements}
        </p>
      )}
    </article>
  );
}

/** '12 / 250' under a bounded text box. */
export function CharacterCount({ value, max }: { value: string | null | undefined; max: number }) {
  const used = value?.length ?? 0;
  return (
    <span className={used > max ? 'text-red-700' : undefined}>
      {used} / {max}
    </span>
  );
}

/** The yearbooks could not be loaded: both yearbook screens say so alike, with Retry. */
export function YearbooksLoadError({ query }: { query: UseQueryResult }) {
  return (
    <Card>
      <ListError
        title="Couldn't load the yearbooks"
        message={errorMessage(query.error, { failed: 'The server could not answer.', network: NETWORK })}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    </Card>
  );
}
