import { CloudOff } from 'lucide-react';
import { useState } from 'react';
import { FORM_TYPE_LABELS } from '../../../domain/forms';
import { Button, ConfirmDialog } from '../../components/ui';
import { formatDate } from '../../lib/format';
import { dropDraft } from '../../lib/offline/drafts';
import { OFFLINE_MESSAGES as M } from '../../lib/offline/messages';
import type { Draft, OutboxRecord } from '../../lib/offline/offline-db';
import { discardOutboxRecord } from '../../lib/offline/outbox';
import { useKeptTasks } from './kept-while-offline';
import { type OfflineWork, useOfflineWork } from './offline-provider';

/** A form kept on the phone, as the edit dialog reopens it. */
export interface KeptForm {
  form_id: string;
  base: Draft['base'];
  values: Draft['values'];
  photo_ids: string[];
  student: Draft['student'];
  /** From the outbox: why the server refused it, or both sides of a conflict. */
  message?: string | null;
  field_errors?: Record<string, string> | null;
  conflict?: OutboxRecord['conflict'];
}

export const keptFromDraft = (draft: Draft): KeptForm => ({ ...draft });
export const keptFromRecord = (record: OutboxRecord): KeptForm => ({
  form_id: record.form_id,
  base: record.base,
  values: record.values,
  photo_ids: record.body.photo_ids,
  student: record.student,
  message: record.message,
  field_errors: record.field_errors,
  conflict: record.conflict,
});

const title = (type: Draft['type'], student: Draft['student']) =>
  `${FORM_TYPE_LABELS[type]}${student ? ` · ${student.full_name}` : ''}`;

/**
 * Forms' list of what is on the phone and not on the server: drafts ("Continue your draft"), and
 * saved forms the server refused or that changed there meanwhile, each opened to be fixed.
 */
export function OnThisPhone({ onOpen }: { onOpen: (type: Draft['type'], kept: KeptForm) => void }) {
  const work = useOfflineWork();
  if (!work) return null;
  const refused = work.records.filter((record) => record.state !== 'waiting');
  return (
    <>
      {/* The forms to finish come first: the list of tasks can be long on a phone. */}
      {(work.drafts.length > 0 || refused.length > 0) && (
        <KeptWork work={work} refused={refused} onOpen={onOpen} />
      )}
      {!work.online && <KeptTasks work={work} />}
    </>
  );
}

/** With no network: the officer's open tasks as last refreshed, to know which visits are due. */
function KeptTasks({ work }: { work: OfflineWork }) {
  const tasks = useKeptTasks(work) ?? [];
  if (tasks.length === 0) return null;
  return (
    <section aria-label="Your open tasks" className="mb-4 rounded-xl border border-slate-200 bg-white p-3">
      <h2 className="text-sm font-semibold text-slate-900">Your open tasks (kept on this phone)</h2>
      <ul className="mt-2 space-y-1 text-sm">
        {tasks.map((task) => (
          <li key={task.id} className="text-slate-700">
            <span className="font-medium text-slate-900">{task.title}</span>
            {task.student_name && ` · ${task.student_name}`}
            {task.due_date && ` · due ${formatDate(task.due_date)}`}
          </li>
        ))}
      </ul>
    </section>
  );
}

function KeptWork({
  work,
  refused,
  onOpen,
}: {
  work: OfflineWork;
  refused: OutboxRecord[];
  onOpen: (type: Draft['type'], kept: KeptForm) => void;
}) {
  // Work on the phone only: once discarded nothing can bring it back, so it is asked first.
  const [discarding, setDiscarding] = useState<{ what: string; discard: () => Promise<unknown> } | null>(
    null,
  );
  return (
    <section
      aria-label="On this phone"
      className="mb-4 space-y-2 rounded-xl border border-amber-200 bg-amber-50 p-3"
    >
      <h2 className="flex items-center gap-2 text-sm font-semibold text-amber-900">
        <CloudOff aria-hidden="true" className="size-4" />
        On this phone, not on the server yet
      </h2>
      <ul className="space-y-2">
        {work.drafts.map((draft) => (
          <KeptRow
            key={draft.form_id}
            title={title(draft.type, draft.student)}
            state={`Draft, kept ${new Date(draft.updated_at).toLocaleString()}`}
            onDiscard={(what) => setDiscarding({ what, discard: () => dropDraft(work.db, draft.form_id) })}
            openLabel={M.continueDraft}
            onOpen={() => onOpen(draft.type, keptFromDraft(draft))}
          />
        ))}
        {refused.map((record) => (
          <KeptRow
            key={record.form_id}
            title={title(record.type, record.student)}
            state={record.state === 'conflict' ? M.conflict : `${M.needsChanges}: ${record.message ?? ''}`}
            refused
            onDiscard={(what) =>
              setDiscarding({ what, discard: () => discardOutboxRecord(work.db, record.form_id) })
            }
            openLabel="Fix and send"
            onOpen={() => onOpen(record.type, keptFromRecord(record))}
          />
        ))}
      </ul>
      <ConfirmDialog
        open={discarding !== null}
        onOpenChange={(open) => !open && setDiscarding(null)}
        title="Discard this form?"
        message={`${discarding?.what ?? ''} is only on this phone, not on the server: once discarded it cannot be brought back.`}
        confirmLabel="Discard"
        variant="danger"
        onConfirm={() => {
          const chosen = discarding;
          setDiscarding(null);
          void chosen?.discard();
        }}
      />
    </section>
  );
}

/** One form on the phone: what it is, its state, Discard (asked first by the list) and open it. */
function KeptRow({
  title,
  state,
  refused = false,
  onDiscard,
  openLabel,
  onOpen,
}: {
  title: string;
  state: string;
  /** The server refused it: its state is said in red. */
  refused?: boolean;
  onDiscard: (what: string) => void;
  openLabel: string;
  onOpen: () => void;
}) {
  return (
    <li className="flex flex-wrap items-center justify-between gap-2 rounded-lg bg-white p-2">
      <span className="min-w-0 text-sm">
        <span className="block font-medium text-slate-900">{title}</span>
        <span className={refused ? 'text-xs text-red-700' : 'text-xs text-slate-600'}>{state}</span>
      </span>
      <span className="flex gap-2">
        <Button size="sm" variant="ghost" onClick={() => onDiscard(title)}>
          Discard
        </Button>
        <Button size="sm" onClick={onOpen}>
          {openLabel}
        </Button>
      </span>
    </li>
  );
}
