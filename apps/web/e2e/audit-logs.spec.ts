/**
 * The audit log screen (SPEC §6 audit_logs:view; issue 9): a specialist reads a patient's chart,
 * the administrator finds that read by the patient's id, with the specialist named, checks the hash
 * chain and sees refusals. Desktop in English, a phone in Spanish, axe on both.
 */
import fs from 'node:fs';
import { expect, test } from '@playwright/test';
import { storageStateFor } from './support/accounts';
import { createPatient, uniqueWord } from './support/patients';
import { seriousViolations } from './support/axe';

test("the admin finds a specialist's read of a chart by the patient's id and checks the chain (desktop, English)", async ({
  browser,
}) => {
  const staff = await browser.newContext({ storageState: storageStateFor('specialist') });
  const staffPage = await staff.newPage();
  const patient = await createPatient(staffPage, { name: `Aurora ${uniqueWord()}` });
  expect((await staffPage.request.get(`/api/patients/${patient.id}`)).status()).toBe(200);
  await staff.close();
  // a patient's account asking for another person's record: refused, and recorded as such
  const other = await browser.newContext({ storageState: storageStateFor('user') });
  expect((await (await other.newPage()).request.get(`/api/patients/${patient.id}`)).status()).toBe(
    403,
  );
  await other.close();

  const context = await browser.newContext({
    storageState: storageStateFor('admin'),
    viewport: { width: 1280, height: 900 },
  });
  const page = await context.newPage();
  await page.goto('/audit-logs');
  await expect(page.getByRole('heading', { level: 1, name: 'Audit logs' })).toBeVisible();
  await expect(page.getByTestId('audit-row').first()).toBeVisible();

  await page.getByLabel('Patient id').fill(patient.id);
  await page.getByRole('button', { name: 'Filter', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`patientId=${patient.id}`));
  const rows = page.getByTestId('audit-row');
  await expect(rows.filter({ hasText: 'patients.view' }).first()).toContainText('(specialist)');
  // the previous page stays on screen (marked busy) until the filtered one arrives: wait for
  // every row to match rather than reading the rows once
  await expect(rows.filter({ hasNotText: patient.id })).toHaveCount(0);

  // the filtered entries as CSV, with their hashes (issue 22 item 1)
  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Export these entries (CSV)' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^audit-log-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = fs.readFileSync((await file.path())!, 'utf8').replace(/^\uFEFF/, '');
  const [header, ...lines] = csv.trim().split('\n');
  expect(header).toBe(
    'seq,id,occurredAt,actorUserId,actorName,actorRole,action,resource,recordId,patientId,outcome,ip,requestId,details,prevHash,hash',
  );
  expect(lines.length).toBeGreaterThan(0);
  for (const line of lines) expect(line).toContain(patient.id);

  await page.getByRole('button', { name: 'Check the chain' }).click();
  await expect(page.getByText(/^Intact: [\d,]+ entries checked\.$/)).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.screenshot({ path: 'test-results/audit-logs/desktop-en.png', fullPage: true });

  await page.getByRole('button', { name: 'Clear filters' }).click();
  await page.getByLabel('Outcome').selectOption('denied');
  await expect(page).toHaveURL(/outcome=denied/);
  await expect(rows.first()).toContainText('Refused');
  await expect(rows.filter({ hasNotText: 'Refused' })).toHaveCount(0);
  await context.close();
});

test('on a phone, in Spanish, the log reads in Spanish and fits the screen', async ({
  browser,
}) => {
  const context = await browser.newContext({
    storageState: storageStateFor('admin'),
    viewport: { width: 390, height: 844 },
    locale: 'es-ES',
  });
  await context.addInitScript(() => window.localStorage.setItem('i18nextLng', 'es'));
  const page = await context.newPage();
  await page.goto('/audit-logs');
  await expect(
    page.getByRole('heading', { level: 1, name: 'Registros de auditoría' }),
  ).toBeVisible();
  await expect(page.getByTestId('audit-row').first()).toContainText('Permitido');
  await page.getByRole('button', { name: 'Comprobar la cadena' }).click();
  await expect(page.getByText(/^Íntegra: [\d.\s]+ entradas comprobadas\.$/)).toBeVisible();
  // nothing wider than the phone
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  expect(await seriousViolations(page)).toEqual([]);
  await page.screenshot({ path: 'test-results/audit-logs/phone-es.png', fullPage: true });
  await context.close();
});
