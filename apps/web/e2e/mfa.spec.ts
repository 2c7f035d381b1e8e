/**
 * Two-step verification (issue 9, ADR 0025): a user sets up an authenticator app in /settings (QR
 * code, the key to type, recovery codes shown once), signs out, and signs in again with a code and
 * then with a recovery code; a specialist whose factor was enrolled elsewhere is sent from patient
 * data to the code step, in Spanish on a phone. TOTP codes come from `otpauth`, an implementation
 * independent of the product's. axe on every new screen; screenshots in test-results.
 */
import { expect, test, type Page } from '@playwright/test';
import * as OTPAuth from 'otpauth';
import { createStaff } from './support/accounts';
import { seriousViolations } from './support/axe';
import { BASE_URL, createUser, fillSignIn } from './support/helpers';

const shots = 'test-results/mfa';

function authenticator(base32: string) {
  const totp = new OTPAuth.TOTP({
    secret: OTPAuth.Secret.fromBase32(base32.replace(/\s+/g, '')),
    digits: 6,
    period: 30,
  });
  /** The code of the step `offset` steps from now (each code is accepted once). */
  return (offset = 0) => totp.generate({ timestamp: Date.now() + offset * 30_000 });
}

/**
 * Signs out and waits for the home page that says so: the sign-out lands on `/` by a full load, and a
 * navigation started before it would be interrupted by it.
 */
