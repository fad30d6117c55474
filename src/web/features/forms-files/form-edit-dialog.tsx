import { useEffect, useId, useMemo, useState } from 'react';
import { useForm as useHookForm } from 'react-hook-form';
import type { Form } from '../../../contracts/forms';
import { type FormContent, mergeFormEdit } from '../../../domain/form-merge';
import {
  FORM_TYPE_LABELS,
  type FormType,
  FORM_MESSAGES as M,
  missingRequiredFields,
} from '../../../domain/forms';
import { FormFooter, focusFirstField, showServerFieldErrors, useDiscardGuard } from '../../components/forms';
import { Alert, Button, DateInput, Dialog, Field, toast } from '../../components/ui';
import { failureWithReason, NETWORK_MESSAGE } from '../../lib/api';
import { todayIso } from '../../lib/format';
import { FormPhotoPicker, type KeptForm } from '../offline';
import { type StudentOption, StudentPicker } from '../students';
import { type ConflictSide, FormConflictChoices, type FormConflictState, serverValue } from './form-conflict';
import { FormTypeFields } from './form-fields';
import { type FormValues, formBody, formDefaults, formFieldNames, formResolver } from './form-values';
import { formConflictOf, reasonOf, useCompleteForm, useSaveForm } from './forms-files.queries';
import { useFormOnPhone } from './use-form-on-phone';

type Failure = { title: string; detail?: string };

const contentOf = (form: Pick<Form, 'student_id' | 'form_date' | 'fields' | 'photo_ids'>): FormContent => ({
  student_id: form.student_id,
  form_date: form.form_date,
  fields: form.fields,
  photo_ids: form.photo_ids,
});

/** A field's value as the dialog holds it, by the name the server gives it. */
const heldValue = (values: FormValues, name: string): string =>
  name === 'student_id' || name === 'form_date'
    ? values[name]
    : (values.fields[name.slice('fields.'.length)] ?? '');

/**
 * A new form of one type, or a form being changed: the student, the date (today in Lusaka) and the
 * type's own fields. 'Save Draft' keeps it as it is; 'Complete Form' first checks the type's
 * required fields and, with any empty, shows each one and saves nothing (a draft is the user's own
 * choice); otherwise it saves the form and then completes it.
 */
