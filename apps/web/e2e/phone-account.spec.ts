/**
 * Accounts made and recovered with a phone number (ADR 0043), with the SMS read at /admin/outbox
 * (no SMS service here, which the pages say). In Spanish at 390 px: /register "Con mi teléfono"
 * (chosen with the keyboard), a common password refused under its field, the code step names the
 * number by its last digits, a wrong code refused, the right one makes the account and signs in;
 * /settings never shows the placeholder address and offers to add one; sign out. In English on a
 * desktop: /forgot-password "By SMS", the neutral answer, the code and a new password, then /login
 * with the number and the new password. axe clean; screenshots in test-results/phone-account/.
 */
import { expect, test, type APIRequestContext, type Browser } from '@playwright/test';
import { seriousViolations } from './support/axe';
import { BASE_URL, fillSignIn } from './support/helpers';
import { codeAsAdmin, freshPhone } from './support/sms';

const SHOTS = 'test-results/phone-account';
const spaced = (phone: string) => `${phone.slice(0, 3)} ${phone.slice(3, 6)} ${phone.slice(6)}`;
const wrong = (code: string) => (code === '000000' ? '111111' : '000000');

test('sign-up with a phone number, signed in, no placeholder address shown, sign out (es, 390 px)', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  await context.addInitScript(() => localStorage.setItem('i18nextLng', 'es'));
  const page = await context.newPage();
  const phone = freshPhone('2');
  const password = 'un-telefono-y-una-clave-7';

  await page.goto('/register');
  await expect(page.getByRole('heading', { level: 1, name: 'Crear una cuenta' })).toBeVisible();
  const byEmail = page.getByRole('radio', { name: 'Con mi correo' });
  await expect(byEmail).toBeChecked();
  await byEmail.focus();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('radio', { name: 'Con mi teléfono' })).toBeChecked();
  const form = page.getByRole('form', { name: 'Crear una cuenta con su teléfono' });
  await form.getByLabel('Nombre completo').fill('Lucía Teléfono');
  const number = form.getByLabel('Teléfono móvil');
  await expect(number).toHaveAttribute('type', 'tel');
  await expect(number).toHaveAttribute('autocomplete', 'tel');
  await number.fill(spaced(phone));
  await form.getByLabel('Contraseña', { exact: true }).fill('password1234');
  await form.getByLabel('Repite la contraseña').fill('password1234');
  await form.getByRole('button', { name: 'Enviarme un código' }).click();
  await expect(
    form.getByText('Esta contraseña es demasiado común', { exact: false }),
  ).toBeVisible();
  await expect(form.getByLabel('Contraseña', { exact: true })).toHaveAttribute(
    'aria-invalid',
    'true',
  );
  expect(await seriousViolations(page)).toEqual([]);
  await page.screenshot({ path: `${SHOTS}/register-phone-390-es.png`, fullPage: true });
  await form.getByLabel('Contraseña', { exact: true }).fill(password);
  await form.getByLabel('Repite la contraseña').fill(password);
  await form.getByRole('button', { name: 'Enviarme un código' }).click();

  const codeForm = page.getByRole('form', { name: 'Confirmar su teléfono' });
  const sent = codeForm.getByTestId('phone-code-sent');
  await expect(sent).toContainText(
    `Le hemos enviado un código por SMS al número acabado en ${phone.slice(-2)}. Sirve durante 5 minutos.`,
  );
  await expect(sent).toContainText('el mensaje espera en la Bandeja de salida');
  const codeField = codeForm.getByLabel('Código de 6 cifras del SMS');
  await expect(codeField).toBeFocused();
  await expect(codeField).toHaveAttribute('autocomplete', 'one-time-code');
  await expect(codeField).toHaveAttribute('inputmode', 'numeric');
  const code = await codeAsAdmin(browser, phone, 'confirmar este teléfono');
  await codeField.fill(wrong(code));
  await codeForm.getByRole('button', { name: 'Crear cuenta' }).click();
  await expect(codeForm.getByText('El código no es correcto.')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.screenshot({ path: `${SHOTS}/register-code-390-es.png`, fullPage: true });
  await codeField.fill(code);
  await codeForm.getByRole('button', { name: 'Crear cuenta' }).click();

  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByText('Tu cuenta se ha creado.')).toBeVisible();

  // /settings: no placeholder address anywhere; the e-mail card adds one
  await page.goto('/settings');
  await expect(page.getByText('Aún no tiene dirección de correo', { exact: true })).toBeVisible();
  await expect(
    page.getByText(
      'Su cuenta aún no tiene dirección de correo. Añada una para recibir mensajes por correo y para iniciar sesión con ella.',
    ),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Enviar el enlace para añadirla' })).toBeVisible();
  await expect(page.getByTestId('email-unconfirmed')).toHaveCount(0);
  await expect(page.getByTestId('phone-current')).toHaveText(`Su teléfono: ${phone}`);
  await expect(page.locator('body')).not.toContainText('phone.invalid');
  expect(await seriousViolations(page)).toEqual([]);
  await page.screenshot({ path: `${SHOTS}/settings-account-390-es.png` });
  await page.getByText('Su cuenta aún no tiene dirección de correo.').scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS}/settings-no-email-390-es.png` });

  await page.getByRole('button', { name: 'Abrir menú' }).click();
  await page.getByRole('button', { name: 'Cerrar sesión' }).click();
  await expect(page).toHaveURL(/\/$/);
  await context.close();
});

/** A phone account made through the API (the code read in the outbox): its number and password. */
async function phoneAccount(request: APIRequestContext, browser: Browser) {
  const phone = freshPhone('3');
  const password = 'a-phone-account-password-5';
  const headers = { Origin: BASE_URL };
  const started = await request.post('/api/account/sign-up/phone', {
    headers,
    data: { name: 'Rosa Reset', phoneNumber: phone, password },
  });
  expect(started.ok(), await started.text()).toBe(true);
  const { ticket } = (await started.json()) as { ticket: string };
  const code = await codeAsAdmin(browser, phone, 'confirm this phone');
  const made = await request.post('/api/account/sign-up/phone/verify', {
    headers,
    data: { ticket, code },
  });
  expect(made.status(), await made.text()).toBe(201);
  return { phone, password };
}

test('password reset by SMS, then sign-in with the number and the new password (en, desktop)', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await context.addInitScript(() => localStorage.setItem('i18nextLng', 'en'));
  const page = await context.newPage();
  const account = await phoneAccount(page.request, browser);
  const fresh = 'a-brand-new-sms-password-8';

  await page.goto('/forgot-password');
  await expect(page.getByRole('heading', { level: 1, name: 'Reset your password' })).toBeVisible();
  await page.locator('label', { hasText: 'By SMS' }).click();
  await expect(page.getByRole('radio', { name: 'By SMS' })).toBeChecked();
  await expect(
    page.getByText('Enter the phone number of your account. We will send you a code'),
  ).toBeVisible();
  const form = page.getByRole('form', { name: 'Reset the password by SMS' });
  await form.getByLabel('Phone number of your account').fill('12 34');
  await form.getByRole('button', { name: 'Send me a code' }).click();
  await expect(form.getByText('Enter a valid phone number', { exact: false })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.screenshot({ path: `${SHOTS}/forgot-sms-desktop-en.png`, fullPage: true });
  await form.getByLabel('Phone number of your account').fill(spaced(account.phone));
  await form.getByRole('button', { name: 'Send me a code' }).click();

  const codeForm = page.getByRole('form', { name: 'Choose a new password with the code' });
  const sent = codeForm.getByTestId('phone-code-sent');
  await expect(sent).toContainText(
    `If this number belongs to an account that can be reset by SMS, a code is on its way to the number ending in ${account.phone.slice(-2)}.`,
  );
  await expect(sent).toContainText(
    'Accounts with two-step verification reset their password by e-mail, or ask the clinic.',
  );
  await expect(sent).toContainText('the message waits in the Outbox');
  await expect(codeForm.getByLabel('6-digit code from the text message')).toBeFocused();
  const code = await codeAsAdmin(browser, account.phone, 'reset your password');
  await codeForm.getByLabel('6-digit code from the text message').fill(code);
  await codeForm.getByLabel('New password', { exact: true }).fill(fresh);
  await codeForm.getByLabel('Repeat the new password').fill(`${fresh}x`);
  await codeForm.getByRole('button', { name: 'Save the new password' }).click();
  await expect(codeForm.getByText('The passwords do not match.')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.screenshot({ path: `${SHOTS}/forgot-sms-code-desktop-en.png`, fullPage: true });
  await codeForm.getByLabel('Repeat the new password').fill(fresh);
  await codeForm.getByRole('button', { name: 'Save the new password' }).click();

  const done = page.getByTestId('phone-reset-done');
  await expect(done).toContainText('Your password was changed and every session was ended.');
  expect(await seriousViolations(page)).toEqual([]);
  await page.screenshot({ path: `${SHOTS}/forgot-sms-done-desktop-en.png`, fullPage: true });
  await done.getByRole('link', { name: 'Sign in' }).click();

  await expect(page).toHaveURL(/\/login$/);
  // the old password no longer works; the new one does
  await fillSignIn(page, spaced(account.phone), account.password);
  await expect(page.getByRole('alert')).toBeVisible();
  await fillSignIn(page, spaced(account.phone), fresh);
  await expect(page).toHaveURL(/\/dashboard$/);
  await context.close();
});

test('the new screens in the other language (en 390 px register, es desktop reset)', async ({
  browser,
}) => {
  for (const [lang, width, path, radio, shot] of [
    ['en', 390, '/register', 'With my phone number', 'register-phone-390-en'],
    ['es', 1280, '/forgot-password', 'Por SMS', 'forgot-sms-desktop-es'],
  ] as const) {
    const context = await browser.newContext({ viewport: { width, height: 900 } });
    await context.addInitScript((l) => localStorage.setItem('i18nextLng', l), lang);
    const page = await context.newPage();
    await page.goto(path);
    await page.locator('label', { hasText: radio }).click();
    await page.getByRole('button', { name: /^(Send me a code|Enviarme un código)$/ }).click();
    await expect(
      page.getByText(/This field is required|Este campo es obligatorio/).first(),
    ).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: `${SHOTS}/${shot}.png`, fullPage: true });
    await context.close();
  }
});
