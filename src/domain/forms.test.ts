import { describe, expect, it } from 'vitest';
import {
  canCompleteForm,
  canReviewForm,
  FORM_FIELDS,
  formChangeRefusal,
  formFieldText,
  FORM_MESSAGES as M,
  missingRequiredFields,
} from './forms';

const officer = { id: 'po1', role: 'program_officer' };
const otherOfficer = { id: 'po2', role: 'program_officer' };
const manager = { id: 'dpm', role: 'deputy_manager' };
const admin = { id: 'adm', role: 'admin' };

describe('who may change a form', () => {
  it('a draft: its author and management; completed: management; reviewed: nobody', () => {
    const draft = { status: 'draft' as const, author_id: 'po1' };
    expect(formChangeRefusal(officer, draft)).toBeNull();
    expect(formChangeRefusal(otherOfficer, draft)).toBe(M.notYourDraft);
    expect(formChangeRefusal(manager, draft)).toBeNull();
    const completed = { status: 'completed' as const, author_id: 'po1' };
    expect(formChangeRefusal(officer, completed)).toBe(M.completedReadOnly);
    expect(formChangeRefusal(admin, completed)).toBeNull();
    const reviewed = { status: 'reviewed' as const, author_id: 'po1' };
    for (const actor of [officer, manager, admin]) expect(formChangeRefusal(actor, reviewed)).toBe(M.locked);
  });

  it('completing is for a draft one may change; reviewing for a completed form, by management', () => {
    expect(canCompleteForm(officer, { status: 'draft', author_id: 'po1' })).toBe(true);
    expect(canCompleteForm(officer, { status: 'completed', author_id: 'po1' })).toBe(false);
    expect(canReviewForm(officer, { status: 'completed', author_id: 'po1' })).toBe(false);
    expect(canReviewForm(manager, { status: 'completed', author_id: 'po1' })).toBe(true);
    expect(canReviewForm(admin, { status: 'draft', author_id: 'po1' })).toBe(false);
  });
});

describe('the fields of each type', () => {
  it('names the empty required fields by their path', () => {
    expect(missingRequiredFields('care_call', { person_called: 'Mwila', topics: '  ' })).toEqual({
      'fields.duration_minutes': 'Duration is required',
      'fields.topics': 'Topics discussed is required',
      'fields.wellbeing_rating': 'Wellbeing rating is required',
    });
    expect(
      missingRequiredFields('home_visit', {
        people_present: 'a',
        living_conditions: 'b',
        follow_up_actions: 'c',
      }),
    ).toEqual({});
  });

  it('writes values as people read them', () => {
    const [reason] = FORM_FIELDS.discharge;
    const rating = FORM_FIELDS.care_call.find((f) => f.key === 'wellbeing_rating')!;
    const duration = FORM_FIELDS.care_call.find((f) => f.key === 'duration_minutes')!;
    expect(formFieldText(reason!, 'completed_programme')).toBe('Completed the programme');
    expect(formFieldText(rating, 4)).toBe('4 of 5');
    expect(formFieldText(duration, 20)).toBe('20 minutes');
    expect(formFieldText(duration, undefined)).toBe('');
  });
});
