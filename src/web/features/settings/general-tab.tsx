import { useFormContext, useWatch } from 'react-hook-form';
import {
  CURRENCIES,
  DATE_FORMATS,
  LANGUAGES,
  SETTINGS_LIMITS,
  type SystemSettings,
  TIME_ZONES,
} from '../../../domain/settings';
import { Card, CardBody, CardHeader, Field, Input, Select } from '../../components/ui';
import { useFieldError, WholeNumberField } from './settings-fields';

const TIME_ZONE_LABELS: Record<(typeof TIME_ZONES)[number], string> = {
  'Africa/Lusaka': 'Africa/Lusaka (Zambia)',
  'Africa/Harare': 'Africa/Harare (Zimbabwe)',
  UTC: 'UTC',
};

const CURRENCY_LABELS: Record<(typeof CURRENCIES)[number], string> = {
  ZMW: 'ZMW (Zambian kwacha)',
  USD: 'USD (US dollar)',
  EUR: 'EUR (Euro)',
};

type DateFormat = (typeof DATE_FORMATS)[number];

/** Today in `format`, as the day is in `timeZone`, so each choice shows what it would look like. */
export function todayIn(format: DateFormat, timeZone: string, now = new Date()): string {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
  }).formatToParts(now);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  const [d, m, y] = [part('day'), part('month'), part('year')];
  if (format === 'MM/DD/YYYY') return `${m}/${d}/${y}`;
  if (format === 'YYYY-MM-DD') return `${y}-${m}-${d}`;
  return `${d}/${m}/${y}`;
}

/** Names, time zone, language, currency label, date format and the allowances' payment day. */
export function GeneralTab() {
  const { register, control } = useFormContext<SystemSettings>();
  const timeZone = useWatch({ control, name: 'general.timezone' });
  const errorOf = {
    systemName: useFieldError('general.systemName'),
    organizationName: useFieldError('general.organizationName'),
    timezone: useFieldError('general.timezone'),
    language: useFieldError('general.language'),
    currency: useFieldError('general.currency'),
    dateFormat: useFieldError('general.dateFormat'),
  };
  return (
    <Card>
      <CardHeader
        title="General"
        description="Names, time zone, currency, how dates are written and when allowances are due."
      />
      <CardBody className="grid gap-5 md:grid-cols-2">
        <Field label="System name" error={errorOf.systemName} required>
          <Input maxLength={80} autoComplete="off" {...register('general.systemName')} />
        </Field>
        <Field label="Organisation name" error={errorOf.organizationName} required>
          <Input maxLength={120} autoComplete="organization" {...register('general.organizationName')} />
        </Field>
        <Field
          label="Time zone"
          error={errorOf.timezone}
          hint="The calendar day of dates and deadlines is the day in this time zone."
        >
          <Select
            options={TIME_ZONES.map((value) => ({ value, label: TIME_ZONE_LABELS[value] }))}
            {...register('general.timezone')}
          />
        </Field>
        <Field label="Language" error={errorOf.language} hint="The app is in English only.">
          <Select
            options={LANGUAGES.map((value) => ({ value, label: value }))}
            {...register('general.language')}
          />
        </Field>
        <Field
          label="Currency"
          error={errorOf.currency}
          hint="Amounts are always in the currency they were entered in; this label is never a conversion."
        >
          <Select
            options={CURRENCIES.map((value) => ({ value, label: CURRENCY_LABELS[value] }))}
            {...register('general.currency')}
          />
        </Field>
        <Field
          label="Date format"
          error={errorOf.dateFormat}
          hint="Each choice shows today as it would be written."
        >
          <Select
            options={DATE_FORMATS.map((value) => ({
              value,
              label: `${value} (${todayIn(value, timeZone)})`,
            }))}
            {...register('general.dateFormat')}
          />
        </Field>
        <WholeNumberField
          name="general.allowancePaymentDay"
          label="Allowance payment day"
          limits={SETTINGS_LIMITS.allowancePaymentDay}
          hint="A month's allowances paid by this day of that month count as on time on the dashboard."
          unit="of the month"
        />
      </CardBody>
    </Card>
  );
}
