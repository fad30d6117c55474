import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import { Field, PasswordInput } from '../../components/ui';
import { usePasswordRule } from '../../lib/public-settings';

/** A form that sets a password: the new one and its confirmation (reset, invitation). */
export interface NewPasswordForm {
  newPassword: string;
  confirmPassword: string;
}

/** The refinement such forms share: the confirmation must match (docs/product.md §5). */
export const passwordsMatch = {
  check: (values: NewPasswordForm) => values.newPassword === values.confirmPassword,
  message: { message: 'Passwords do not match', path: ['confirmPassword'] },
};

/** 'New Password' and 'Confirm Password', with their errors. */
export function NewPasswordFields<T extends NewPasswordForm>({
  register,
  errors,
}: {
  register: UseFormRegister<T>;
  errors: FieldErrors<T>;
}) {
  // The form may hold more (the reset token); these two fields are all this part registers.
  const reg = register as unknown as UseFormRegister<NewPasswordForm>;
  const errs = errors as FieldErrors<NewPasswordForm>;
  const rule = usePasswordRule();
  return (
    <>
      <Field label="New Password" error={errs.newPassword?.message} hint={rule} required>
        <PasswordInput autoComplete="new-password" {...reg('newPassword')} />
      </Field>
      <Field label="Confirm Password" error={errs.confirmPassword?.message} required>
        <PasswordInput autoComplete="new-password" {...reg('confirmPassword')} />
      </Field>
    </>
  );
}
