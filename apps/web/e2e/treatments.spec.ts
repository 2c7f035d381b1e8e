/**
 * Treatment plans end to end: a specialist creates a plan from a patient's chart (a goal tied to the
 * BPI interference score, a home exercise), starts it, revises it and compares the versions (desktop,
 * English); the patient reads it at /my-plan on a 390 px phone in Spanish and acknowledges it; the
 * specialist then sees the acknowledgement. The staff list in Spanish at 390 px and /my-plan on a
 * desktop in English too. Axe on every screen; screenshots in test-results/treatments/.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { storageStateFor } from './support/accounts';
import { BASE_URL, expectToast } from './support/helpers';
import { patientWithCareTeam } from './support/patients';

const SHOTS = 'test-results/treatments';

async function expectAxeClean(page: Page) {
  const results = await new AxeBuilder({ page })
    .exclude('[data-sonner-toaster]')
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'])
    .options({ resultTypes: ['violations'] })
    .analyze();
  const serious = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} — ${v.nodes.map((n) => JSON.stringify(n.target)).join(', ')}`);
  expect(serious).toEqual([]);
}

async function shot(page: Page, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true, animations: 'disabled' });
}

test('a plan is created, started, revised, compared, and acknowledged by the patient', async ({
  browser,
}) => {
  test.setTimeout(150_000);
  const clinicianContext = await browser.newContext({
    storageState: storageStateFor('specialist'),
    viewport: { width: 1280, height: 900 },
  });
  const patientContext = await browser.newContext({
    storageState: { cookies: [], origins: [] },
    viewport: { width: 390, height: 844 },
    locale: 'es-ES',
  });
  await patientContext.addInitScript(() => localStorage.setItem('i18nextLng', 'es'));
  const account = await patientWithCareTeam(clinicianContext.request, patientContext.request);
  const page = await clinicianContext.newPage();

  // create from the chart's Treatment plans tab
  await page.goto(`/patients/${account.recordId}?tab=treatments`);
  const tab = page.getByTestId('plan-tab');
  await expect(tab.getByText('No treatment plan yet.')).toBeVisible();
  await tab.getByRole('button', { name: 'New plan' }).click();
  const editor = page.getByTestId('plan-editor');
  await editor.getByLabel(/^Title/).fill('Chronic low back pain: getting active again');
  await editor.getByLabel('Summary for the patient').fill('Education, graded exercise and sleep.');
  await editor.getByRole('button', { name: 'Add problem' }).click();
  await editor.getByLabel(/^Problem 1/).fill('Low back pain for two years');
  await editor.getByRole('button', { name: 'Add goal' }).click();
  await editor.getByLabel(/^Goal\b/).fill('Pain interferes less with daily life');
  await editor.getByLabel(/^Questionnaire/).selectOption('bpi');
  await editor.getByLabel(/^Score/).selectOption('interference');
  await editor.getByLabel(/^Condition/).selectOption('lt');
  await editor.getByLabel(/^Target(?! date)/).fill('4');
  await editor.getByLabel(/^Baseline/).fill('7');
  await editor.getByRole('button', { name: 'Add intervention' }).click();
  await editor.getByLabel(/^What(?! changed)/).fill('Glute bridges');
  await editor.getByLabel('Instructions for the patient').fill('2 sets of 10, slowly.');
  await expectAxeClean(page);
  await editor.getByRole('button', { name: 'Create plan' }).click();
  await expectToast(page, 'Treatment options updated');
  await expect(page).toHaveURL(/\/treatments\/[0-9a-f-]{36}$/);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Chronic low back pain: getting active again' }),
  ).toBeVisible();
  await expect(page.getByTestId('plan-status')).toHaveText('Draft');

  // start it (confirmed)
  await page.getByRole('button', { name: 'Start plan' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByTestId('plan-status')).toHaveText('Active');
  await expect(page.getByTestId('plan-ack')).toHaveText(
    'The patient has not acknowledged this version yet.',
  );

  // revise: a new title and a second exercise
  await page.getByRole('button', { name: 'Revise' }).click();
  await editor.getByLabel(/^Title/).fill('Low back pain: active again by spring');
  await editor.getByRole('button', { name: 'Add intervention' }).click();
  await editor
    .getByLabel(/^What(?! changed)/)
    .nth(1)
    .fill('Daily walk');
  await editor.getByLabel('What changed and why (optional)').fill('Walking added');
  await editor.getByRole('button', { name: 'Save new version' }).click();
  await expectToast(page, 'Treatment options updated');
  await expect(page.getByText('Version 3', { exact: false }).first()).toBeVisible();
  const history = page.getByTestId('plan-history');
  await expect(history.getByText('Version 3 · Revised')).toBeVisible();
  await expect(history.getByText('Changed: title, interventions')).toBeVisible();

  // compare version 1 with version 3
  await page.getByRole('button', { name: 'Compare versions' }).click();
  const compare = page.getByTestId('version-compare');
  await compare.getByLabel('From version').selectOption('1');
  await compare.getByLabel('To version').selectOption('3');
  await expect(compare.getByTestId('diff-title')).toContainText(
    'Low back pain: active again by spring',
  );
  await expect(compare.getByTestId('diff-interventions')).toContainText(
    'Added: Home exercise · Daily walk',
  );
  await expectAxeClean(page);
  await shot(page, 'plan-desktop-en');

  // the patient, on a phone in Spanish
  const phone = await patientContext.newPage();
  await phone.goto('/my-plan');
  await expect(phone.getByRole('heading', { level: 1, name: 'Mi plan' })).toBeVisible();
  await expect(phone.getByText('Low back pain: active again by spring')).toBeVisible();
  await expect(phone.getByTestId('my-exercises')).toContainText('Glute bridges');
  await expect(phone.getByRole('heading', { name: 'Esta semana' })).toBeVisible();
  await expect(phone.getByRole('heading', { name: 'Mis cuestionarios' })).toBeVisible();
  await expectAxeClean(phone);
  await shot(phone, 'my-plan-phone-es');
  await phone.getByRole('button', { name: 'He leído mi plan' }).click();
  await expectToast(phone, 'Opciones de tratamiento actualizadas');
  await expect(phone.getByTestId('acknowledged')).toContainText('Confirmó esta versión');
  await expectAxeClean(phone);

  // the specialist sees the acknowledgement of version 3
  await page.reload();
  await expect(page.getByTestId('plan-ack')).toContainText('The patient acknowledged version 3');

  // the staff list, in Spanish on a phone
  const staffPhone = await browser.newContext({
    storageState: storageStateFor('specialist'),
    viewport: { width: 390, height: 844 },
    locale: 'es-ES',
  });
  await staffPhone.addInitScript(() => localStorage.setItem('i18nextLng', 'es'));
  const list = await staffPhone.newPage();
  await list.goto('/treatments?status=active');
  await expect(
    list.getByRole('heading', { level: 1, name: 'Planes de tratamiento' }),
  ).toBeVisible();
  await list.getByLabel('Buscar paciente o plan').fill('active again by spring');
  await expect(list.getByTestId('plan-list').getByRole('link')).toHaveText([
    'Low back pain: active again by spring',
  ]);
  await expectAxeClean(list);
  await shot(list, 'list-phone-es');

  // a BPI entered from paper moves the goal's progress: (7 − 5.14) / (7 − 4) = 62 %
  const assigned = await clinicianContext.request.post(
    `/api/patients/${account.recordId}/questionnaires/schedules`,
    { headers: { Origin: BASE_URL }, data: { instrumentId: 'bpi' } },
  );
  expect(assigned.status(), await assigned.text()).toBe(201);
  const assignment = ((await assigned.json()) as { released: { id: string }[] }).released[0]!;
  const submitted = await clinicianContext.request.post(
    `/api/questionnaires/assignments/${assignment.id}/submit`,
    { headers: { Origin: BASE_URL }, data: { answers: [7, 2, 5, 4, 6, 5, 7, 3, 4, 6, 5] } },
  );
  expect(submitted.status(), await submitted.text()).toBe(201);

  // /my-plan on a desktop in English
  const desktopPatient = await browser.newContext({
    storageState: await patientContext.storageState(),
    viewport: { width: 1280, height: 900 },
  });
  await desktopPatient.addInitScript(() => localStorage.setItem('i18nextLng', 'en'));
  const wide = await desktopPatient.newPage();
  await wide.goto('/my-plan');
  await expect(wide.getByRole('heading', { level: 1, name: 'My plan' })).toBeVisible();
  await expect(wide.getByTestId('acknowledged')).toContainText('You confirmed this version');
  await expect(wide.getByRole('progressbar', { name: 'Progress' }).first()).toHaveAttribute(
    'aria-valuenow',
    '62',
  );
  await expect(wide.getByTestId('progress-chart')).toContainText('1 result (5.14)');
  await expectAxeClean(wide);
  await shot(wide, 'my-plan-desktop-en');

  await Promise.all([
    clinicianContext.close(),
    patientContext.close(),
    staffPhone.close(),
    desktopPatient.close(),
  ]);
});
