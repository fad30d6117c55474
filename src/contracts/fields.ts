import { z } from 'zod';
import { isIsoDate } from '../domain/dates';
import { normalisePhone } from '../domain/phone';

/*
 * Input fields the records' contracts share. Blank strings become null (or missing, for fields
 * whose absence keeps a default), text is trimmed and bounded, and each message names its field.
 */

const isBlank = (v: unknown) => v === null || (typeof v === 'string' && v.trim() === '');
export const blankAsNull = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (isBlank(v) ? null : v), schema);
export const blankAsMissing = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (isBlank(v) ? undefined : v), schema);

/** Optional free text, trimmed and bounded; blank -> null. */
export const optionalTextField = (label: string, max: number) =>
  blankAsNull(
    z
      .string({ message: `${label} must be text` })
      .trim()
      .max(max, { message: `${label} must be at most ${max} characters` })
      .nullish(),
  );

/** Trimmed text that must be there, with `message` when it is missing or blank. */
export const requiredTextField = (label: string, message: string, max: number) =>
  z
    .string({ message })
    .trim()
    .min(1, { message })
    .max(max, { message: `${label} must be at most ${max} characters` });

/** An optional email address, lower-cased; blank -> null. */
export const emailField = (message: string) =>
  blankAsNull(
    z.preprocess(
      (v) => (typeof v === 'string' ? v.trim().toLowerCase() : v),
      z.email({ message }).max(254, { message: 'Email must be at most 254 characters' }).nullish(),
    ),
  );

/** An optional phone number, stored in E.164 (+260971234567); blank -> null. */
export const phoneField = (message: string) =>
  blankAsNull(
    z
      .string({ message })
      .transform((value, ctx) => {
        const phone = normalisePhone(value);
        if (phone === null) {
          ctx.issues.push({ code: 'custom', input: value, message });
          return z.NEVER;
        }
        return phone;
      })
      .nullish(),
  );

const isWebAddress = (value: string) => {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
};

/** An optional http(s) address such as a photo's, at most 2000 characters; blank -> null. */
export const webAddressField = (label: string, message: string) =>
  blankAsNull(
    z
      .string({ message: `${label} must be a web address` })
      .trim()
      .max(2000, { message: `${label} address must be at most 2000 characters` })
      .refine(isWebAddress, { message })
      .nullish(),
  );

/** An optional calendar date written YYYY-MM-DD; blank -> null. */
export const optionalDateField = (label: string) =>
  blankAsNull(
    z
      .string({ message: `${label} must be a date written YYYY-MM-DD` })
      .trim()
      .refine(isIsoDate, { message: `${label} must be a real date written YYYY-MM-DD` })
      .nullish(),
  );

/** A list's search box: trimmed, at most 100 characters, absent when blank. */
export const searchField = () =>
  blankAsMissing(z.string().trim().max(100, { message: 'Search must be at most 100 characters' }).optional());

/** One of a few values, with a message that lists them; blank -> missing. */
export const choiceField = <T extends readonly [string, ...string[]]>(label: string, values: T) =>
  z.enum(values, { message: `${label} must be one of: ${values.join(', ')}` });

/** A case list's filter by whom the cases are assigned to: a staff account's id, or `me`. */
export const assigneeFilter = () =>
  blankAsMissing(
    z.union([z.literal('me'), z.uuid()], { message: 'Assignee must be me or a staff account id' }).optional(),
  );

/** A list's filter to one student's records. */
export const studentFilter = () =>
  blankAsMissing(z.uuid({ message: 'student_id must be a student id' }).optional());

/** A list's filter on one of `values`; blank or absent is no filter. */
export const choiceFilter = <T extends readonly [string, ...string[]]>(label: string, values: T) =>
  blankAsMissing(choiceField(label, values).optional());

/** A record's choice of one of `values`; blank or absent is `fallback`. */
export const choiceOr = <T extends readonly [string, ...string[]]>(
  label: string,
  values: T,
  fallback: T[number],
) => blankAsMissing(choiceField(label, values).default(fallback as never));
