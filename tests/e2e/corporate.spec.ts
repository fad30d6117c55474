import { expect, postJson, signedInPages, test, unique } from './support/fixtures';

/**
 * Corporate Collaborations (/corporate): landlords and institutions added, edited and deleted
 * through the inline form, the switch between the lists, the map link, and who may use it.
 */

const as = signedInPages();

test('a program officer adds, edits and deletes a landlord, and the form checks what it is given', async ({
  browser,
}) => {
  const page = await as(browser, 'PO001');
  await page.getByRole('navigation').getByRole('link', { name: 'Corporate' }).click();
  await expect(page.getByRole('heading', { name: 'Corporate Collaborations' })).toBeVisible();
  await expect(page.getByText('Manage partnerships with landlords and institutions')).toBeVisible();

  const name = unique('Landlord ');
  await page.getByRole('button', { name: 'Add Landlord' }).click();
  const form = page.getByRole('form', { name: 'Add New Landlord' });
  await expect(form.getByRole('textbox', { name: 'Name of Landlord' })).toBeFocused();
  await form.getByRole('button', { name: 'Add Landlord' }).click();
  await expect(form.getByText('Name of Landlord is required')).toBeVisible();
  await expect(form.getByText('Name of Boarding House is required')).toBeVisible();

  await form.getByRole('textbox', { name: 'Name of Landlord' }).fill(name);
  await form.getByRole('textbox', { name: 'Name of Boarding House' }).fill('Chilenje Boarding House');
  await form.getByRole('textbox', { name: 'Cell Line' }).fill('97 12');
  await form.getByRole('button', { name: 'Add Landlord' }).click();
  await expect(form.getByText('Enter a phone number such as +260 97 1234567 or 0971234567')).toBeVisible();
  await form.getByRole('textbox', { name: 'Cell Line' }).fill('0971234567');
  await form.getByRole('textbox', { name: 'Geolocation' }).fill('-15.4167, 28.2833');
  await form.getByRole('spinbutton', { name: 'Total Students' }).fill('6');
  await form
    .getByRole('textbox', { name: 'Comments' })
    .fill('Pays water bills. Gate closes at 22:00. Ask for the caretaker, Mr Zulu, on weekends.');
  await form.getByRole('button', { name: 'Add Landlord' }).click();
  await expect(page.getByText('Landlord added.')).toBeVisible();
  await expect(form).toBeHidden();

  const card = page.getByRole('article', { name });
  await expect(card).toContainText('Chilenje Boarding House');
  await expect(card).toContainText('+260971234567');
  await expect(card).toContainText('Lease Pending');
  await expect(card).toContainText('6 students on record');
  const map = card.getByRole('link', { name: /View Map/ });
  await expect(map).toHaveAttribute('href', 'https://www.google.com/maps?q=-15.4167,28.2833');
  await expect(map).toHaveAttribute('target', '_blank');

  await card.getByRole('button', { name: `Edit ${name}` }).click();
  const edit = page.getByRole('form', { name: 'Edit Landlord' });
  await edit.getByRole('checkbox', { name: 'Lease agreement signed' }).check();
  await edit.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Landlord updated.')).toBeVisible();
  await expect(card).toContainText('Lease Signed');

  // The lease filter follows.
  await page.getByLabel('Lease').selectOption({ label: 'Lease Pending' });
  await expect(page).toHaveURL(/signed=false/);
  await expect(card).toHaveCount(0);
  await page.getByLabel('Lease').selectOption({ label: 'All leases' });

  await card.getByRole('button', { name: `Delete ${name}` }).click();
  const confirm = page.getByRole('alertdialog');
  await expect(confirm).toContainText('Are you sure you want to delete this record?');
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Record deleted.')).toBeVisible();
  await expect(card).toHaveCount(0);
});

