/**
 * Sign-in by e-mail code and by e-mail link (issue 9, ADR 0040). With no mail server (the embedded
 * default) the message waits in the outbox and the page says so; an administrator reads it at
 * /admin/outbox. By code in English on a desktop (a wrong code first), by link in Spanish at 390 px
 * (the link's page, then the same link again, refused and explained). axe on every new step;
 * screenshots in test-results/email-sign-in/.
 */
import { expect, test, type Page } from '@playwright/test';
import { storageStateFor } from './support/accounts';
import { createUser, waitForSignInPage } from './support/helpers';
import { seriousViolations } from './support/axe';

/** The text of the newest queued message to `email` that contains `marker`, read as an admin. */
async function messageFromOutbox(page: Page, email: string, marker: string): Promise<string> {
  await page.goto('/admin/outbox?status=queued');
  const row = page.getByTestId('outbox-row').filter({ hasText: email }).first();
  await expect(row).toBeVisible();
  await row.click();
  const detail = page.getByTestId('outbox-detail');
  await expect(detail).toContainText(marker);
  return (await detail.textContent()) ?? '';
}

const overflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

test('a patient signs in with a code sent by e-mail (English, desktop)', async ({ browser }) => {
  test.setTimeout(90_000);
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  const account = await createUser(page.request);

  await page.goto('/login?lang=en');
  await waitForSignInPage(page);
  await page.getByRole('button', { name: 'Email me a sign-in code' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in with a code' })).toBeFocused();
  await page.getByRole('button', { name: 'Email me the code' }).click();
  await expect(page.getByText('This field is required.')).toBeVisible();
  await page.getByLabel('Email').fill(account.email);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('status').filter({ hasText: account.email })).toContainText(
    'works once, for 5 minutes',
  );
  await expect(page.getByText('the message waits in the Outbox')).toBeVisible();
  // one message a minute: "send a new one" waits
  await expect(page.getByRole('button', { name: /Send a new one \(in \d+ s\)/ })).toBeDisabled();
  expect(await seriousViolations(page)).toEqual([]);
  await page.screenshot({ path: 'test-results/email-sign-in/code-desktop-en.png', fullPage: true });

  const admin = await browser.newContext({ storageState: storageStateFor('admin') });
  const text = await messageFromOutbox(await admin.newPage(), account.email, 'sign in');
  await admin.close();
  const code = /: (\d{6})/.exec(text)?.[1];
  expect(code).toMatch(/^\d{6}$/);

  const field = page.getByLabel('6-digit code from the e-mail');
  await field.fill('12');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByText('Enter the 6 digits.')).toBeVisible();
  await field.fill(code === '000000' ? '111111' : '000000');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByRole('alert')).toContainText('That code is not right');
  expect(await seriousViolations(page)).toEqual([]);
  await field.fill(code!);
  await field.press('Enter');
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await context.close();
});

test('a patient signs in with a link sent by e-mail, once (Spanish, 390 px)', async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    locale: 'es-ES',
  });
  const page = await context.newPage();
  const account = await createUser(page.request);

  await page.goto('/login?lang=es');
  await waitForSignInPage(page);
  await expect(page.getByRole('button', { name: 'Enviarme un código de acceso' })).toBeVisible();
  expect(await overflow(page)).toBeLessThanOrEqual(0);
  await page.screenshot({ path: 'test-results/email-sign-in/login-390-es.png', fullPage: true });
  await page.getByRole('button', { name: 'Enviarme un enlace de acceso' }).click();
  await expect(
    page.getByRole('heading', { level: 1, name: 'Iniciar sesión con un enlace' }),
  ).toBeVisible();
  await page.getByLabel('Correo electrónico').fill(account.email);
  await page.getByRole('button', { name: 'Enviarme el enlace' }).click();
  await expect(page.getByRole('status').filter({ hasText: account.email })).toContainText(
    'durante 15 minutos',
  );
  await expect(page.getByText('el mensaje espera en la bandeja de salida')).toBeVisible();
  expect(await overflow(page)).toBeLessThanOrEqual(0);
  expect(await seriousViolations(page)).toEqual([]);
  await page.screenshot({
    path: 'test-results/email-sign-in/link-sent-390-es.png',
    fullPage: true,
  });

  const admin = await browser.newContext({ storageState: storageStateFor('admin') });
  const text = await messageFromOutbox(await admin.newPage(), account.email, '/login?link=');
  await admin.close();
  const href = /https?:\/\/\S+?\/login\?link=[A-Za-z]+/.exec(text)?.[0];
  expect(href).toBeTruthy();
  const link = new URL(href!);
  const path = `${link.pathname}${link.search}`;

  // the link leads to the sign-in page, whose button uses it (a mail scanner does not)
  await page.goto(path);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Terminar de iniciar sesión' }),
  ).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.screenshot({
    path: 'test-results/email-sign-in/link-open-390-es.png',
    fullPage: true,
  });
  await page.getByRole('button', { name: 'Continuar e iniciar sesión' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  // the same link again, on another device: refused, and the page says why
  const other = await browser.newContext({
    viewport: { width: 390, height: 844 },
    locale: 'es-ES',
  });
  const second = await other.newPage();
  await second.goto(`${path}&lang=es`);
  await second.getByRole('button', { name: 'Continuar e iniciar sesión' }).click();
  await expect(second).toHaveURL(/\/login$/);
  await expect(second.getByRole('alert')).toContainText('Este enlace de acceso no funciona');
  expect(await seriousViolations(second)).toEqual([]);
  await second.screenshot({
    path: 'test-results/email-sign-in/link-refused-390-es.png',
    fullPage: true,
  });
  await other.close();
  await context.close();
});
