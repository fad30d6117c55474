import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { Field, Textarea } from '../../components/ui';

/**
 * A decision's comment, one allowance's or many's: required, what it is kept as said under it
 * (`hint`), and the box focused as the dialog opens.
 */
export function DecisionComment<F extends FieldValues & { comment: string }>({
  form,
  hint,
  busy,
}: {
  form: UseFormReturn<F>;
  hint: string;
  busy: boolean;
}) {
  const name = 'comment' as Path<F>;
  const { error } = form.getFieldState(name, form.formState);
  return (
    <Field label="Comment" required error={error?.message} hint={hint}>
      <Textarea rows={4} autoFocus maxLength={2000} disabled={busy} {...form.register(name)} />
    </Field>
  );
}
