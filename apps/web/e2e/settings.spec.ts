/**
 * /settings (issue 9): where the account is signed in, signing another device out (the other
 * browser context is sent to sign in), and changing the password (the current one is the
 * re-authentication; the server's policy refuses a common one). Both languages, 390 px, axe.
 */
import { expect, test, type Browser } from '@playwright/test';
import { BASE_URL, createUser, expectToast, fillSignIn } from './support/helpers';
import { seriousViolations } from './support/axe';

const PHONE_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

async function signedIn(
  browser: Browser,
  account: { email: string; password: string },
  options: Parameters<Browser['newContext']>[0] = {},
) {
  const context = await browser.newContext(options);
  const page = await context.newPage();
  await page.goto('/login');
  await fillSignIn(page, account.email, account.password);
  await expect(page).toHaveURL(/\/dashboard$/);
  return { context, page };
}

test('a user sees both devices, signs the phone out, and changes the password', async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const setup = await browser.newContext();
  const account = await createUser((await setup.newPage()).request);
  await setup.close();
  const phone = await signedIn(browser, account, { userAgent: PHONE_UA });
  const desk = await signedIn(browser, account, { viewport: { width: 1280, height: 900 } });
  const page = desk.page;

  await page.goto('/settings');
  const sessions = page.getByRole('list', { name: 'Where you are signed in' });
  await expect(sessions.getByTestId('session')).toHaveCount(2);
  const thisOne = sessions.getByTestId('session').filter({ hasText: 'This device' });
  await expect(thisOne).toContainText('Chrome');
  const phoneRow = sessions.getByTestId('session').filter({ hasText: 'Safari on iOS' });
  await expect(phoneRow).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.screenshot({ path: 'test-results/settings-desktop-en.png', fullPage: true });

  await phoneRow.getByRole('button', { name: 'Sign out Safari on iOS' }).click();
  await expectToast(page, 'Safari on iOS was signed out.');
  await expect(sessions.getByTestId('session')).toHaveCount(1);
  await phone.page.goto('/dashboard');
  await expect(phone.page).toHaveURL(/\/login/);

  // the password: a wrong current one is refused, a common new one too, then it is changed
  const form = page.getByRole('form', { name: 'Change your password' });
  await form.getByLabel('Current password').fill('not-my-password-at-all');
  await form.getByLabel('New password', { exact: true }).fill('a-new-passphrase-for-settings-1');
  await form.getByLabel('Repeat the new password').fill('a-new-passphrase-for-settings-1');
  await form.getByRole('button', { name: 'Change password' }).click();
  await expect(form.getByRole('alert')).toBeVisible();
  await form.getByLabel('Current password').fill(account.password);
  await form.getByLabel('New password', { exact: true }).fill('password1234');
  await form.getByLabel('Repeat the new password').fill('password1234');
  await form.getByRole('button', { name: 'Change password' }).click();
  await expect(form.getByRole('alert')).toContainText('too common');
  await form.getByLabel('New password', { exact: true }).fill('a-new-passphrase-for-settings-1');
  await form.getByLabel('Repeat the new password').fill('a-new-passphrase-for-settings-1');
  await form.getByRole('button', { name: 'Change password' }).click();
  await expectToast(page, 'Your password was changed and your other devices were signed out.');
  // this device stays signed in; the new password is the one that works
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
  const again = await browser.newContext();
  const check = await again.newPage();
  await check.goto('/login');
  await fillSignIn(check, account.email, 'a-new-passphrase-for-settings-1');
  await expect(check).toHaveURL(/\/dashboard$/);
  await again.close();
  await phone.context.close();
  await desk.context.close();
});

test('in Spanish on a phone, settings read in Spanish, fit the screen and pass axe', async ({
  browser,
}) => {
  const setup = await browser.newContext();
  const account = await createUser((await setup.newPage()).request);
  await setup.close();
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    locale: 'es-ES',
  });
  const page = await context.newPage();
  const signIn = await page.request.post('/api/auth/sign-in/email', {
    headers: { Origin: BASE_URL },
    data: { email: account.email, password: account.password },
  });
  expect(signIn.ok()).toBe(true);
  await page.goto('/settings');
  await expect(
    page.getByRole('list', { name: 'Dónde tienes la sesión iniciada' }).getByTestId('session'),
  ).toHaveCount(1);
  await expect(page.getByTestId('session').getByText('Este dispositivo')).toBeVisible();
  await expect(
    page.getByRole('button', { name: 'Cerrar la sesión en los demás dispositivos' }),
  ).toBeDisabled();
  await expect(page.getByRole('form', { name: 'Cambiar la contraseña' })).toBeVisible();
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
  expect(await seriousViolations(page)).toEqual([]);
  await page.screenshot({ path: 'test-results/settings-phone-es.png', fullPage: true });
  await context.close();
});
