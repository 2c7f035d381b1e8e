/**
 * Changing the sign-in e-mail in /settings (issue 9): a wrong current password is refused with a
 * translated message; the right one sends a link to the new address (read here at /admin/outbox,
 * as with no mail server); opened in the person's signed-in browser, it changes the address and
 * /settings says so; the new address signs in. Spanish at 390 px; axe clean.
 */
import { expect, test, type Page } from '@playwright/test';
import { storageStateFor } from './support/accounts';
import { seriousViolations } from './support/axe';
import { BASE_URL, createUser } from './support/helpers';

/** The confirmation link of the newest queued message to `email`, read at /admin/outbox. */
async function linkFromOutbox(page: Page, email: string): Promise<string> {
  await page.goto('/admin/outbox?status=queued');
  const row = page.getByTestId('outbox-row').filter({ hasText: email }).first();
  await expect(row).toBeVisible();
  await row.click();
  const detail = page.getByTestId('outbox-detail');
  await expect(detail).toContainText('verify-email?token=');
  const text = (await detail.textContent()) ?? '';
  const link =
    /https?:\/\/\S+?\/api\/auth\/verify-email\?token=[\w.-]+&callbackURL=\S+?(?=\s|$|[^\w%.&=/?-])/.exec(
      text,
    )?.[0];
  expect(link).toBeTruthy();
  const url = new URL(link!);
  return `${url.pathname}${url.search}`;
}

test('a patient changes their sign-in e-mail with their password and the link sent to the new address', async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  await context.addInitScript(() => localStorage.setItem('i18nextLng', 'es'));
  const page = await context.newPage();
  const account = await createUser(page.request);
  const signIn = await page.request.post('/api/auth/sign-in/email', {
    headers: { Origin: BASE_URL },
    data: { email: account.email, password: account.password },
  });
  expect(signIn.ok()).toBe(true);
  const next = account.email.replace('@', '+nuevo@');

  await page.goto('/settings');
  const card = page.getByRole('form', { name: 'Correo de acceso' });
  await card.getByLabel('Nueva dirección de correo').fill(next);
  await card.getByLabel('Su contraseña actual').fill('no-es-la-contraseña-1');
  await card.getByRole('button', { name: 'Enviar el enlace de confirmación' }).click();
  await expect(card.getByText('La contraseña no es correcta.')).toBeVisible();
  await card.getByLabel('Su contraseña actual').fill(account.password);
  await card.getByRole('button', { name: 'Enviar el enlace de confirmación' }).click();
  await expect(page.getByTestId('email-change-sent')).toContainText(
    `Hemos enviado un enlace a ${next}`,
  );
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByTestId('email-change-sent').scrollIntoViewIfNeeded();
  await page.screenshot({ path: 'test-results/settings/email-change-sent-390-es.png' });

  const admin = await browser.newContext({ storageState: storageStateFor('admin') });
  const link = await linkFromOutbox(await admin.newPage(), next);
  await admin.close();

  await page.goto(link);
  await expect(page).toHaveURL(/\/settings\?email=changed$/);
  await expect(page.getByText(`Su correo de acceso ahora es ${next}.`)).toBeVisible();
  const again = await browser.newContext();
  const fresh = await again.request.post('/api/auth/sign-in/email', {
    headers: { Origin: BASE_URL },
    data: { email: next, password: account.password },
  });
  expect(fresh.ok()).toBe(true);
  await again.close();
  await context.close();
});
