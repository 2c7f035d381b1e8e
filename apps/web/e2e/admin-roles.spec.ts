/**
 * /admin/roles (issue 9): an administrator finds an account, changes its role (confirmed), suspends
 * it (its open session ends), restores it, and signs it out everywhere; their own row cannot be
 * changed; the permission matrix is shown read-only. Both languages, 390 px, axe.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { storageStateFor } from './support/accounts';
import { BASE_URL, createUser, expectToast } from './support/helpers';

async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page })
    .exclude('[data-sonner-toaster]')
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'])
    .options({ resultTypes: ['violations'] })
    .analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} — ${v.nodes.map((n) => JSON.stringify(n.target)).join(', ')}`);
}

test('an administrator changes a role, suspends, restores and signs out an account', async ({
  browser,
}) => {
  test.setTimeout(90_000);
  // the account, signed in on its own device
  const theirs = await browser.newContext();
  const them = await theirs.newPage();
  const account = await createUser(them.request);
  const signIn = await them.request.post('/api/auth/sign-in/email', {
    headers: { Origin: BASE_URL },
    data: { email: account.email, password: account.password },
  });
  expect(signIn.ok()).toBe(true);
  await them.goto('/dashboard');
  await expect(them.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();

  const adminContext = await browser.newContext({
    storageState: storageStateFor('admin'),
    viewport: { width: 1280, height: 900 },
  });
  const page = await adminContext.newPage();
  await page.goto('/admin/roles');
  await expect(
    page.getByRole('heading', { level: 1, name: 'Roles and permissions' }),
  ).toBeVisible();
  await expect(page.getByTestId('permission-matrix')).toContainText('Patients');
  // the administrator's own row cannot be changed
  const mine = page.getByTestId('user-row').filter({ hasText: 'You' });
  await expect(mine.getByRole('combobox')).toBeDisabled();

  await page.getByLabel('Search by name or e-mail').fill(account.email);
  await expect(page).toHaveURL(/q=/);
  const row = page.getByTestId('user-row').filter({ hasText: account.email });
  await expect(page.getByTestId('user-row')).toHaveCount(1);
  await expect(row).toContainText('Active');
  expect(await seriousViolations(page)).toEqual([]);
  await page.screenshot({ path: 'test-results/admin-roles-desktop-en.png', fullPage: true });

  // role: asked first, then applied on the account's next request
  await row.getByLabel(`Role of ${account.name}`).selectOption('researcher');
  const dialog = page.getByRole('dialog', { name: `Change ${account.name}'s role?` });
  await expect(dialog).toContainText('becomes Researcher');
  await dialog.getByRole('button', { name: 'Change role' }).click();
  await expectToast(page, `${account.name} is now Researcher.`);
  await expect(row.getByLabel(`Role of ${account.name}`)).toHaveValue('researcher');
  const me = await them.request.get('/api/me');
  expect(((await me.json()) as { role: string }).role).toBe('researcher');

  // suspended: their session ends and they cannot sign in
  await row.getByRole('button', { name: 'Suspend' }).click();
  await page
    .getByRole('dialog', { name: `Suspend ${account.name}?` })
    .getByRole('button', { name: 'Suspend' })
    .click();
  await expectToast(page, `${account.name} is suspended and was signed out.`);
  await expect(row).toContainText('Suspended');
  expect((await them.request.get('/api/me')).status()).toBe(401);
  const refused = await them.request.post('/api/auth/sign-in/email', {
    headers: { Origin: BASE_URL },
    data: { email: account.email, password: account.password },
  });
  expect(refused.ok()).toBe(false);

  // restored: they can sign in again; then signed out everywhere
  await row.getByRole('button', { name: 'Restore access' }).click();
  await expectToast(page, `${account.name} can sign in again.`);
  await expect(row).toContainText('Active');
  const again = await them.request.post('/api/auth/sign-in/email', {
    headers: { Origin: BASE_URL },
    data: { email: account.email, password: account.password },
  });
  expect(again.ok()).toBe(true);
  expect((await them.request.get('/api/me')).status()).toBe(200);
  await row.getByRole('button', { name: 'Sign out everywhere' }).click();
  await expectToast(page, `${account.name} was signed out everywhere.`);
  expect((await them.request.get('/api/me')).status()).toBe(401);

  // every change is in the audit log
  const audit = await page.request.get('/api/audit-logs?action=users.edit&limit=5');
  expect(audit.status()).toBe(200);
  expect(((await audit.json()) as { items: unknown[] }).items.length).toBeGreaterThan(0);
  await adminContext.close();
  await theirs.close();
});

test('in Spanish on a phone, /admin/roles reads in Spanish, fits the screen and passes axe', async ({
  browser,
}) => {
  const context = await browser.newContext({
    storageState: storageStateFor('admin'),
    viewport: { width: 390, height: 844 },
    locale: 'es-ES',
  });
  await context.addInitScript(() => window.localStorage.setItem('i18nextLng', 'es'));
  const page = await context.newPage();
  await page.goto('/admin/roles?role=specialist');
  await expect(page.getByRole('heading', { level: 1, name: 'Roles y permisos' })).toBeVisible();
  await expect(page.getByLabel('Rol', { exact: true })).toHaveValue('specialist');
  await expect(page.getByTestId('user-row').first()).toBeVisible();
  for (const row of await page.getByTestId('user-row').all()) {
    await expect(row.getByRole('combobox')).toHaveValue('specialist');
  }
  await expect(page.getByTestId('permission-matrix')).toContainText('Pacientes');
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
  expect(await seriousViolations(page)).toEqual([]);
  await page.screenshot({ path: 'test-results/admin-roles-phone-es.png', fullPage: true });
  await context.close();
});