export function FormEditDialog({
  type,
  form,
  student,
  kept,
  onClose,
  onSaved,
}: {
  type: FormType;
  form?: Form;
  /** A form kept on the phone: a draft, or an outbox record to fix (docs/decisions/012). */
  kept?: KeptForm;
  /** The student a new form starts with (the list's student filter). */
  student?: StudentOption | null;
  onClose: () => void;
  onSaved?: (form: Form, created: boolean) => void;
}) {
  const formId = useId();
  const save = useSaveForm();
  const complete = useCompleteForm();
  const today = todayIso();
  // The form as last saved: a failed Complete leaves a draft, which a second try must update.
  const [saved, setSaved] = useState<Form | undefined>(kept ? (kept.base ?? undefined) : form);
  const [picked, setPicked] = useState<StudentOption | null>(
    kept?.student ?? (form ? null : (student ?? null)),
  );
  const [failure, setFailure] = useState<Failure | null>(null);
  const [action, setAction] = useState<'save' | 'complete'>('save');
  // A save that found the same fields changed meanwhile (412), and the officer's choice for each.
  const [conflict, setConflict] = useState<FormConflictState | null>(null);
  const [chosen, setChosen] = useState<Record<string, ConflictSide>>({});
  const [pickedBefore, setPickedBefore] = useState<StudentOption | null>(null);
  const resolver = useMemo(() => formResolver(type), [type]);
  const hookForm = useHookForm<FormValues>({
    resolver,
    defaultValues: kept?.values ?? formDefaults(type, today, form, form ? undefined : student?.id),
  });
  const { register, setValue, setError, reset, handleSubmit } = hookForm;
  const phone = useFormOnPhone({ type, form, kept, hookForm, saved, picked, onClose });
  const { errors, isDirty, isSubmitting: busy } = hookForm.formState;
  // Leaving the page asks only while a change is not on the phone yet: a kept draft comes back.
  const discard = useDiscardGuard(isDirty, true, phone.draftKept);
  const names = formFieldNames(type);
  const draft = !saved || saved.status === 'draft';
  const label = FORM_TYPE_LABELS[type];

  /**
   * The form as saved now, with what the officer changed and nobody else did merged in; the fields
   * changed on both sides keep the officer's value until they choose. The next save names the
   * version the server gave.
   */
  const showConflict = (current: Form, fields: string[], base: Form, values: FormValues) => {
    const edit = { ...formBody(type, values), photo_ids: phone.photoIds };
    const { merged } = mergeFormEdit(contentOf(base), contentOf(current), edit);
    const shown = {
      ...current,
      student_id: merged.student_id,
      form_date: merged.form_date,
      fields: merged.fields,
    };
    reset(formDefaults(type, today, shown), { keepDefaultValues: true });
    setSaved(current);
    setPickedBefore(picked);
    setChosen({});
    setConflict({
      current,
      fields,
      yours: Object.fromEntries(fields.map((name) => [name, heldValue(values, name)])),
      yoursStudentName: picked?.full_name,
    });
  };

  // Reopened from the outbox: what the server said about it, or both sides of its conflict.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, as the dialog opens
  useEffect(() => {
    if (kept?.conflict && kept.base)
      showConflict(kept.conflict.current, kept.conflict.conflicting_fields, kept.base, kept.values);
    else if (kept?.message) {
      setFailure({ title: kept.message });
      for (const [name, message] of Object.entries(kept.field_errors ?? {}))
        if (names.includes(name)) setError(name as keyof FormValues, { type: 'server', message });
    }
  }, []);

  const choose = (name: string, side: ConflictSide) => {
    if (!conflict) return;
    setChosen((before) => ({ ...before, [name]: side }));
    const value = side === 'yours' ? (conflict.yours[name] ?? '') : serverValue(conflict.current, name);
    setValue(name as keyof FormValues, value, { shouldDirty: true });
    if (name === 'student_id') setPicked(side === 'yours' ? pickedBefore : null);
  };

  const run = (completing: boolean) =>
    handleSubmit(async (values) => {
      setAction(completing ? 'complete' : 'save');
      setFailure(null);
      if (conflict?.fields.some((name) => !chosen[name])) {
        setFailure({ title: M.chooseConflicts });
        return;
      }
      const missing = completing ? missingRequiredFields(type, formBody(type, values).fields) : {};
      if (Object.keys(missing).length > 0) {
        for (const [name, message] of Object.entries(missing))
          setError(name as `fields.${string}`, { type: 'required', message });
        setFailure({ title: M.completeFirst });
        return;
      }
      const created = !saved;
      let record: Form;
      try {
        await phone.uploadPhotos();
        record = await save.mutateAsync({ saved, body: phone.body(values) });
      } catch (error) {
        if (await phone.keepIfUnreachable(error, values, completing, saved)) return;
        const changed = formConflictOf(error);
        if (changed && saved) {
          showConflict(changed.current, changed.conflicting_fields, saved, values);
          return;
        }
        const onField = showServerFieldErrors(error, setError, names);
        const title = failureWithReason(error, 'Failed to save form', NETWORK_MESSAGE);
        setFailure(onField ? null : { title });
        return;
      }
      setSaved(record);
      setConflict(null);
      // What was typed is saved now: closing no longer asks to discard it, nor does the phone keep it.
      reset(values);
      await phone.acknowledged();
      if (!completing) {
        toast.success(created ? M.created : M.saved);
        onSaved?.(record, created);
        onClose();
        return;
      }
      try {
        const done = await complete.mutateAsync(record.id);
        toast.success(M.completed);
        onSaved?.(done, created);
        onClose();
      } catch (error) {
        if (await phone.keepIfUnreachable(error, values, true, record)) return;
        showServerFieldErrors(error, setError, names);
        setFailure({ title: reasonOf(error), detail: created ? M.created : M.saved });
        if (created) onSaved?.(record, created);
      }
    });

  // Discarding what was typed discards the draft; closing an untouched one keeps it to continue.
  const close = () =>
    !busy &&
    discard.guard(() => {
      if (isDirty) phone.discarded();
      onClose();
    });

  return (
    <>
      <Dialog
        open
        onOpenChange={(next) => !next && close()}
        onOpenAutoFocus={(event) => {
          if (focusFirstField(document.getElementById(formId))) event.preventDefault();
        }}
        title={saved ? `Edit ${label}` : `New ${label}`}
        description="Fields marked * are needed to complete the form. A draft may be saved without them."
        size="lg"
        dismissible={!busy}
        footer={
          <FormFooter
            formId={formId}
            busy={busy}
            onCancel={close}
            submit={{
              label: draft ? 'Save Draft' : 'Save Changes',
              loadingText: 'Saving...',
              variant: draft ? 'secondary' : 'primary',
              disabled: busy && action !== 'save',
              loading: busy && action === 'save',
            }}
            more={
              draft && (
                <Button
                  disabled={busy && action !== 'complete'}
                  loading={busy && action === 'complete'}
                  loadingText="Completing..."
                  onClick={() => void run(true)()}
                >
                  Complete Form
                </Button>
              )
            }
          />
        }
      >
        {/* Enter in a field saves the draft: completing is always a deliberate click. */}
        <form id={formId} noValidate onSubmit={run(false)} className="space-y-4">
          {failure && (
            <Alert tone="error" title={failure.title}>
              {failure.detail}
            </Alert>
          )}
          {conflict && (
            <FormConflictChoices
              type={type}
              conflict={conflict}
              chosen={chosen}
              onChoose={choose}
              disabled={busy}
            />
          )}
          <div className="grid gap-4 sm:grid-cols-[1fr_12rem]">
            <Field label="Student" required error={errors.student_id?.message}>
              <StudentPicker
                value={picked}
                onChange={(next) => {
                  setPicked(next);
                  // Clearing a new pick goes back to the student the saved form names.
                  setValue('student_id', next?.id ?? saved?.student_id ?? '', {
                    shouldDirty: true,
                    shouldValidate: Boolean(errors.student_id),
                  });
                }}
                disabled={busy}
                placeholder={saved?.student_name ?? 'Select a student'}
              />
            </Field>
            <Field label="Date" required error={errors.form_date?.message}>
              <DateInput max={today} disabled={busy} {...register('form_date')} />
            </Field>
          </div>
          <input type="hidden" {...register('student_id')} />
          <FormTypeFields type={type} register={register} errors={errors} disabled={busy} />
          {phone.work && type === 'home_visit' && (
            <FormPhotoPicker
              db={phone.work.db}
              photoIds={phone.photoIds}
              onChange={phone.changePhotos}
              disabled={busy}
            />
          )}
        </form>
      </Dialog>
      {discard.prompt}
    </>
  );
}
