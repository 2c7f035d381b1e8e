/**
 * The account's phone number (ADR 0041): added in /settings with the current password (a wrong one
 * is refused, translated) and the code sent by SMS — read here at /admin/outbox, as with no SMS
 * service, which the page says; then, signed out, the person signs in at /login with the phone
 * number (typed with spaces) and the password. Spanish at 390 px; the profile card in English on a
 * desktop, with the name edited. axe clean; screenshots in test-results/settings/.
 */
import { expect, test } from '@playwright/test';
import { seriousViolations } from './support/axe';
import { BASE_URL, createUser, waitForSignInPage } from './support/helpers';
import { codeAsAdmin, freshPhone } from './support/sms';

test('a patient adds a phone in /settings with the SMS code, then signs in with phone and password (es, 390 px)', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  await context.addInitScript(() => localStorage.setItem('i18nextLng', 'es'));
  const page = await context.newPage();
  const account = await createUser(page.request);
  const signIn = await page.request.post('/api/auth/sign-in/email', {
    headers: { Origin: BASE_URL },
    data: { email: account.email, password: account.password },
  });
  expect(signIn.ok()).toBe(true);
  const phone = freshPhone();

  await page.goto('/settings');
  const card = page.getByTestId('profile-card');
  await expect(card.getByTestId('phone-current')).toHaveText('Aún no tiene teléfono.');
  await card.getByRole('button', { name: 'Añadir un teléfono' }).click();
  const form = card.getByRole('form', { name: 'Añadir o cambiar el teléfono' });
  // the number field takes the focus
  await expect(form.getByRole('textbox', { name: /^Teléfono/ })).toBeFocused();
  await form
    .getByLabel('Teléfono')
    .fill(`${phone.slice(0, 3)} ${phone.slice(3, 6)} ${phone.slice(6)}`);
  await form.getByLabel('Su contraseña actual').fill('no-es-la-contraseña-1');
  await form.getByRole('button', { name: 'Enviarme un código' }).click();
  await expect(form.getByText('La contraseña no es correcta.')).toBeVisible();
  await form.getByLabel('Su contraseña actual').fill(account.password);
  await page.keyboard.press('Enter');
  const sent = card.getByTestId('phone-code-sent');
  await expect(sent).toContainText(`Le hemos enviado un código por SMS al ${phone}`);
  await expect(sent).toContainText('el mensaje espera en la Bandeja de salida');
  expect(await seriousViolations(page)).toEqual([]);
  await card.scrollIntoViewIfNeeded();
  await page.screenshot({ path: 'test-results/settings/phone-code-390-es.png' });

  const code = await codeAsAdmin(browser, phone);

  const codeForm = card.getByRole('form', { name: 'Confirmar el teléfono' });
  await expect(codeForm.getByLabel('Código de 6 cifras del SMS')).toBeFocused();
  await codeForm
    .getByLabel('Código de 6 cifras del SMS')
    .fill(code === '000000' ? '111111' : '000000');
  await codeForm.getByRole('button', { name: 'Confirmar el número' }).click();
  await expect(codeForm.getByText('El código no es correcto.')).toBeVisible();
  await codeForm.getByLabel('Código de 6 cifras del SMS').fill(code);
  await codeForm.getByRole('button', { name: 'Confirmar el número' }).click();
  await expect(card.getByText(`Su teléfono es ahora el ${phone}.`)).toBeVisible();
  await expect(card.getByTestId('phone-current')).toHaveText(`Su teléfono: ${phone}`);
  expect(await seriousViolations(page)).toEqual([]);
  await page.screenshot({ path: 'test-results/settings/phone-added-390-es.png' });
  await context.close();

  // signed out (a new browser): phone + password at /login
  const fresh = await browser.newContext({ viewport: { width: 390, height: 844 } });
  await fresh.addInitScript(() => localStorage.setItem('i18nextLng', 'es'));
  const login = await fresh.newPage();
  await login.goto('/login?lang=es');
  await waitForSignInPage(login);
  const identifier = login.getByLabel('Correo electrónico o teléfono');
  await expect(identifier).toHaveAccessibleDescription(
    'Un teléfono empieza por + y el prefijo del país.',
  );
  await identifier.fill('+34 6');
  await login.getByLabel('Contraseña').fill(account.password);
  await login.getByRole('button', { name: 'Iniciar sesión', exact: true }).click();
  await expect(login.getByText('Introduzca un teléfono válido', { exact: false })).toBeVisible();
  await expect(identifier).toHaveAttribute('aria-invalid', 'true');
  await identifier.fill(`${phone.slice(0, 3)} ${phone.slice(3, 6)} ${phone.slice(6)}`);
  await login.getByLabel('Contraseña').fill('no-es-la-contraseña-1');
  await login.getByRole('button', { name: 'Iniciar sesión', exact: true }).click();
  await expect(login.getByText('Teléfono o contraseña incorrectos.')).toBeVisible();
  expect(await seriousViolations(login)).toEqual([]);
  await login.screenshot({ path: 'test-results/settings/phone-login-refused-390-es.png' });
  await login.getByLabel('Contraseña').fill(account.password);
  await login.getByRole('button', { name: 'Iniciar sesión', exact: true }).click();
  await expect(login).toHaveURL(/\/dashboard$/);
  await fresh.close();
});

test('the profile card on a desktop: the name is edited, the phone section explains itself (en)', async ({
  browser,
}) => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await context.addInitScript(() => localStorage.setItem('i18nextLng', 'en'));
  const page = await context.newPage();
  const account = await createUser(page.request);
  await page.request.post('/api/auth/sign-in/email', {
    headers: { Origin: BASE_URL },
    data: { email: account.email, password: account.password },
  });
  await page.goto('/settings');
  const card = page.getByTestId('profile-card');
  await card.getByRole('textbox', { name: /^Name/ }).fill('Pilar Teléfono');
  await card.getByRole('button', { name: 'Save name' }).click();
  await expect(card.getByText('Name saved.')).toBeVisible();
  await page.reload();
  await expect(
    page.getByTestId('profile-card').getByRole('textbox', { name: /^Name/ }),
  ).toHaveValue('Pilar Teléfono');
  await expect(
    page.getByRole('button', { name: 'Use codes by text message or e-mail' }),
  ).toBeVisible();
  await page
    .getByTestId('profile-card')
    .getByRole('button', { name: 'Add a phone number' })
    .click();
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByTestId('profile-card').scrollIntoViewIfNeeded();
  await page.screenshot({ path: 'test-results/settings/profile-card-desktop-en.png' });
  await context.close();
});
