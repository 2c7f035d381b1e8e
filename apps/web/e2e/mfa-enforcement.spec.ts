/**
 * Forced enrolment (issue 9, ADR 0038): an administrator makes two-step verification mandatory for
 * every researcher in /settings. Within the grace period a researcher without a factor sees by when
 * (Spanish, on a phone); with no days left every page sends them to /settings, where they set up an
 * authenticator app and go on working. The policy is global, so this spec runs in its own project
 * after every other one (playwright.config.ts) and puts the default back at the end.
 */
import { expect, test, type Page } from '@playwright/test';
import * as OTPAuth from 'otpauth';
import { createStaff, storageStateFor } from './support/accounts';
import { seriousViolations } from './support/axe';
import { BASE_URL, expectToast } from './support/helpers';

const shots = 'test-results/mfa-enforcement';

/** The researcher row of the policy card. */
const researcherRow = (page: Page) =>
  page.getByTestId('mfa-policy').getByRole('group', { name: 'Researcher' });

async function setGraceDays(page: Page, days: number) {
  const row = researcherRow(page);
  await row.getByLabel('Days to set it up').fill(String(days));
  await row.getByRole('button', { name: 'Save days' }).click();
  await expectToast(page, 'Saved.');
}

test('an administrator enforces two-step verification for researchers, with a grace period', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const adminContext = await browser.newContext({ storageState: storageStateFor('admin') });
  const admin = await adminContext.newPage();
  try {
    await admin.goto('/settings');
    const row = researcherRow(admin);
    await expect(row.getByLabel('Required once set up')).toBeChecked();
    // the box shows the saved policy: it turns on once the server has answered
    await row.getByLabel('Everyone must set it up').click();
    await expectToast(admin, 'Saved.');
    await expect(row.getByLabel('Everyone must set it up')).toBeChecked();
    await expect(row.getByText(/Enforced since/)).toBeVisible();
    await setGraceDays(admin, 30);
    expect(await seriousViolations(admin)).toEqual([]);
    await admin.screenshot({ path: `${shots}/policy-desktop.png`, fullPage: true });

    // within the grace period: a notice on every page, in Spanish on a phone
    const researcher = await createStaff(browser, 'researcher', 'Inés Plazo', {
      locale: 'es-ES',
      viewport: { width: 390, height: 844 },
    });
    const phone = await researcher.signedIn!.newPage();
    await phone.goto('/dashboard');
    const notice = phone.getByTestId('enrol-notice');
    await expect(notice).toContainText('Su rol debe usar la verificación en dos pasos');
    expect(await seriousViolations(phone)).toEqual([]);
    await phone.screenshot({ path: `${shots}/notice-es-390.png`, fullPage: true });
    await notice.getByRole('link', { name: 'Configurarla ahora' }).click();
    await expect(phone).toHaveURL(/\/settings#two-step$/);
    await expect(phone.getByTestId('mfa-enrol-by')).toBeVisible();
    await researcher.signedIn!.close();

    // no days left: only /settings, until a factor is set up
    await setGraceDays(admin, 0);
    const late = await createStaff(browser, 'researcher', 'Tomás Tarde', {});
    const page = await late.signedIn!.newPage();
    await page.goto('/analytics');
    await expect(page).toHaveURL(/\/settings#two-step$/);
    const card = page.getByTestId('mfa-card');
    await expect(card.getByTestId('mfa-enrol-now')).toContainText('the time to set it up is over');
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: `${shots}/enrol-now-desktop.png`, fullPage: true });
    // a data route is refused on the server too
    const refused = await page.request.get('/api/patients');
    expect(refused.status()).toBe(403);
    expect(((await refused.json()) as { error: { code: string } }).error.code).toBe(
      'mfa_enrolment_required',
    );

    await card.getByLabel('Your password').fill(late.password);
    await card.getByRole('button', { name: 'Set up an authenticator app' }).click();
    const key = ((await card.getByTestId('totp-key').textContent()) ?? '').replace(/\s+/g, '');
    const totp = new OTPAuth.TOTP({
      secret: OTPAuth.Secret.fromBase32(key),
      digits: 6,
      period: 30,
    });
    await card.getByLabel('Code shown by the app').fill(totp.generate());
    await card.getByRole('button', { name: 'Confirm and turn on' }).click();
    await card.getByRole('button', { name: 'I have saved them' }).click();
    await expect(card.getByTestId('mfa-enrol-now')).toHaveCount(0);
    await page.goto('/analytics');
    await expect(page).toHaveURL(/\/analytics$/);
    expect((await page.request.get('/api/patients')).status()).toBe(200);
    await late.signedIn!.close();
  } finally {
    // the default again: required once set up, not enforced
    const res = await admin.request.put('/api/mfa/policy', {
      data: { role: 'researcher', required: true, enforced: false },
      headers: { Origin: BASE_URL },
    });
    expect(res.ok()).toBe(true);
    await adminContext.close();
  }
});
