/**
 * The Outbox screen (issue 9): with no e-mail provider (the embedded default), an invitation e-mail
 * waits in the outbox; the administrator finds it, reads its link and queues it again. Both
 * languages, a phone and a desktop, and axe on the open message.
 */
import { expect, test, type Page } from '@playwright/test';
import { storageStateFor } from './support/accounts';
import { BASE_URL, expectToast } from './support/helpers';
import { createPatient, uniqueWord } from './support/patients';
import { seriousViolations } from './support/axe';

async function invitedByEmail(page: Page, email: string): Promise<string> {
  const word = uniqueWord();
  const patient = await createPatient(page, { name: `Olga ${word}`, email });
  const res = await page.request.post(`/api/patients/${patient.id}/invite`, {
    headers: { Origin: BASE_URL },
    data: { email },
  });
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { link: string }).link;
}

test('the admin sees a queued invitation e-mail, opens it and sends it again (desktop, English)', async ({
  browser,
}) => {
  const email = `olga-${uniqueWord().toLowerCase()}@example.test`;
  const staff = await browser.newContext({ storageState: storageStateFor('specialist') });
  const link = await invitedByEmail(await staff.newPage(), email);
  await staff.close();

  const context = await browser.newContext({
    storageState: storageStateFor('admin'),
    viewport: { width: 1280, height: 900 },
  });
  const page = await context.newPage();
  await page.goto('/dashboard');
  // the admin group of the sidebar leads there
  const nav = page.getByRole('navigation', { name: 'Main navigation' });
  await nav.getByRole('button', { name: 'Administration' }).click();
  await nav.getByRole('link', { name: 'Outbox' }).click();
  await expect(page).toHaveURL(/\/admin\/outbox$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Outbox' })).toBeVisible();
  await expect(page.getByText('No e-mail or SMS provider is configured')).toBeVisible();

  await page.getByLabel('Status').selectOption('queued');
  await expect(page).toHaveURL(/status=queued/);
  const row = page.getByTestId('outbox-row').filter({ hasText: email });
  await expect(row).toContainText('Queued');
  await expect(row).toContainText('Not delivered: no provider configured');
  await expect(row).toContainText('0 of 8 attempts');
  await row.click();

  const detail = page.getByTestId('outbox-detail');
  await expect(detail.getByRole('heading', { level: 2 })).toContainText(
    'invitation to your patient area',
  );
  await expect(detail).toContainText(link);
  await expect(detail).toContainText('Spanish and English');
  await page.screenshot({ path: 'test-results/outbox-desktop-en.png', fullPage: true });
  expect(await seriousViolations(page)).toEqual([]);

  await detail.getByRole('button', { name: 'Send again' }).click();
  await expectToast(page, 'The message is queued again.');
  await expect(detail).toContainText('Queued');

  // the retry is audited
  const audit = await page.request.get('/api/audit-logs?action=outbox.retry&limit=5');
  expect(audit.status()).toBe(200);
  expect(((await audit.json()) as { items: unknown[] }).items.length).toBeGreaterThan(0);
  await context.close();
});

test('on a phone, in Spanish, the outbox lists the demo messages and opens one', async ({
  browser,
}) => {
  const context = await browser.newContext({
    storageState: storageStateFor('admin'),
    viewport: { width: 390, height: 844 },
    locale: 'es-ES',
  });
  await context.addInitScript(() => window.localStorage.setItem('i18nextLng', 'es'));
  const page = await context.newPage();
  await page.goto('/admin/outbox?status=dead');
  await expect(page.getByRole('heading', { level: 1, name: 'Bandeja de salida' })).toBeVisible();
  const row = page.getByTestId('outbox-row').first();
  await expect(row).toContainText('No entregado');
  await expect(row).toContainText('ECONNREFUSED');
  await row.click();
  const detail = page.getByTestId('outbox-detail');
  await expect(detail).toContainText('Último error');
  await expect(detail.getByRole('button', { name: 'Enviar de nuevo' })).toBeEnabled();
  // nothing wider than the phone
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
  await page.screenshot({ path: 'test-results/outbox-phone-es.png', fullPage: true });
  expect(await seriousViolations(page)).toEqual([]);
  await context.close();
});

test('a specialist is sent to the dashboard', async ({ browser }) => {
  const context = await browser.newContext({ storageState: storageStateFor('specialist') });
  const page = await context.newPage();
  await page.goto('/admin/outbox');
  await expect(page).toHaveURL(/\/dashboard$/);
  await context.close();
});
