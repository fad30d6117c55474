import { describe, expect, it } from 'vitest';
import { differingFields, type FormContent, mergeFormEdit } from './form-merge';

const base: FormContent = {
  student_id: 's1',
  form_date: '2026-03-10',
  fields: { people_present: 'Mwila', living_conditions: 'Two rooms', follow_up_actions: 'Lamp' },
  photo_ids: ['p1', 'p2'],
};
const withFields = (fields: FormContent['fields'], more: Partial<FormContent> = {}) => ({
  ...base,
  ...more,
  fields: { ...base.fields, ...fields },
});

describe('merging an edit made on an older version', () => {
  it('takes the edit’s fields and keeps the ones changed since', () => {
    const current = withFields({ people_present: 'Mwila and her mother' });
    const edit = withFields({ follow_up_actions: 'Bring a study lamp' }, { form_date: '2026-03-11' });
    expect(mergeFormEdit(base, current, edit)).toEqual({
      merged: withFields(
        { people_present: 'Mwila and her mother', follow_up_actions: 'Bring a study lamp' },
        { form_date: '2026-03-11' },
      ),
      conflicting_fields: [],
      taken_from_edit: ['form_date', 'fields.follow_up_actions'],
    });
  });

  it('names the fields both changed to different values, which keep the edit’s value in the merge', () => {
    const current = withFields({ living_conditions: 'Three rooms', people_present: 'Her aunt' });
    const edit = withFields({ living_conditions: 'One room', follow_up_actions: 'Visit again' });
    const merge = mergeFormEdit(base, current, edit);
    expect(merge.conflicting_fields).toEqual(['fields.living_conditions']);
    expect(merge.merged.fields).toEqual({
      people_present: 'Her aunt',
      living_conditions: 'One room',
      follow_up_actions: 'Visit again',
    });
  });

  it('the same change on both sides, or a field emptied on one side only, is no conflict', () => {
    const { follow_up_actions: _, ...emptied } = base.fields;
    const current = withFields({ living_conditions: 'Three rooms' });
    const edit = { ...base, fields: { ...emptied, living_conditions: 'Three rooms' } };
    const merge = mergeFormEdit(base, current, edit);
    expect(merge.merged.fields).toEqual({ people_present: 'Mwila', living_conditions: 'Three rooms' });
    expect(merge.taken_from_edit).toEqual(['fields.follow_up_actions']);
  });

  it('a field filled in on both sides with different values conflicts; emptied by one and changed by the other too', () => {
    const current = withFields({ topics: 'Fees', follow_up_actions: 'Call the school' });
    const { follow_up_actions: _, ...emptied } = base.fields;
    const edit = { ...base, fields: { ...emptied, topics: 'Exams' } };
    expect(mergeFormEdit(base, current, edit).conflicting_fields).toEqual([
      'fields.follow_up_actions',
      'fields.topics',
    ]);
  });
});

describe('telling two contents apart', () => {
  it('names each field that differs, a missing one included; none for the same content', () => {
    expect(differingFields(base, withFields({}))).toEqual([]);
    expect(differingFields(base, { ...base, photo_ids: ['p2', 'p1'] })).toEqual([]);
    expect(differingFields(base, { ...base, photo_ids: ['p1'] })).toEqual(['photo_ids']);
    expect(
      differingFields(base, withFields({ people_present: 'x', extra: 3 }, { student_id: 's2' })),
    ).toEqual(['student_id', 'fields.people_present', 'fields.extra']);
  });
});
