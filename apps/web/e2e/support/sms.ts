/** SMS in end-to-end tests: with no SMS service they wait in the outbox, read at /admin/outbox. */
import { expect, type Browser, type Page } from '@playwright/test';
import { storageStateFor } from './accounts';

/** A number no other run uses: +34 6 and 8 digits (`prefix` keeps specs apart). */
export const freshPhone = (prefix = '1') =>
  `+346${prefix}${String(Date.now() % 10_000_000).padStart(7, '0')}`.slice(0, 12);

/**
 * The code of the newest queued SMS to `phone`, read at /admin/outbox by an admin (`page`);
 * `containing`: a piece of the message expected (which template it is).
 */
export async function codeFromOutbox(
  page: Page,
  phone: string,
  containing?: string,
): Promise<string> {
  await page.goto('/admin/outbox?status=queued');
  const row = page.getByTestId('outbox-row').filter({ hasText: phone }).first();
  await expect(row).toBeVisible();
  await row.click();
  const detail = page.getByTestId('outbox-detail');
  await expect(detail).toContainText(phone);
  if (containing) await expect(detail).toContainText(containing);
  const text = (await detail.textContent()) ?? '';
  const code = /(?:es|is) (\d{6})\./.exec(text)?.[1];
  expect(code).toMatch(/^\d{6}$/);
  return code!;
}

/** The same, in a browser context of its own signed in as the admin. */
export async function codeAsAdmin(
  browser: Browser,
  phone: string,
  containing?: string,
): Promise<string> {
  const admin = await browser.newContext({ storageState: storageStateFor('admin') });
  try {
    return await codeFromOutbox(await admin.newPage(), phone, containing);
  } finally {
    await admin.close();
  }
}
