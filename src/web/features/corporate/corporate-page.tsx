import { Building2, Download, Plus } from 'lucide-react';
import { useCallback, useState } from 'react';
import { z } from 'zod';
import type { Institution, Landlord } from '../../../contracts/corporate';
import { CORPORATE_MESSAGES } from '../../../domain/corporate';
import { useDiscardGuard, useSchemaForm } from '../../components/forms';
import { ListError, ListSearchBox, QueryPager } from '../../components/list';
import {
  Button,
  Card,
  DeleteConfirmDialog,
  EmptyState,
  HiddenLabelSelect,
  PageHeader,
  Skeleton,
  toast,
} from '../../components/ui';
import { errorMessage, NETWORK_MESSAGE } from '../../lib/api';
import { filterParam, listStateSchema } from '../../lib/list-state';
import { useKeepPageInRange, useUrlListState } from '../../lib/use-url-list-state';
import { CORPORATE_PAGE_SIZE, exportHref, useDeletePartner, usePartnerList } from './corporate.queries';
import {
  type InstitutionFormValues,
  institutionFormValues,
  KIND_UI,
  type LandlordFormValues,
  landlordFormValues,
  PARTNER_KINDS,
  type Partner,
  type PartnerKindName,
} from './corporate-kinds';
import { InstitutionCard, LandlordCard } from './partner-card';
import { InstitutionFields, LandlordFields, PartnerForm } from './partner-form';

/** Which list, its search, signed filter and page, kept in the address bar. */
const CorporateParamsSchema = listStateSchema({
  kind: z.enum(PARTNER_KINDS).default('landlords'),
  signed: filterParam(['true', 'false']),
});

type FormState = { mode: 'add' } | { mode: 'edit'; record: Partner } | null;

const NETWORK = NETWORK_MESSAGE;

/**
 * /corporate: Corporate Collaborations (docs/product.md §2). The Landlords / Institutions switch,
 * the inline Add New / Edit form, search, the signed filter, the cards and their delete.
 */
