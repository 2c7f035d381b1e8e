/**
 * /admin/roles (issue 9): an administrator finds an account, changes its role (confirmed), suspends
 * it (its open session ends), restores it, and signs it out everywhere; resets an account's two-step
 * verification (confirmed by name; its session ends, it is told through the outbox); their own row
 * cannot be changed; the permission matrix is shown read-only. Both languages, 390 px, axe.
 */
import { expect, test } from '@playwright/test';
import * as OTPAuth from 'otpauth';
import { storageStateFor } from './support/accounts';
import { BASE_URL, createUser, expectToast } from './support/helpers';
import { seriousViolations } from './support/axe';

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

test("an administrator resets an account's two-step verification", async ({ browser }) => {
  test.setTimeout(90_000);
  // the account enrols an authenticator app and is signed in with it (aal2)
  const theirs = await browser.newContext();
  const them = await theirs.newPage();
  const account = await createUser(them.request);
  const headers = { Origin: BASE_URL };
  await them.request.post('/api/auth/sign-in/email', {
    headers,
    data: { email: account.email, password: account.password },
  });
  const enable = await them.request.post('/api/auth/two-factor/enable', {
    headers,
    data: { password: account.password },
  });
  const totp = OTPAuth.URI.parse(((await enable.json()) as { totpURI: string }).totpURI);
  const verified = await them.request.post('/api/auth/two-factor/verify-totp', {
    headers,
    data: { code: totp.generate() },
  });
  expect(verified.ok()).toBe(true);
  expect((await them.request.get('/api/me')).status()).toBe(200);

  const adminContext = await browser.newContext({
    storageState: storageStateFor('admin'),
    viewport: { width: 1280, height: 900 },
  });
  const page = await adminContext.newPage();
  await page.goto(`/admin/roles?q=${encodeURIComponent(account.email)}`);
  const row = page.getByTestId('user-row').filter({ hasText: account.email });
  await expect(row).toContainText('Two-step on');
  // their own row has no reset button
  await expect(
    page
      .getByTestId('user-row')
      .filter({ hasText: 'You' })
      .getByRole('button', { name: 'Reset two-step verification' }),
  ).toHaveCount(0);

  // asked first, naming the account; cancelling changes nothing
  await row.getByRole('button', { name: 'Reset two-step verification' }).click();
  const dialog = page.getByRole('dialog', {
    name: `Reset ${account.name}'s two-step verification?`,
  });
  await expect(dialog).toContainText(`${account.name}'s authenticator app`);
  expect(await seriousViolations(page)).toEqual([]);
  await page.screenshot({ path: 'test-results/admin-roles-mfa-reset-en.png' });
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(row).toContainText('Two-step on');
  expect((await them.request.get('/api/me')).status()).toBe(200);

  await row.getByRole('button', { name: 'Reset two-step verification' }).click();
  await dialog.getByRole('button', { name: 'Reset two-step verification' }).click();
  await expectToast(
    page,
    `${account.name}'s two-step verification was removed and they were signed out.`,
  );
  await expect(row).not.toContainText('Two-step on');
  await expect(row.getByRole('button', { name: 'Reset two-step verification' })).toHaveCount(0);

  // their session ended; the password alone signs them in again, asking for no code
  expect((await them.request.get('/api/me')).status()).toBe(401);
  const again = await them.request.post('/api/auth/sign-in/email', {
    headers,
    data: { email: account.email, password: account.password },
  });
  expect(again.ok()).toBe(true);
  expect(((await again.json()) as { twoFactorRedirect?: boolean }).twoFactorRedirect).toBeFalsy();

  // they are told through the outbox, and the reset is in the audit log
  await page.goto('/admin/outbox');
  await page.getByTestId('outbox-row').filter({ hasText: account.email }).first().click();
  await expect(page.getByTestId('outbox-detail')).toContainText(
    'removed two-step verification from your account',
  );
  const audit = await page.request.get('/api/audit-logs?action=users.mfa_reset&limit=5');
  expect(audit.status()).toBe(200);
  expect(((await audit.json()) as { items: unknown[] }).items.length).toBeGreaterThan(0);
  await adminContext.close();
  await theirs.close();
});

