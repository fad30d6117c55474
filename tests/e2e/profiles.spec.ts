import type { Page } from '@playwright/test';
import { ageOn, lusakaDate } from '../../src/domain/dates';
import { expect, signIn, test, typeDate, unique } from './support/fixtures';

/**
 * Student Profiles (/profiles): card grid and search, the read-only view with its sections and
 * age, the full form with the laptop plan's conditional fields, and admin-only delete.
 */

type StudentBody = Record<string, string | number | null>;

async function createStudent(page: Page, body: StudentBody) {
  const response = await page.request.post('/api/students', { data: body });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as { id: string; full_name: string };
}

async function officerId(page: Page, staffId: string): Promise<string> {
  const response = await page.request.get('/api/students/officers');
  const officers = (await response.json()) as Array<{ id: string; staff_id: string | null }>;
  return officers.find((o) => o.staff_id === staffId)!.id;
}

/** A birth date whose birthday is tomorrow in Lusaka, `years` years ago: the age is still years - 1. */
function birthdayTomorrow(years: number): string {
  const tomorrow = new Date(Date.now() + 24 * 3600 * 1000);
  const [y, m, d] = lusakaDate(tomorrow).split('-');
  const date = `${Number(y) - years}-${m}-${d}`;
  // 29 February does not come every year; take 1 March instead.
  return date.endsWith('-02-29') ? `${Number(y) - years}-03-01` : date;
}

const card = (page: Page, name: string) => page.getByRole('article', { name });
const searchProfiles = (page: Page) => page.getByRole('searchbox', { name: 'Search profiles' });