test('the switch to institutions closes the form, asking first when something was typed', async ({
  browser,
}) => {
  const page = await as(browser, 'DPM001');
  const college = unique('College ');
  await postJson(page, '/api/institutions', {
    institution_name: college,
    liaison_name: 'Grace Phiri',
    mou_signed: true,
    geolocation: 'Behind the post office',
  });
  await page.goto('/corporate');
  await page.getByRole('button', { name: 'Add Landlord' }).click();
  await page.getByRole('textbox', { name: 'Name of Landlord' }).fill('Half typed');
  await page.getByLabel('Partners').selectOption({ label: 'Institutions' });
  const discard = page.getByRole('alertdialog', { name: 'Discard your changes?' });
  await discard.getByRole('button', { name: 'Keep editing' }).click();
  await expect(page.getByRole('textbox', { name: 'Name of Landlord' })).toHaveValue('Half typed');
  await page.getByLabel('Partners').selectOption({ label: 'Institutions' });
  await discard.getByRole('button', { name: 'Discard' }).click();
  await expect(page.getByRole('form', { name: 'Add New Landlord' })).toHaveCount(0);
  await expect(page).toHaveURL(/kind=institutions/);

  await page.getByRole('searchbox', { name: 'Search institutions' }).fill(college);
  const card = page.getByRole('article', { name: college });
  await expect(card).toContainText('MOU Signed');
  await expect(card).toContainText('Grace Phiri');
  // Free text is no map: no link.
  await expect(card.getByRole('link', { name: /View Map/ })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Add Institution' })).toBeVisible();
});

test('accounts without a staff role are refused by the screen and the API', async ({ browser }) => {
  for (const staffId of ['USR001', 'STU001']) {
    const page = await as(browser, staffId);
    await page.goto('/corporate');
    await expect(page.getByRole('heading', { name: 'Access Denied' })).toBeVisible();
    expect((await page.request.get('/api/landlords')).status()).toBe(403);
    expect((await page.request.get('/api/institutions')).status()).toBe(403);
  }
});

test("a student's profile links a landlord; the landlord's card counts the officer's students and opens them", async ({
  browser,
}) => {
  const officer = await as(browser, 'PO001');
  const house = unique('House ');
  const landlord = await postJson(officer, '/api/landlords', {
    name: 'Linda Mbewe',
    boarding_house_name: house,
  });
  const last = unique('Boarder');
  await postJson(officer, '/api/students', { first_name: 'Kabwe', last_name: last });

  await officer.goto('/profiles');
  await officer.getByRole('searchbox', { name: 'Search profiles' }).fill(last);
  await officer.getByRole('button', { name: `Edit Kabwe ${last}` }).click();
  const form = officer.getByRole('dialog', { name: 'Edit Student Profile' });
  await form
    .getByRole('combobox', { name: 'Landlord Record' })
    .selectOption({ label: `Linda Mbewe (${house})` });
  await form.getByRole('button', { name: 'Save Changes' }).click();
  await expect(officer.getByText('Student profile updated successfully')).toBeVisible();

  await officer.goto('/corporate');
  await officer.getByRole('searchbox', { name: 'Search landlords' }).fill(house);
  const card = officer.getByRole('article', { name: 'Linda Mbewe' });
  await card.getByRole('link', { name: '1 linked student' }).click();
  await expect(officer).toHaveURL(new RegExp(`/students\\?landlord_id=${landlord.id}$`));
  await expect(officer.getByText('Students of one landlord')).toBeVisible();
  await expect(officer.getByRole('table')).toContainText(`Kabwe ${last}`);
  await expect(officer.getByText('Showing 1–1 of 1')).toBeVisible();

  // The card refuses to go while the student lives there.
  await officer.goto('/corporate');
  await officer.getByRole('searchbox', { name: 'Search landlords' }).fill(house);
  await card.getByRole('button', { name: 'Delete Linda Mbewe' }).click();
  await officer.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
  await expect(officer.getByText('Failed to delete record')).toBeVisible();
  await expect(
    officer.getByText('This landlord houses 1 student. Move that student to another landlord first.'),
  ).toBeVisible();
  await expect(card).toBeVisible();

  // Another officer sees the landlord, but not this officer's student.
  const other = await as(browser, 'PO002');
  expect(
    ((await (await other.request.get(`/api/landlords/${landlord.id}`)).json()) as { linked_students: number })
      .linked_students,
  ).toBe(0);
});
