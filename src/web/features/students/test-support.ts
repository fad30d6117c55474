import { STUDENT_LIST_ITEM_FIELDS, type Student, type StudentListItem } from '../../../contracts/students';

/*
 * A whole student record for screen tests, and the list item the list would send of it: the
 * dialogs opened from a list row get the item and must read the rest by id.
 */

export const STUDENT_ID = 'c0ffee00-0000-4000-8000-000000000001';
export const OFFICER_ID = 'b6f1c3de-0000-4000-8000-0000000000a1';

export const fullStudent: Student = {
  id: STUDENT_ID,
  first_name: 'Mutale',
  last_name: 'Phiri',
  full_name: 'Mutale Phiri',
  email: 'mutale@mail.example',
  contact_number: '+260977000111',
  community: 'Kabwata',
  program_level: 'university',
  program_status: 'enrolled',
  academic_standing: 'probation',
  institution_name: 'University of Zambia',
  current_program: 'BSc Nursing',
  assigned_officer_id: OFFICER_ID,
  assigned_officer_name: 'Bupe Tembo',
  landlord_id: null,
  institution_id: null,
  overall_gpa: 3.25,
  chl_number: 'CHL-0042',
  gender: 'female',
  date_of_birth: '2004-05-06',
  age: 21,
  nrc_number: '123456/10/1',
  school_id_number: 'UNZA-77',
  profile_photo_url: null,
  program_notes: 'Needs a bursary letter',
  guardian_full_name: 'Grace Phiri',
  guardian_community: 'Matero',
  guardian_contact_number: '+260966000222',
  guardian_relationship: 'Aunt',
  institution_location: 'Lusaka',
  area_of_study: 'Health',
  program_length: '4 years',
  start_date: '2023-01-09',
  expected_end_date: '2026-12-11',
  accommodation_type: 'boarding_house',
  accommodation_monthly_rent: '900.00',
  accommodation_payment_method: 'Bank transfer',
  accommodation_address: 'Plot 12, Kabwata',
  accommodation_landlord_name: 'Mr Banda',
  accommodation_landlord_contact: '+260955000333',
  laptop_plan: 'rent_to_own',
  laptop_serial_number: 'SN-9',
  laptop_monthly_deduction: '150.00',
  laptop_inspection_date: null,
  laptop_submission_date: null,
  laptop_collection_date: null,
  created_at: '2025-02-03T08:00:00.000Z',
  updated_at: '2025-03-04T09:30:00.000Z',
};

export const listItem = Object.fromEntries(
  STUDENT_LIST_ITEM_FIELDS.map((field) => [field, fullStudent[field]]),
) as StudentListItem;

/** A response the test lets arrive when it chooses (the record "still loading" until then). */
export function later() {
  let arrive: (response: Response | Promise<Response>) => void = () => {};
  const promise = new Promise<Response>((resolve) => {
    arrive = resolve;
  });
  return { promise, arrive };
}