test.describe('Student Profiles', () => {
  test('the view shows every section and the age with the birthday adjustment', async ({ page }) => {
    await signIn(page, 'ADM001');
    const last = unique('Profile');
    const dob = birthdayTomorrow(20);
    const chl = unique('CHL-P-');
    await createStudent(page, {
      first_name: 'Thandiwe',
      last_name: last,
      email: `${last.toLowerCase()}@example.org`,
      chl_number: chl,
      gender: 'female',
      date_of_birth: dob,
      nrc_number: unique('NRC'),
      guardian_full_name: 'Joyce Banda',
      guardian_relationship: 'Aunt',
      program_level: 'university',
      institution_name: 'University of Zambia',
      current_program: 'BSc Nursing',
      overall_gpa: 3.4,
      accommodation_type: 'boarding_house',
      accommodation_monthly_rent: '1200',
      laptop_plan: 'rent_to_own',
      laptop_serial_number: 'SN-123',
      laptop_monthly_deduction: '250',
      program_notes: 'Peer mentor for first-years.',
    });

    await page.getByRole('link', { name: 'Student Profiles' }).click();
    await expect(page.getByRole('heading', { name: 'Student Profiles' })).toBeVisible();
    // Search by CHL ID, then by email, then by name.
    await searchProfiles(page).fill(chl);
    await expect(card(page, `Thandiwe ${last}`)).toBeVisible();
    await searchProfiles(page).fill(`${last.toLowerCase()}@example.org`);
    await expect(page.getByRole('article')).toHaveCount(1);
    await searchProfiles(page).fill(last);
    const profile = card(page, `Thandiwe ${last}`);
    await expect(profile).toContainText(chl);
    await expect(profile).toContainText('BSc Nursing');
    await expect(profile).toContainText('Enrolled');
    await expect(profile).toContainText('TP'); // initials: no photo

    await profile.getByRole('button', { name: `View Thandiwe ${last}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Student Profile' });
    for (const section of [
      'Personal',
      'Guardian',
      'Academic',
      'Accommodation',
      'Digital Resources',
      'Program Notes',
    ]) {
      await expect(dialog.getByRole('heading', { name: section, exact: true })).toBeVisible();
    }
    const age = ageOn(dob, lusakaDate(new Date()));
    expect(age).toBe(19);
    const personal = dialog.getByRole('region', { name: 'Personal' });
    await expect(personal).toContainText(`Age${age} years`);
    await expect(dialog.getByRole('region', { name: 'Guardian' })).toContainText('Joyce Banda');
    await expect(dialog.getByRole('region', { name: 'Academic' })).toContainText('3.40');
    await expect(dialog.getByRole('region', { name: 'Accommodation' })).toContainText('ZMW 1,200.00');
    const digital = dialog.getByRole('region', { name: 'Digital Resources' });
    await expect(digital).toContainText('Rent to Own');
    await expect(digital).toContainText('ZMW 250.00');
    await expect(digital).not.toContainText('Inspection Date');
    await expect(dialog.getByRole('region', { name: 'Program Notes' })).toContainText(
      'Peer mentor for first-years.',
    );
    await expect(dialog.getByRole('textbox')).toHaveCount(0);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
  });

  test('the edit form shows laptop fields by plan, checks values and keeps the officer', async ({ page }) => {
    await signIn(page, 'ADM001');
    const last = unique('Laptop');
    await createStudent(page, {
      first_name: 'Chisomo',
      last_name: last,
      assigned_officer_id: await officerId(page, 'PO001'),
    });
    await page.goto(`/profiles?q=${last}`);
    await card(page, `Chisomo ${last}`)
      .getByRole('button', { name: `View Chisomo ${last}` })
      .click();
    const view = page.getByRole('dialog', { name: 'Student Profile' });
    await expect(view.getByRole('region', { name: 'Academic' })).toContainText('Bupe Tembo');
    await view.getByRole('button', { name: 'Edit' }).click();

    const form = page.getByRole('dialog', { name: 'Edit Student Profile' });
    await expect(form.getByRole('textbox', { name: 'First Name' })).toHaveValue('Chisomo');
    for (const group of [
      'Personal',
      'Guardian',
      'Academic',
      'Accommodation',
      'Digital Resources',
      'Program Notes',
    ]) {
      await expect(form.getByRole('group', { name: group, exact: true })).toBeVisible();
    }
    const plan = form.getByRole('combobox', { name: 'Laptop Plan' });
    const deduction = form.getByRole('spinbutton', { name: 'Laptop Monthly Deduction (ZMW)' });
    const inspection = form.getByLabel('Inspection Date');
    await expect(plan).toHaveValue('none');
    await expect(deduction).toHaveCount(0);
    await expect(inspection).toHaveCount(0);

    await plan.selectOption({ label: 'Rent to Own' });
    await expect(deduction).toBeVisible();
    await expect(form.getByText('This amount will automatically affect the stipend')).toBeVisible();
    await expect(inspection).toHaveCount(0);

    await plan.selectOption({ label: 'Rent to Return' });
    await expect(deduction).toHaveCount(0);
    await expect(inspection).toBeVisible();
    await expect(form.getByLabel('Submission Date')).toBeVisible();
    await expect(form.getByLabel('Collection Date')).toBeVisible();

    // Values the form refuses.
    await form.getByRole('spinbutton', { name: 'Overall GPA' }).fill('4.5');
    await form.getByRole('spinbutton', { name: 'Monthly Rent (ZMW)' }).fill('-100');
    await form.getByRole('textbox', { name: 'Email' }).fill('nope');
    await form.getByRole('textbox', { name: 'Photo URL' }).fill('not a link');
    await form.getByRole('button', { name: 'Save Changes' }).click();
    await expect(
      form.getByText('Overall GPA must be a number from 0 to 4.00 with at most 2 decimals'),
    ).toBeVisible();
    await expect(form.getByText(/Monthly rent must be an amount of 0 or more/)).toBeVisible();
    await expect(form.getByText('Email must be a valid email address')).toBeVisible();
    await expect(
      form.getByText('Profile photo must be a web address starting with http:// or https://'),
    ).toBeVisible();

    await form.getByRole('spinbutton', { name: 'Overall GPA' }).fill('3.25');
    await form.getByRole('spinbutton', { name: 'Monthly Rent (ZMW)' }).fill('950.50');
    await form.getByRole('textbox', { name: 'Email' }).fill(`${last.toLowerCase()}@example.org`);
    await form.getByRole('textbox', { name: 'Photo URL' }).fill('');
    await form.getByRole('combobox', { name: 'Gender' }).selectOption({ label: 'Other' });
    await form.getByRole('textbox', { name: 'Guardian Full Name' }).fill('Agnes Phiri');
    await form.getByRole('textbox', { name: 'Relationship' }).fill('Grandmother');
    await form
      .getByRole('combobox', { name: 'Accommodation Type' })
      .selectOption({ label: 'Boarding House' });
    await form.getByRole('textbox', { name: 'Laptop Serial Number' }).fill('LN-42');
    await typeDate(inspection, '2026-02-01');
    await typeDate(form.getByLabel('Collection Date'), '2026-01-15');
    await form.getByRole('textbox', { name: 'Program Notes' }).fill('Returned laptop for repair.');
    await form.getByRole('button', { name: 'Save Changes' }).click();

    await expect(page.getByText('Student profile updated successfully')).toBeVisible();
    const saved = page.getByRole('dialog', { name: 'Student Profile' });
    await expect(saved.getByRole('region', { name: 'Academic' })).toContainText('3.25');
    // Saving does not reassign the student to the admin who edited it.
    await expect(saved.getByRole('region', { name: 'Academic' })).toContainText('Bupe Tembo');
    await expect(saved.getByRole('region', { name: 'Personal' })).toContainText('Other');
    await expect(saved.getByRole('region', { name: 'Guardian' })).toContainText('Agnes Phiri');
    await expect(saved.getByRole('region', { name: 'Accommodation' })).toContainText('ZMW 950.50');
    const digital = saved.getByRole('region', { name: 'Digital Resources' });
    await expect(digital).toContainText('Rent to Return');
    await expect(digital).toContainText('LN-42');
    await expect(digital).toContainText('01/02/2026');
    await expect(digital).toContainText('15/01/2026');
    await expect(saved.getByRole('region', { name: 'Program Notes' })).toContainText(
      'Returned laptop for repair.',
    );
  });

  test('adding a profile: focus in the first field, typed input kept or discarded on request, required names, a failed save keeps the form open, then success', async ({
    page,
  }) => {
    await signIn(page, 'PO002');
    const taken = unique('CHL-PT-');
    await createStudent(page, { first_name: 'Existing', last_name: unique('Holder'), chl_number: taken });
    await page.goto('/profiles');
    await page.getByRole('button', { name: 'Add Profile' }).click();
    const form = page.getByRole('dialog', { name: 'Add New Student Profile' });
    await expect(form.getByRole('textbox', { name: 'First Name' })).toBeFocused();
    await form.getByRole('button', { name: 'Add Profile' }).click();
    await expect(form.getByText('First name is required')).toBeVisible();
    await expect(form.getByText('Last name is required')).toBeVisible();

    const last = unique('Newcomer');
    await form.getByRole('textbox', { name: 'First Name' }).fill('Lweendo');
    await form.getByRole('textbox', { name: 'Last Name' }).fill(last);
    // Escape after typing asks first; keeping the edits keeps them.
    await page.keyboard.press('Escape');
    const discard = page.getByRole('alertdialog', { name: 'Discard your changes?' });
    await expect(discard).toBeVisible();
    await discard.getByRole('button', { name: 'Keep editing' }).click();
    await expect(form.getByRole('textbox', { name: 'Last Name' })).toHaveValue(last);
    await form.getByRole('textbox', { name: 'CHL Number' }).fill(taken);
    await form.getByRole('combobox', { name: 'Laptop Plan' }).selectOption({ label: 'Rent to Own' });
    await form.getByRole('spinbutton', { name: 'Laptop Monthly Deduction (ZMW)' }).fill('300');
    await form.getByRole('button', { name: 'Add Profile' }).click();
    await expect(form.getByRole('alert').filter({ hasText: 'Failed to add student profile' })).toContainText(
      `A student with CHL number ${taken} already exists.`,
    );
    await expect(form).toBeVisible();

    await form.getByRole('textbox', { name: 'CHL Number' }).fill(`${taken}-B`);
    await form.getByRole('button', { name: 'Add Profile' }).click();
    await expect(page.getByText('Student profile added successfully')).toBeVisible();
    const view = page.getByRole('dialog', { name: 'Student Profile' });
    await expect(view).toContainText(`Lweendo ${last}`);
    await expect(view.getByRole('region', { name: 'Digital Resources' })).toContainText('ZMW 300.00');
    await expect(view.getByRole('region', { name: 'Academic' })).toContainText('Mwansa Zulu');
    await view.getByRole('button', { name: 'Edit' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Student Profile' });
    await expect(edit.getByRole('textbox', { name: 'First Name' })).toBeFocused();
    await edit.getByRole('textbox', { name: 'Community', exact: true }).fill('Chawama');
    await edit.getByRole('button', { name: 'Cancel' }).click();
    await page
      .getByRole('alertdialog', { name: 'Discard your changes?' })
      .getByRole('button', { name: 'Discard' })
      .click();
    await expect(page.getByRole('dialog', { name: 'Student Profile' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(view).toBeHidden();

    await searchProfiles(page).fill(last);
    await expect(card(page, `Lweendo ${last}`)).toBeVisible();
    // Program officers see no delete button (admin only).
    await expect(card(page, `Lweendo ${last}`).getByRole('button', { name: /Delete/ })).toHaveCount(0);
  });

  test('only an admin deletes a profile, after confirmation', async ({ page, browser }) => {
    await signIn(page, 'PO001');
    const last = unique('Removable');
    await createStudent(page, { first_name: 'Kondwani', last_name: last });
    await page.goto(`/profiles?q=${last}`);
    await expect(card(page, `Kondwani ${last}`)).toBeVisible();
    await expect(page.getByRole('button', { name: `Delete Kondwani ${last}` })).toHaveCount(0);
    await expect(
      card(page, `Kondwani ${last}`).getByRole('button', { name: `Edit Kondwani ${last}` }),
    ).toBeVisible();

    const admin = await browser.newContext();
    const adminPage = await admin.newPage();
    await signIn(adminPage, 'ADM001');
    await adminPage.goto(`/profiles?q=${last}`);
    await adminPage.getByRole('button', { name: `Delete Kondwani ${last}` }).click();
    const confirm = adminPage.getByRole('alertdialog', { name: 'Delete Student' });
    await expect(confirm).toContainText(
      'Are you sure you want to delete this student? This action cannot be undone.',
    );
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(adminPage.getByText('Student deleted successfully')).toBeVisible();
    await expect(adminPage.getByText('No student profiles found')).toBeVisible();
    await admin.close();
  });

  test('a user account sees the link, and Access Denied at /profiles', async ({ page }) => {
    await signIn(page, 'USR001');
    await page.getByRole('link', { name: 'Student Profiles' }).click();
    await expect(page).toHaveURL(/\/profiles$/);
    await expect(page.getByRole('heading', { name: 'Access Denied' })).toBeVisible();
    await expect(
      page.getByText("You don't have permission to access this resource. Required role: Program Officer"),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: 'Go Back' })).toBeVisible();
  });
});
