import { type MyProfile, ProfileInputSchema } from '../../../contracts/users';
import { USER_MESSAGES } from '../../../domain/users';
import { showServerFieldErrors, useSchemaForm } from '../../components/forms';
import { DateInput, Field, Input, Textarea, toast } from '../../components/ui';
import { failureWithReason, NETWORK_MESSAGE } from '../../lib/api';
import { useSaveProfile } from './account.queries';
import { FormCard } from './form-card';

/** The fields of PUT /api/me/profile, in the order the form shows them. */
export const PROFILE_FIELDS = [
  'phone_number',
  'address',
  'date_of_birth',
  'department',
  'emergency_contact_name',
  'emergency_contact_phone',
  'emergency_contact_relationship',
] as const;
type ProfileField = (typeof PROFILE_FIELDS)[number];
type ProfileFormValues = Record<ProfileField, string>;

/** The form's values as typed: the profile's, blanks for what it lacks. */
export function profileDefaults(profile: MyProfile): ProfileFormValues {
  const values = {} as ProfileFormValues;
  for (const field of PROFILE_FIELDS) values[field] = profile[field] ?? '';
  return values;
}

/** Personal Information and Emergency Contact, saved together with one button. */
export function ProfileForm({ profile }: { profile: MyProfile }) {
  const save = useSaveProfile();
  const form = useSchemaForm<ProfileFormValues>(ProfileInputSchema, profileDefaults(profile));
  const { register } = form;
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async (values) => {
    try {
      const saved = await save.mutateAsync(ProfileInputSchema.parse(values));
      form.reset(profileDefaults(saved));
      toast.success(USER_MESSAGES.profileSaved);
    } catch (error) {
      if (!showServerFieldErrors(error, form.setError, PROFILE_FIELDS))
        toast.error(failureWithReason(error, 'Failed to save profile', NETWORK_MESSAGE));
    }
  });

  return (
    <FormCard
      title="Personal Information"
      description="How the programme reaches you."
      onSubmit={submit}
      busy={isSubmitting}
      submitLabel="Save Changes"
      pendingLabel="Saving..."
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="Phone Number" hint="For example +260 97 123 4567" error={errors.phone_number?.message}>
          <Input type="tel" inputMode="tel" autoComplete="tel" {...register('phone_number')} />
        </Field>
        <Field label="Date of Birth" error={errors.date_of_birth?.message}>
          <DateInput autoComplete="bday" {...register('date_of_birth')} />
        </Field>
      </div>
      <Field label="Address" error={errors.address?.message}>
        <Textarea rows={2} maxLength={300} autoComplete="street-address" {...register('address')} />
      </Field>
      <Field label="Department" error={errors.department?.message}>
        <Input maxLength={120} autoComplete="organization-title" {...register('department')} />
      </Field>
      <fieldset className="min-w-0 space-y-4 border-t border-slate-100 pt-4">
        <legend className="float-left mb-4 w-full text-base font-semibold text-slate-900">
          Emergency Contact
        </legend>
        <div className="clear-both grid gap-4 sm:grid-cols-2">
          <Field label="Contact Name" error={errors.emergency_contact_name?.message}>
            <Input maxLength={120} {...register('emergency_contact_name')} />
          </Field>
          <Field label="Contact Phone" error={errors.emergency_contact_phone?.message}>
            <Input type="tel" inputMode="tel" {...register('emergency_contact_phone')} />
          </Field>
        </div>
        <Field
          label="Relationship"
          hint="For example Mother, Spouse"
          error={errors.emergency_contact_relationship?.message}
        >
          <Input maxLength={60} {...register('emergency_contact_relationship')} />
        </Field>
      </fieldset>
    </FormCard>
  );
}