async function signOut(page: Page) {
  await page.getByRole('button', { name: 'Sign out', exact: true }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(
    page.getByRole('status').filter({ hasText: 'Successfully signed out' }),
  ).toBeVisible();
}

/** Waits out the end of a 30-s step, so the codes of a test stay inside the accepted window. */
async function freshStep(page: Page) {
  const into = (Date.now() / 1000) % 30;
  if (into > 22) await page.waitForTimeout((30 - into) * 1000 + 300);
}

test('set up an authenticator app, then sign in with a code and with a recovery code', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const account = await createUser(page.request);
  await page.goto('/login');
  await fillSignIn(page, account.email, account.password);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByTestId('aal-badge')).toContainText('AAL1');

  await page.goto('/settings');
  const card = page.getByTestId('mfa-card');
  await expect(card.getByTestId('mfa-status')).toHaveText('Off');
  await card.getByLabel('Your password').fill('not-the-password-1');
  await card.getByRole('button', { name: 'Set up an authenticator app' }).click();
  await expect(card.getByRole('alert')).toHaveText('That password is not right.');
  await card.getByLabel('Your password').fill(account.password);
  await card.getByRole('button', { name: 'Set up an authenticator app' }).click();
  await expect(card.getByRole('img', { name: /QR code/ })).toBeVisible();
  const key = (await card.getByTestId('totp-key').textContent()) ?? '';
  const code = authenticator(key);
  expect(await seriousViolations(page)).toEqual([]);
  await page.screenshot({ path: `${shots}/settings-qr-desktop.png`, fullPage: true });

  await card.getByLabel('Code shown by the app').fill('000000');
  await card.getByRole('button', { name: 'Confirm and turn on' }).click();
  await expect(card.getByRole('alert')).toHaveText('That code is not right.');
  // the very code string that sets it up, kept: presented again later it must be refused (a
  // `code(-1)` computed then would be another step's code once 30 s have passed); computed at the
  // start of a step, so that it is still accepted when the server checks it
  await freshStep(page);
  const setupCode = code(-1);
  await card.getByLabel('Code shown by the app').fill(setupCode);
  await card.getByRole('button', { name: 'Confirm and turn on' }).click();
  const codes = card.getByTestId('recovery-codes').getByRole('listitem');
  await expect(codes).toHaveCount(10);
  const recovery = (await codes.first().textContent())!.trim();
  expect(await seriousViolations(page)).toEqual([]);
  await page.screenshot({ path: `${shots}/settings-recovery-codes.png`, fullPage: true });
  await card.getByRole('button', { name: 'I have saved them' }).click();
  await expect(card.getByTestId('recovery-codes')).toHaveCount(0); // shown once
  await expect(card.getByTestId('mfa-status')).toHaveText('On');
  await expect(card.getByTestId('mfa-level')).toHaveText(/AAL2/);
  await expect(page.getByTestId('aal-badge')).toContainText('AAL2');

  // sign out; signing in now takes a code
  await signOut(page);
  await page.goto('/login');
  await fillSignIn(page, account.email, account.password);
  await expect(page.getByRole('heading', { level: 1, name: 'Confirm it is you' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.screenshot({ path: `${shots}/second-step-desktop.png`, fullPage: true });
  // the code used to set it up is refused (already used)
  await page.getByLabel('6-digit code from your authenticator app').fill(setupCode);
  await page.getByRole('button', { name: 'Confirm', exact: true }).click();
  await expect(page.getByRole('alert')).toContainText(/already used|not right/);
  await page.getByLabel('6-digit code from your authenticator app').fill(code(0));
  await page.getByRole('button', { name: 'Confirm', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByTestId('aal-badge')).toContainText('AAL2');

  // and with a recovery code
  await signOut(page);
  await page.goto('/login');
  await fillSignIn(page, account.email, account.password);
  await page.getByRole('radio', { name: 'Recovery code' }).check();
  await page.getByRole('textbox', { name: 'Recovery code' }).fill(recovery);
  await page.getByRole('button', { name: 'Confirm', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByTestId('aal-badge')).toContainText('AAL2');
});

test('a specialist with a factor is sent from patient data to the code step (Spanish, phone)', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  // an administrator makes the specialist's account
  const specialist = await createStaff(browser, 'specialist', 'Dra. Factor');

  // signed in on the phone, in Spanish, before any factor exists
  const phone = await browser.newContext({
    viewport: { width: 390, height: 844 },
    locale: 'es-ES',
    isMobile: true,
    hasTouch: true,
  });
  const page = await phone.newPage();
  await page.goto('/login?lang=es');
  await page.getByLabel('Correo electrónico').fill(specialist.email);
  await page.getByLabel('Contraseña').fill(specialist.password);
  await page.getByRole('button', { name: 'Iniciar sesión', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  // the factor is set up from another device (here: the API)
  const desk = await browser.newContext();
  const headers = { Origin: BASE_URL };
  await desk.request.post('/api/auth/sign-in/email', {
    data: { email: specialist.email, password: specialist.password },
    headers,
  });
  const enable = await desk.request.post('/api/auth/two-factor/enable', {
    data: { password: specialist.password },
    headers,
  });
  const uri = ((await enable.json()) as { totpURI: string }).totpURI;
  const code = authenticator(new URL(uri).searchParams.get('secret')!);
  await freshStep(page);
  const verified = await desk.request.post('/api/auth/two-factor/verify-totp', {
    data: { code: code(-1) },
    headers,
  });
  expect(verified.ok()).toBe(true);
  await desk.close();

  // the phone's session used no factor: patient data sends it to the code step
  await page.goto('/patients');
  await expect(page).toHaveURL(/\/login\?step=mfa/);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Confirme su identidad' }),
  ).toBeVisible();
  await expect(page.getByText(/Su rol necesita un segundo factor/)).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.screenshot({ path: `${shots}/step-up-phone-es.png`, fullPage: true });
  await page.getByLabel('Código de 6 cifras de su aplicación de autenticación').fill(code(0));
  await page.getByRole('button', { name: 'Confirmar', exact: true }).click();
  await expect(page).toHaveURL(/\/patients$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.goto('/settings');
  await expect(page.getByTestId('mfa-level')).toHaveText(/AAL2/);
  expect(await seriousViolations(page)).toEqual([]);
  await page.screenshot({ path: `${shots}/settings-phone-es.png`, fullPage: true });
  await phone.close();
});
