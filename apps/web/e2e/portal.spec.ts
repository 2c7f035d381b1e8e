/**
 * The patient portal: staff invite a patient, the patient signs up through the link and sees their
 * own record and who viewed it; patients cannot open the staff pages.
 */
import { expect, test } from '@playwright/test';
import { storageStateFor } from './support/accounts';
import { BASE_URL, expectToast } from './support/helpers';
import { createPatient, pathOf, uniqueWord } from './support/patients';

test('a specialist invites a patient, who signs up through the link and sees their record and its access log', async ({
  browser,
}) => {
  const word = uniqueWord();
  const name = `Beatriz ${word}`;
  const email = `beatriz-${word.toLowerCase()}@example.test`;

  const staff = await browser.newContext({ storageState: storageStateFor('specialist') });
  const clinician = await staff.newPage();
  const patient = await createPatient(clinician, { name, email, allergies: ['Aspirin'] });
  await clinician.goto(`/patients/${patient.id}`);
  await expect(clinician.getByRole('heading', { level: 1, name })).toBeVisible();
  const portal = clinician.getByTestId('portal-panel');
  await expect(portal).toContainText('Not invited');
  await portal.getByRole('button', { name: 'Invite patient' }).click();
  await expect(portal.getByLabel("Patient's email")).toHaveValue(email);
  await portal.getByRole('button', { name: 'Create invitation' }).click();
  // No e-mail is configured in tests: the link is shown and it says plainly it was not sent.
  const notSent = clinician.getByTestId('invite-not-sent');
  await expect(notSent).toContainText('The invitation was not sent');
  const link = await notSent.getByLabel('Invitation link').inputValue();
  expect(link).toMatch(/\/register\?invite=/);
  await expect(portal).toHaveAttribute('data-portal-state', 'invited');

  const visitor = await browser.newContext();
  const page = await visitor.newPage();
  await page.goto(pathOf(link));
  await expect(
    page.getByRole('heading', { level: 1, name: 'You were invited to the patient portal' }),
  ).toBeVisible();
  await page.getByLabel('Full name').fill(name);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('a-long-enough-secret-7');
  await page.getByLabel('Repeat the password').fill('a-long-enough-secret-7');
  await page.getByRole('button', { name: 'Create account' }).click();

  await expect(page).toHaveURL(/\/my-record$/);
  await expectToast(page, 'Your record is now linked to your account');
  await expect(page.getByRole('heading', { level: 1, name: 'My record' })).toBeVisible();
  await expect(page.getByTestId('my-record')).toContainText(name);
  await expect(page.getByTestId('my-record')).toContainText('Aspirin');

  // The clinician looks at the chart again; the patient sees who viewed it.
  await clinician.reload();
  await expect(clinician.getByTestId('portal-panel')).toHaveAttribute(
    'data-portal-state',
    'linked',
  );
  await page.getByRole('link', { name: 'Who viewed my record' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Who viewed my record' })).toBeVisible();
  const log = page.getByTestId('access-log');
  const views = log
    .getByRole('row')
    .filter({ hasText: 'Dra. Sofía Especialista' })
    .filter({ hasText: 'Opened your record' });
  await expect(views.first()).toBeVisible();
  await expect.poll(() => views.count()).toBeGreaterThanOrEqual(2);
  await expect(log.getByRole('row').filter({ hasText: 'Specialist' }).first()).toBeVisible();

  // The link cannot be used twice.
  await page.goto(pathOf(link));
  await page.getByRole('button', { name: 'Link my record' }).click();
  await expect(
    page.getByText(
      'This invitation was already used, or your account is already linked to a record.',
    ),
  ).toBeVisible();

  await staff.close();
  await visitor.close();
});

test.describe('as a patient without a linked record', () => {
  test.use({ storageState: storageStateFor('user') });

  test('my record explains that the clinic sends an invitation; the sidebar has it', async ({
    page,
  }) => {
    await page.goto('/dashboard');
    await page
      .locator('#app-sidebar')
      .getByRole('link', { name: 'My record', exact: true })
      .click();
    await expect(page).toHaveURL(/\/my-record$/);
    await expect(page.getByTestId('no-linked-record')).toContainText(
      'No record is linked to your account yet',
    );
    await expect(page.getByTestId('no-linked-record')).toContainText('invitation');
    await page.goto('/my-record/access');
    await expect(
      page.getByRole('heading', { level: 1, name: 'Who viewed my record' }),
    ).toBeVisible();
  });

  test('cannot open the staff patient pages', async ({ page }) => {
    for (const url of ['/patients', '/patients/new', '/patients/import']) {
      await page.goto(url);
      await expect(page, url).toHaveURL(/\/dashboard$/);
      await expectToast(page, 'Access denied. You need one of these roles: admin, specialist');
    }
    const response = await page.request.get('/api/patients', { headers: { Origin: BASE_URL } });
    expect(response.status()).toBe(403);
  });

  test('an invalid invitation link says so', async ({ page }) => {
    await page.goto('/register?invite=this-token-does-not-exist');
    await page.getByRole('button', { name: 'Link my record' }).click();
    await expect(page.getByText('This invitation has expired or is not valid.')).toBeVisible();
  });
});