export function CorporatePage() {
  const { state: params, update } = useUrlListState(CorporateParamsSchema);
  const ui = KIND_UI[params.kind];
  const list = usePartnerList(params.kind, params, ui.signedParam);
  const [form, setForm] = useState<FormState>(null);
  const [formDirty, setFormDirty] = useState(false);
  const discard = useDiscardGuard(formDirty, form !== null);
  const [deleting, setDeleting] = useState<Partner | null>(null);
  const remove = useDeletePartner(params.kind);
  const data = list.data;
  useKeepPageInRange(params.page, CORPORATE_PAGE_SIZE, data, (page) => update({ page }));

  const closeForm = useCallback(() => setForm(null), []);
  // Switching lists closes the form (docs/product.md §4), after asking if something was typed.
  const switchKind = (kind: PartnerKindName) =>
    discard.guard(() => {
      closeForm();
      update({ kind, q: '', signed: '' });
    });

  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: () => {
        toast.success('Record deleted.');
        setDeleting(null);
      },
      onError: (error) => {
        toast.error('Failed to delete record', {
          description: errorMessage(error, { failed: 'The server refused.', network: NETWORK }),
        });
        setDeleting(null);
      },
    });
  };

  const filtered = params.q !== '' || params.signed !== '';

  return (
    <div className="space-y-6">
      <PageHeader
        title="Corporate Collaborations"
        description="Manage partnerships with landlords and institutions"
        actions={
          <>
            <Button variant="secondary" asChild>
              <a href={exportHref(params.kind, params, ui.signedParam)} download>
                <Download aria-hidden="true" className="size-4" />
                Export CSV
              </a>
            </Button>
            <Button onClick={() => discard.guard(() => setForm({ mode: 'add' }))}>
              <Plus aria-hidden="true" className="size-4" />
              {ui.add}
            </Button>
          </>
        }
      />

      <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
        <HiddenLabelSelect
          label="Partners"
          boxClassName="sm:w-48"
          id="corporate-kind"
          value={params.kind}
          onChange={(e) => switchKind(e.target.value as PartnerKindName)}
          options={PARTNER_KINDS.map((kind) => ({ value: kind, label: KIND_UI[kind].label }))}
        />
        <ListSearchBox
          className="min-w-0 flex-1"
          label={ui.searchLabel}
          placeholder={ui.searchPlaceholder}
          list={{ state: params, update }}
        />
        <HiddenLabelSelect
          label={ui.signedFilter.label}
          boxClassName="sm:w-48"
          id="corporate-signed"
          value={params.signed}
          onChange={(e) => update({ signed: e.target.value as '' | 'true' | 'false' })}
          options={[
            { value: '', label: ui.signedFilter.all },
            { value: 'true', label: ui.signedFilter.yes },
            { value: 'false', label: ui.signedFilter.no },
          ]}
        />
      </div>

      {form &&
        (params.kind === 'landlords' ? (
          <LandlordEditor
            key={form.mode === 'edit' ? form.record.id : 'add'}
            record={form.mode === 'edit' ? (form.record as Landlord) : undefined}
            onDone={closeForm}
            onCancel={() => discard.guard(closeForm)}
            onDirtyChange={setFormDirty}
          />
        ) : (
          <InstitutionEditor
            key={form.mode === 'edit' ? form.record.id : 'add'}
            record={form.mode === 'edit' ? (form.record as Institution) : undefined}
            onDone={closeForm}
            onCancel={() => discard.guard(closeForm)}
            onDirtyChange={setFormDirty}
          />
        ))}

      {list.isError && !data ? (
        <Card>
          <ListError
            title={ui.loadFailed}
            message={errorMessage(list.error, { failed: 'The server could not answer.', network: NETWORK })}
            onRetry={() => void list.refetch()}
            retrying={list.isFetching}
          />
        </Card>
      ) : !data ? (
        <CardSkeletons />
      ) : data.items.length === 0 ? (
        <Card>
          <EmptyState icon={Building2} title={filtered ? ui.noMatch : ui.empty} />
        </Card>
      ) : (
        <>
          <ul
            aria-label={ui.label}
            aria-busy={list.isFetching || undefined}
            className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-3"
          >
            {data.items.map((record) => (
              <li key={record.id}>
                {params.kind === 'landlords' ? (
                  <LandlordCard
                    landlord={record as Landlord}
                    onEdit={() => discard.guard(() => setForm({ mode: 'edit', record }))}
                    onDelete={() => setDeleting(record)}
                  />
                ) : (
                  <InstitutionCard
                    institution={record as Institution}
                    onEdit={() => discard.guard(() => setForm({ mode: 'edit', record }))}
                    onDelete={() => setDeleting(record)}
                  />
                )}
              </li>
            ))}
          </ul>
          <Card>
            <QueryPager query={list} onPage={(page) => update({ page })} />
          </Card>
        </>
      )}

      <DeleteConfirmDialog
        open={deleting !== null}
        onCancel={() => setDeleting(null)}
        title="Delete record"
        message={CORPORATE_MESSAGES.deleteConfirm}
        busy={remove.isPending}
        onConfirm={confirmDelete}
      />
      {discard.prompt}
    </div>
  );
}

interface EditorProps<R> {
  record?: R;
  onDone: () => void;
  onCancel: () => void;
  onDirtyChange: (dirty: boolean) => void;
}

function LandlordEditor({ record, ...props }: EditorProps<Landlord>) {
  const form = useSchemaForm<LandlordFormValues>(KIND_UI.landlords.schema, landlordFormValues(record));
  return (
    <PartnerForm kind="landlords" recordId={record?.id} form={form} {...props}>
      <LandlordFields form={form} />
    </PartnerForm>
  );
}

function InstitutionEditor({ record, ...props }: EditorProps<Institution>) {
  const form = useSchemaForm<InstitutionFormValues>(
    KIND_UI.institutions.schema,
    institutionFormValues(record),
  );
  return (
    <PartnerForm kind="institutions" recordId={record?.id} form={form} {...props}>
      <InstitutionFields form={form} />
    </PartnerForm>
  );
}

function CardSkeletons() {
  return (
    <ul aria-label="Loading" className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-3">
      {Array.from({ length: 6 }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: static placeholders
        <li key={i} className="space-y-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
          <Skeleton className="h-4 w-40" />
          <Skeleton className="h-3 w-28" />
          <Skeleton className="h-16 w-full" />
        </li>
      ))}
    </ul>
  );
}