test('an administrator invites staff; the invitee accepts through the link from the outbox', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const unique = `${Date.now().toString(36)}-${process.pid}`;
  const email = `e2e-staff-${unique}@example.test`;
  const other = `e2e-staff-2-${unique}@example.test`;
  const adminContext = await browser.newContext({
    storageState: storageStateFor('admin'),
    viewport: { width: 1280, height: 900 },
  });
  const page = await adminContext.newPage();
  await page.goto('/admin/roles');
  const panel = page.getByRole('form', { name: 'Invite staff' });
  await panel.getByLabel('E-mail of the person to invite').fill('not-an-address');
  await panel.getByRole('button', { name: 'Send invitation' }).click();
  await expect(panel.getByText('Enter a valid e-mail address.')).toBeVisible();
  await panel.getByLabel('E-mail of the person to invite').fill(email);
  await panel.getByLabel('Role to give').selectOption('researcher');
  await panel.getByRole('button', { name: 'Send invitation' }).click();
  await expectToast(page, `Invitation sent to ${email}.`);
  const row = page.getByTestId('invitation-row').filter({ hasText: email });
  await expect(row).toContainText('Pending');
  await expect(row).toContainText('Researcher');

  // a second one: sent again (new link), then revoked
  await panel.getByLabel('E-mail of the person to invite').fill(other);
  await panel.getByRole('button', { name: 'Send invitation' }).click();
  const otherRow = page.getByTestId('invitation-row').filter({ hasText: other });
  await expect(otherRow).toContainText('Pending');
  await otherRow.getByRole('button', { name: `Send again the invitation to ${other}` }).click();
  await expectToast(page, `A new link was sent to ${other}; the earlier one no longer works.`);
  await otherRow.getByRole('button', { name: `Revoke the invitation of ${other}` }).click();
  await expect(otherRow).toContainText('Revoked');
  expect(await seriousViolations(page)).toEqual([]);
  await page.screenshot({ path: 'test-results/admin-roles-invitations-en.png', fullPage: true });

  // the link, read at the outbox screen (no mail server in the tests)
  await page.goto('/admin/outbox');
  await page.getByTestId('outbox-row').filter({ hasText: email }).first().click();
  const detail = page.getByTestId('outbox-detail');
  await expect(detail).toContainText('invitation to the team');
  const text = (await detail.textContent()) ?? '';
  const link = /https?:\/\/[^\s]+\/invitation#[A-Za-z0-9_-]+/.exec(text)?.[0];
  expect(link).toBeTruthy();

  // the invitee, signed out, on a phone: name and password, then in as a researcher
  const theirs = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const them = await theirs.newPage();
  await them.goto(new URL(link!).pathname + new URL(link!).hash);
  await expect(them.getByRole('heading', { level: 1, name: 'Join the team' })).toBeVisible();
  await expect(them.getByTestId('invitation-summary')).toContainText(
    `${email} is invited as Researcher`,
  );
  // the token was read from the fragment and left the address bar (and the history)
  expect(new URL(them.url()).hash).toBe('');
  expect(await seriousViolations(them)).toEqual([]);
  await them.getByLabel('Your full name').fill('Irene Invitada');
  await them.getByLabel('Password').fill('a-long-enough-passphrase-77');
  await them.getByRole('button', { name: 'Create my account' }).click();
  await expect(them).toHaveURL(/\/dashboard$/);
  const me = (await (await them.request.get('/api/me')).json()) as { role: string };
  expect(me.role).toBe('researcher');
  // the link is used up
  await them.goto(new URL(link!).pathname + new URL(link!).hash);
  await expect(them.getByText('This invitation was already accepted.')).toBeVisible();

  await page.goto('/admin/roles');
  await expect(page.getByTestId('invitation-row').filter({ hasText: email })).toContainText(
    'Accepted',
  );
  await theirs.close();
  await adminContext.close();
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
