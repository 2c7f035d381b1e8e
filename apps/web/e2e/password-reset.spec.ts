/**
 * Password recovery through the Outbox screen (issue 9): with no mail server (the embedded default)
 * the reset e-mail waits in the outbox; the page says so. An administrator reads the link there, the
 * patient opens it, chooses a new password, is sent to sign in, and their other session has ended.
 * A used link is refused with a way to ask again. Both languages, 390 px, axe.
 */
import { expect, test, type Page } from '@playwright/test';
import { storageStateFor } from './support/accounts';
import { createUser, expectLoginNotice, fillSignIn, waitForSignInPage } from './support/helpers';
import { seriousViolations } from './support/axe';

/** The reset link of the newest queued message to `email`, read at /admin/outbox as an admin. */
async function linkFromOutbox(page: Page, email: string): Promise<string> {
  await page.goto('/admin/outbox?status=queued');
  const row = page.getByTestId('outbox-row').filter({ hasText: email }).first();
  await expect(row).toBeVisible();
  await row.click();
  const detail = page.getByTestId('outbox-detail');
  await expect(detail).toContainText('reset-password?token=');
  const text = (await detail.textContent()) ?? '';
  const link = /https?:\/\/\S+?\/reset-password\?token=[\w-]+/.exec(text)?.[0];
  expect(link).toBeTruthy();
  return link!;
}

test('a patient resets a forgotten password with the link an admin reads in the outbox', async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const patientContext = await browser.newContext();
  const page = await patientContext.newPage();
  const account = await createUser(page.request);
  // a session on another device, which the reset must end
  const otherDevice = await browser.newContext();
  const other = await otherDevice.newPage();
  await other.goto('/login');
  await fillSignIn(other, account.email, account.password);
  await expect(other).toHaveURL(/\/dashboard$/);

  await page.goto('/login');
  await waitForSignInPage(page);
  await page.getByRole('link', { name: 'Forgot your password?' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Reset your password' })).toBeVisible();
  // a bad address is refused before anything is sent
  await page.getByLabel('Email').fill('not-an-address');
  await page.getByRole('button', { name: 'Send the link' }).click();
  await expect(page.getByText('Enter a valid email address.')).toBeVisible();
  await page.getByLabel('Email').fill(account.email);
  await page.getByRole('button', { name: 'Send the link' }).click();
  await expect(page.getByRole('status').filter({ hasText: account.email })).toContainText(
    'works once, for 30 minutes',
  );
  await expect(page.getByText('the message waits in the Outbox')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  const adminContext = await browser.newContext({ storageState: storageStateFor('admin') });
  const link = await linkFromOutbox(await adminContext.newPage(), account.email);
  await adminContext.close();

  await page.goto(link);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Choose a new password' }),
  ).toBeVisible();
  // the policy is the server's: a common password is refused with its reason
  await page.getByLabel('New password', { exact: true }).fill('password1234');
  await page.getByLabel('Repeat the new password').fill('password1234');
  await page.getByRole('button', { name: 'Save the new password' }).click();
  await expect(page.getByRole('alert')).toContainText('too common');
  expect(await seriousViolations(page)).toEqual([]);
  const fresh = 'a-fresh-passphrase-for-ana-7';
  await page.getByLabel('New password', { exact: true }).fill(fresh);
  await page.getByLabel('Repeat the new password').fill(fresh);
  await page.getByRole('button', { name: 'Save the new password' }).click();

  await expect(page).toHaveURL(/\/login$/);
  await expectLoginNotice(page, 'Your password was changed');
  // the other device's session ended with the reset
  await other.goto('/dashboard');
  await expect(other).toHaveURL(/\/login/);
  await fillSignIn(page, account.email, fresh);
  await expect(page).toHaveURL(/\/dashboard$/);

  // the link worked once (tried from a browser that is not signed in)
  const laterContext = await browser.newContext();
  const later = await laterContext.newPage();
  await later.goto(link);
  await later.getByLabel('New password', { exact: true }).fill('another-passphrase-for-ana-8');
  await later.getByLabel('Repeat the new password').fill('another-passphrase-for-ana-8');
  await later.getByRole('button', { name: 'Save the new password' }).click();
  await expect(later.getByRole('alert')).toContainText('expired or was already used');
  await later.getByRole('link', { name: 'Ask for a new link' }).click();
  await expect(later).toHaveURL(/\/forgot-password$/);
  await laterContext.close();
  await patientContext.close();
  await otherDevice.close();
});

test('in Spanish on a phone, both pages read in Spanish, fit the screen and pass axe', async ({
  browser,
}) => {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    locale: 'es-ES',
  });
  const page = await context.newPage();
  await page.goto('/forgot-password');
  await expect(
    page.getByRole('heading', { level: 1, name: 'Restablecer la contraseña' }),
  ).toBeVisible();
  await page.getByLabel('Correo electrónico').fill('nadie@example.test');
  await page.getByRole('button', { name: 'Enviar el enlace' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'nadie@example.test' })).toBeVisible();
  const overflow = () =>
    page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
  expect(await overflow()).toBeLessThanOrEqual(0);
  expect(await seriousViolations(page)).toEqual([]);
  await page.screenshot({ path: 'test-results/forgot-password-phone-es.png', fullPage: true });

  await page.goto('/reset-password');
  await expect(page.getByRole('alert')).toContainText('necesita el enlace del correo');
  await page.goto('/reset-password?token=not-a-real-token');
  await page.getByLabel('Contraseña nueva', { exact: true }).fill('una-frase-bastante-larga-3');
  await page.getByLabel('Repite la contraseña nueva').fill('una-frase-distinta-larga-4');
  await page.getByRole('button', { name: 'Guardar la contraseña nueva' }).click();
  await expect(page.getByText('Las contraseñas no coinciden')).toBeVisible();
  await page.getByLabel('Repite la contraseña nueva').fill('una-frase-bastante-larga-3');
  await page.getByRole('button', { name: 'Guardar la contraseña nueva' }).click();
  await expect(page.getByRole('alert')).toContainText('ha caducado o ya se ha usado');
  expect(await overflow()).toBeLessThanOrEqual(0);
  expect(await seriousViolations(page)).toEqual([]);
  await page.screenshot({ path: 'test-results/reset-password-phone-es.png', fullPage: true });
  await context.close();
});
