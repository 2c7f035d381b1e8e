/**
 * Messaging end to end, in two browser contexts: a patient (a fresh account, linked to a record of
 * the demo specialist) writes to their care team, the
 * specialist's open page shows it live (thread row, unread badge, the bell's count), reads it, and the
 * patient's open thread shows "Seen by Dra. …" without a reload; the specialist answers with a quick
 * reply, which reaches the patient live and is marked seen. Axe on both screens; screenshots at
 * 1280 px and at 390 px in Spanish.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { storageStateFor } from './support/accounts';
import { expectToast, trackEventStream, waitForEventStream } from './support/helpers';
import { patientWithCareTeam, uniqueWord } from './support/patients';

const SHOTS = 'test-results/messages';

async function expectAxeClean(page: Page) {
  await page.evaluate(() =>
    document.querySelectorAll('[data-sonner-toaster]').forEach((t) => t.remove()),
  );
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    .options({ resultTypes: ['violations'] })
    .analyze();
  const serious = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} — ${v.nodes.map((n) => JSON.stringify(n.target)).join(', ')}`);
  expect(serious).toEqual([]);
}

test('a patient and a clinician exchange messages live, with read receipts and the bell', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const clinicianContext = await browser.newContext({
    storageState: storageStateFor('specialist'),
  });
  const patientContext = await browser.newContext({
    storageState: { cookies: [], origins: [] },
  });
  const account = await patientWithCareTeam(clinicianContext.request, patientContext.request);
  const clinician = await clinicianContext.newPage();
  const patient = await patientContext.newPage();
  const subject = `Dolor lumbar ${uniqueWord()}`;

  await trackEventStream(clinician);
  await clinician.goto('/messages');
  await expect(clinician.getByRole('heading', { level: 1, name: 'Messages' })).toBeVisible();
  const bell = clinician.getByTestId('notification-bell');
  await expect(bell).toBeVisible();
  // subscribed before the patient writes (networkidle ignores EventSource connections)
  await waitForEventStream(clinician);
  const counter = clinician.getByTestId('notification-count');
  // the demo specialist is shared with specs running beside this one (their notices count too):
  // the bell is compared with itself, not with exact numbers
  const unread = async () => ((await counter.count()) ? Number(await counter.textContent()) : 0);
  const before = await unread();

  // the patient writes to their care team
  await patient.goto('/messages');
  await patient.getByRole('button', { name: 'New message' }).click();
  await expect(patient.getByText('To your care team: Dra. Sofía Especialista')).toBeVisible();
  await expect(patient.getByText(/not an emergency service/)).toBeVisible();
  await patient.getByRole('button', { name: 'Send message' }).click();
  await expect(patient.getByText('Write a subject.')).toBeVisible();
  await patient.getByLabel('Subject').fill(subject);
  await patient.getByLabel('Message', { exact: true }).fill('Desde ayer el dolor ha subido a 7.');
  await patient.getByRole('button', { name: 'Send message' }).click();
  await expectToast(patient, 'Message sent');
  await expect(patient).toHaveURL(/\?thread=/);
  await expect(patient.getByTestId('receipt').last()).toHaveText('Sent, not seen yet');

  // live on the clinician's open page: the row with its unread badge, and the bell's count
  const row = clinician.getByTestId('thread-row').filter({ hasText: subject });
  await expect(row).toBeVisible({ timeout: 15_000 });
  await expect(row.getByTestId('unread-badge')).toHaveText(/1/);
  await expect.poll(unread).toBeGreaterThan(before);
  await expect(bell).toHaveAccessibleName(/^Notifications: \d+ unread$/);
  const withMessage = await unread();
  await clinician.screenshot({ path: `${SHOTS}/clinician-list-1280.png`, fullPage: true });

  // the clinician opens it (by keyboard): it is read, the bell clears, the patient sees the receipt
  await row.focus();
  await clinician.keyboard.press('Enter');
  await expect(clinician.getByRole('heading', { level: 2, name: subject })).toBeVisible();
  await expect(clinician.getByText('Desde ayer el dolor ha subido a 7.')).toBeVisible();
  await expect(row.getByTestId('unread-badge')).toHaveCount(0);
  await expect.poll(unread).toBeLessThan(withMessage);
  await expect(patient.getByTestId('receipt').last()).toHaveText(
    /^Seen by Dra\. Sofía Especialista at \d{1,2}:\d{2}/,
    { timeout: 15_000 },
  );

  // a quick reply, sent; it arrives live in the patient's open thread, which marks it seen
  await clinician.getByRole('button', { name: 'Received' }).click();
  await expect(clinician.getByLabel('Your reply')).toHaveValue(/We have received your message/);
  await clinician.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(patient.getByText(/We have received your message/)).toBeVisible({
    timeout: 15_000,
  });
  await expect(clinician.getByTestId('receipt').last()).toContainText(`Seen by ${account.name}`, {
    timeout: 15_000,
  });
  await expect(patient.getByTestId('notification-count')).toHaveCount(0);

  // a file: the patient attaches a PDF, the clinician sees it live as a download
  await patient.getByLabel('Attach a file').setInputFiles({
    name: 'informe-rodilla.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from('%PDF-1.4\n% demo\n%%EOF'),
  });
  await expect(clinician.getByRole('link', { name: /informe-rodilla\.pdf/ })).toBeVisible({
    timeout: 15_000,
  });
  // a file that is not what it says is refused, with the reason
  await patient.getByLabel('Attach a file').setInputFiles({
    name: 'foto.png',
    mimeType: 'image/png',
    buffer: Buffer.from('not really a png'),
  });
  await expect(
    patient.getByRole('alert').filter({ hasText: 'Only PDF, PNG and JPEG' }),
  ).toBeVisible();

  await clinician.screenshot({ path: `${SHOTS}/clinician-thread-1280.png`, fullPage: true });
  await patient.screenshot({ path: `${SHOTS}/patient-thread-1280.png`, fullPage: true });
  await expectAxeClean(clinician);
  await expectAxeClean(patient);

  // notifications: the patient's list links to the thread
  await patient.goto('/notifications');
  await expect(patient.getByRole('heading', { level: 1, name: 'Notifications' })).toBeVisible();
  await expect(
    patient.getByRole('link', { name: 'New message from Dra. Sofía Especialista' }).first(),
  ).toBeVisible();
  await expectAxeClean(patient);
  await patient.screenshot({ path: `${SHOTS}/patient-notifications-1280.png`, fullPage: true });

  // 390 px, in Spanish: the list, then one thread at a time
  const phone = await patientContext.newPage();
  await phone.setViewportSize({ width: 390, height: 844 });
  await phone.addInitScript(() => window.localStorage.setItem('i18nextLng', 'es'));
  await phone.goto('/messages');
  await expect(phone.getByRole('heading', { level: 1, name: 'Mensajes' })).toBeVisible();
  await phone.screenshot({ path: `${SHOTS}/patient-list-390-es.png`, fullPage: true });
  await phone.getByTestId('thread-row').filter({ hasText: subject }).click();
  await expect(phone.getByText(/Visto por Dra\. Sofía Especialista a las/).first()).toBeVisible();
  await expect(phone.getByRole('link', { name: 'Volver a las conversaciones' })).toBeVisible();
  await expectAxeClean(phone);
  await phone.screenshot({ path: `${SHOTS}/patient-thread-390-es.png`, fullPage: true });

  await clinicianContext.close();
  await patientContext.close();
});
