import type { FormFieldValues } from './forms';

/*
 * Never a silent overwrite (issue 48, item 6): an edit made on an older version of a form is
 * merged with the changes saved since, field by field, against the version it started from. A
 * field only the edit changed takes the edit's value; one only the others changed keeps theirs;
 * one both changed to different values is a conflict the officer settles.
 */

/** What an edit may change in a form: its student, its date, its type's fields and its photos. */
export interface FormContent {
  student_id: string;
  form_date: string;
  fields: FormFieldValues;
  /** A home visit's photos: one value, whatever their order. */
  photo_ids: readonly string[];
}

type Value = string | number | undefined;

/**
 * The content as one flat map: 'student_id', 'form_date', 'photo_ids' (sorted, joined) and
 * 'fields.<key>' (an empty field is absent).
 */
function flatten(content: FormContent): Map<string, Value> {
  const flat = new Map<string, Value>([
    ['student_id', content.student_id],
    ['form_date', content.form_date],
    ['photo_ids', [...content.photo_ids].sort().join(',')],
  ]);
  for (const [key, value] of Object.entries(content.fields)) flat.set(`fields.${key}`, value);
  return flat;
}

function unflatten(flat: Map<string, Value>): FormContent {
  const fields: FormFieldValues = {};
  for (const [key, value] of flat) {
    if (key.startsWith('fields.') && value !== undefined) fields[key.slice('fields.'.length)] = value;
  }
  const photos = String(flat.get('photo_ids') ?? '');
  return {
    student_id: String(flat.get('student_id')),
    form_date: String(flat.get('form_date')),
    fields,
    photo_ids: photos === '' ? [] : photos.split(','),
  };
}

export interface FormMerge {
  /** The merged content; a conflicting field keeps the edit's value (the officer's, until they choose). */
  merged: FormContent;
  /** The fields both changed to different values: the server writes nothing while there are any. */
  conflicting_fields: string[];
  /** The fields the edit changed and nobody else did, in the order of the content. */
  taken_from_edit: string[];
}

/** Merges `edit` (made on `base`) into `current` (saved since `base`). */
export function mergeFormEdit(base: FormContent, current: FormContent, edit: FormContent): FormMerge {
  const [b, c, e] = [flatten(base), flatten(current), flatten(edit)];
  const merged = new Map(c);
  const conflicting: string[] = [];
  const fromEdit: string[] = [];
  for (const key of new Set([...b.keys(), ...c.keys(), ...e.keys()])) {
    const [was, theirs, mine] = [b.get(key), c.get(key), e.get(key)];
    if (mine === was || mine === theirs) continue;
    merged.set(key, mine);
    if (theirs === was) fromEdit.push(key);
    else conflicting.push(key);
  }
  return { merged: unflatten(merged), conflicting_fields: conflicting, taken_from_edit: fromEdit };
}

/** The fields two contents tell apart (a create sent again is the same form only if there are none). */
export function differingFields(a: FormContent, b: FormContent): string[] {
  const [x, y] = [flatten(a), flatten(b)];
  return [...new Set([...x.keys(), ...y.keys()])].filter((key) => x.get(key) !== y.get(key));
}
