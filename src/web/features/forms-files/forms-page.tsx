import { CheckCircle2, ClipboardCheck, ClipboardList, Download, FilePen } from 'lucide-react';
import { useState } from 'react';
import { z } from 'zod';
import type { Form } from '../../../contracts/forms';
import {
  FORM_STATUS_LABELS,
  FORM_STATUSES,
  FORM_TYPE_LABELS,
  FORM_TYPES,
  type FormStatus,
  type FormType,
  FORM_MESSAGES as M,
} from '../../../domain/forms';
import { ListScreen, ListTable, type StatTile, useDeleteConfirm } from '../../components/list';
import { Button } from '../../components/ui';
import { dialogOnDemand } from '../../lib/dialog-on-demand';
import { filterParam, listStateSchema } from '../../lib/list-state';
import { useUrlListState } from '../../lib/use-url-list-state';
import { type KeptForm, OnThisPhone } from '../offline';
import { useStudent } from '../students';
import { FormEditDialog } from './form-edit-dialog';
import { FormTypeChooser } from './form-type-chooser';
import {
  formsExportHref,
  listQuery,
  reasonOf,
  useDeleteForm,
  useFormRecord,
  useForms,
} from './forms-files.queries';
import { FormsTable } from './forms-table';
import { StudentFilter } from './student-filter';

// A form opened to read (its tabs, its history, its review) loads when opened, not with the list's
// first paint (issue 47 item 7: the screen was at its 250 KB budget). Mounted only while open.
const FormDetailDialog = dialogOnDemand(
  () => import('./form-detail-dialog'),
  (m) => m.FormDetailDialog,
  () => true,
);

const ParamsSchema = listStateSchema({
  type: filterParam(FORM_TYPES),
  status: filterParam(FORM_STATUSES),
  student_id: z.uuid().catch('').default(''),
  open: z.string().max(40).default(''),
});

type Editing =
  | { kind: 'choose' }
  | { kind: 'new'; type: FormType }
  | { kind: 'edit'; form: Form }
  | { kind: 'kept'; type: FormType; kept: KeptForm }
  | null;

/**
 * /forms: Forms Management (docs/product.md §2): tiles by status, search, type, status and student
 * filters, Export, New Form (choose the type, then write it), and each form's detail with its
 * files and history. `?open=<id>` (the bell, the search, a profile) opens a form.
 */
export function FormsPage() {
  const { state: params, update } = useUrlListState(ParamsSchema);
  const filters = { q: params.q, type: params.type, status: params.status, student_id: params.student_id };
  const forms = useForms(listQuery({ ...filters, page: params.page, pageSize: 25 }));
  const opened = useFormRecord(params.open);
  const filterStudent = useStudent(params.student_id || null);
  const [editing, setEditing] = useState<Editing>(null);
  const counts = forms.data?.counts;
  const filtered = Boolean(params.q || params.type || params.status || params.student_id);
  const open = (form: Form) => update({ open: form.id, page: params.page });
  const closeDetail = () => update({ open: '', page: params.page });
  const deletion = useDeleteConfirm<Form>({
    mutation: useDeleteForm(),
    noun: 'form',
    message: 'Delete this form? This cannot be undone. Files attached to it stay in Student Files.',
    deleted: M.deleted,
    reasonOf,
    onDeleted: closeDetail,
  });

  const tiles: Array<StatTile<FormStatus | ''>> = [
    { key: '', label: 'Total', icon: ClipboardList, tone: 'sky', value: counts?.total ?? 0 },
    { key: 'draft', label: 'Drafts', icon: FilePen, tone: 'amber', value: counts?.draft ?? 0 },
    {
      key: 'completed',
      label: 'Completed',
      icon: CheckCircle2,
      tone: 'violet',
      value: counts?.completed ?? 0,
    },
    {
      key: 'reviewed',
      label: 'Reviewed',
      icon: ClipboardCheck,
      tone: 'emerald',
      value: counts?.reviewed ?? 0,
    },
  ];

  return (
    <ListScreen
      list={{ state: params, update }}
      title="Forms Management"
      description="Home visits, care calls and discharges, from draft to review"
      actions={
        <Button variant="secondary" asChild>
          <a href={formsExportHref(listQuery(filters))} download>
            <Download aria-hidden="true" className="size-4" />
            Export
          </a>
        </Button>
      }
      main={{ label: 'New Form', onClick: () => setEditing({ kind: 'choose' }) }}
      tiles={{
        label: 'Forms by status',
        tiles,
        selected: params.status,
        onSelect: (status) => update({ status }),
        loading: !counts,
        className: 'lg:grid-cols-4',
      }}
      search={{ label: 'Search forms', placeholder: 'Search forms...' }}
      filters={[
        { key: 'type', label: 'Type', all: 'All Types', values: FORM_TYPES, labels: FORM_TYPE_LABELS },
        {
          key: 'status',
          label: 'Status',
          all: 'All Status',
          values: FORM_STATUSES,
          labels: FORM_STATUS_LABELS,
        },
        <StudentFilter
          key="studentfilter"
          studentId={params.student_id}
          onChange={(student_id) => update({ student_id })}
          className="w-full sm:w-72"
        />,
      ]}
      linkError={opened.isError && params.open ? reasonOf(opened.error) : null}
    >
      <OnThisPhone onOpen={(type, kept) => setEditing({ kind: 'kept', type, kept })} />
      <ListTable query={forms} onPage={(page) => update({ page })}>
        <FormsTable
          query={forms}
          filtered={filtered}
          onOpen={open}
          onEdit={(form) => setEditing({ kind: 'edit', form })}
        />
      </ListTable>
      {opened.data && !editing && (
        <FormDetailDialog
          form={opened.data}
          onClose={closeDetail}
          onEdit={(form) => setEditing({ kind: 'edit', form })}
          onDelete={deletion.ask}
        />
      )}
      {editing?.kind === 'choose' && (
        <FormTypeChooser
          onChoose={(type) => setEditing({ kind: 'new', type })}
          onClose={() => setEditing(null)}
        />
      )}
      {editing?.kind === 'kept' && (
        <FormEditDialog
          key={editing.kept.form_id}
          type={editing.type}
          kept={editing.kept}
          onClose={() => setEditing(null)}
        />
      )}
      {(editing?.kind === 'new' || editing?.kind === 'edit') && (
        <FormEditDialog
          key={editing.kind === 'edit' ? editing.form.id : editing.type}
          type={editing.kind === 'edit' ? editing.form.type : editing.type}
          form={editing.kind === 'edit' ? editing.form : undefined}
          student={filterStudent.data ?? null}
          onClose={() => setEditing(null)}
          onSaved={(form, created) => created && open(form)}
        />
      )}
      {deletion.dialog}
    </ListScreen>
  );
}
