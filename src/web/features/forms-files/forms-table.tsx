import { ClipboardList, Eye, FileDown, Pencil } from 'lucide-react';
import type { Form } from '../../../contracts/forms';
import { canChangeForm, FORM_TYPE_LABELS, FORM_MESSAGES as M } from '../../../domain/forms';
import { DataTable, type PagedQuery, tableStateOf } from '../../components/list';
import { Button } from '../../components/ui';
import { formatDate } from '../../lib/format';
import { useCurrentUser } from '../../lib/session';
import { formPdfHref, reasonOf } from './forms-files.queries';
import { FormStatusBadge } from './forms-files-ui';

interface RowActions {
  onOpen: (form: Form) => void;
  onEdit: (form: Form) => void;
}

/** A page of forms: newest first, a table on wide screens and cards on phones. */
export function FormsTable({
  query,
  filtered,
  ...actions
}: RowActions & { query: PagedQuery<Form>; filtered: boolean }) {
  const title = (form: Form) => `${FORM_TYPE_LABELS[form.type]} for ${form.student_name}`;
  return (
    <DataTable
      label="Forms"
      {...tableStateOf(query, { title: "Couldn't load the forms", message: reasonOf })}
      rowKey={(form) => form.id}
      emptyIcon={ClipboardList}
      emptyTitle={M.noneFound}
      emptyFilteredTitle={M.noneFound}
      filtered={filtered}
      columns={[
        { header: 'Date', cell: (form) => formatDate(form.form_date), className: 'whitespace-nowrap' },
        {
          header: 'Type',
          cell: (form) => (
            <button
              type="button"
              onClick={() => actions.onOpen(form)}
              aria-label={`Open ${title(form)}`}
              className="text-left font-medium text-slate-900 hover:text-primary hover:underline"
            >
              {FORM_TYPE_LABELS[form.type]}
            </button>
          ),
        },
        { header: 'Student', cell: (form) => form.student_name },
        { header: 'Author', cell: (form) => form.author_name ?? 'Former staff member' },
        { header: 'Status', cell: (form) => <FormStatusBadge status={form.status} /> },
        {
          header: <span className="sr-only">Actions</span>,
          className: 'text-right',
          cell: (form) => <FormRowActions form={form} label={title(form)} {...actions} />,
        },
      ]}
      card={(form) => (
        <div className="space-y-2">
          <div className="flex items-start justify-between gap-2">
            <button
              type="button"
              onClick={() => actions.onOpen(form)}
              className="text-left font-medium text-slate-900 hover:text-primary hover:underline"
            >
              {FORM_TYPE_LABELS[form.type]}
              <span className="block text-sm font-normal text-slate-600">{form.student_name}</span>
            </button>
            <FormStatusBadge status={form.status} />
          </div>
          <p className="text-sm text-slate-600">
            {formatDate(form.form_date)} · {form.author_name ?? 'Former staff member'}
          </p>
          <FormRowActions form={form} label={title(form)} {...actions} />
        </div>
      )}
    />
  );
}

function FormRowActions({ form, label, onOpen, onEdit }: RowActions & { form: Form; label: string }) {
  const user = useCurrentUser();
  return (
    <div className="flex justify-end gap-1 max-md:justify-start">
      <Button size="sm" variant="ghost" aria-label={`View ${label}`} onClick={() => onOpen(form)}>
        <Eye aria-hidden="true" className="size-4" />
        View
      </Button>
      {canChangeForm(user, form) && (
        <Button size="sm" variant="ghost" aria-label={`Edit ${label}`} onClick={() => onEdit(form)}>
          <Pencil aria-hidden="true" className="size-4" />
          Edit
        </Button>
      )}
      <Button size="sm" variant="ghost" asChild>
        <a href={formPdfHref(form.id)} download aria-label={`Download PDF of ${label}`}>
          <FileDown aria-hidden="true" className="size-4" />
          PDF
        </a>
      </Button>
    </div>
  );
}
