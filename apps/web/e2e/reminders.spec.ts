/**
 * Reminders and no-shows end to end (ADR 0021): a visit booked for tomorrow gets its reminder in
 * the outbox, where the administrator reads its links; the patient opens the confirm link and the
 * cancel link on a 390 px phone without signing in, in Spanish and English, and sees what happened
 * (and that a used link is used); staff mark a past visit as a no-show and see the patient's count
 * on the agenda and the chart; the administrator opens the no-show report. axe on every screen;
 * screenshots to test-results/reminders/.
 */
import fs from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { storageStateFor } from './support/accounts';
import { BASE_URL, expectToast } from './support/helpers';
import { createPatient, uniqueWord } from './support/patients';

const OUT = path.join(import.meta.dirname, '..', 'test-results', 'reminders');
const HOUR = 3_600_000;

async function axeSerious(page: Page) {
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  await page.evaluate(() =>
    document
      .querySelectorAll<HTMLElement>('[data-sonner-toaster]')
      .forEach((t) => (t.style.display = 'none')),
  );
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'])
    .options({ resultTypes: ['violations'] })
    .analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} — ${v.nodes.map((n) => JSON.stringify(n.target)).join(', ')}`);
}

async function shoot(page: Page, name: string) {
  fs.mkdirSync(OUT, { recursive: true });
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: path.join(OUT, `${name}.png`), fullPage: true });
}

/** Books a visit for the patient with the signed-in specialist about `hours` from now (a free time). */
async function bookAround(page: Page, patientId: string, hours: number) {
  const me = (await (await page.request.get('/api/me')).json()) as { user: { id: string } };
  for (let i = 0; i < 20; i++) {
    const at = new Date(Date.now() + hours * HOUR + (i * 47 + 7) * 60_000);
    at.setUTCSeconds(0, 0);
    const res = await page.request.post('/api/appointments', {
      headers: { Origin: BASE_URL },
      data: {
        patientId,
        specialistId: me.user.id,
        typeId: 'follow_up',
        startsAt: at.toISOString(),
      },
    });
    if (res.status() === 201) return (await res.json()) as { id: string; startsAt: string };
    expect(res.status(), await res.text()).toBe(409);
  }
  throw new Error('no free time found');
}

/** The reminder queued for `email` (read as an administrator, through the API), with its links. */
async function reminderLinks(browser: Browser, email: string) {
  const admin = await browser.newContext({ storageState: storageStateFor('admin') });
  let id = '';
  await expect
    .poll(
      async () => {
        const list = await admin.request.get('/api/admin/outbox?limit=100');
        const items = (
          (await list.json()) as { items: { id: string; recipient: string; template: string }[] }
        ).items;
        id =
          items.find((m) => m.recipient === email && m.template === 'appointment.reminder')?.id ??
          '';
        return id;
      },
      { timeout: 20_000 },
    )
    .not.toBe('');
  const res = await admin.request.get(`/api/admin/outbox/${id}`);
  const { message } = (await res.json()) as { message: { text: string } };
  await admin.close();
  const local = (re: RegExp) => re.exec(message.text)![0].replace(/^https?:\/\/[^/]+/, BASE_URL);
  return {
    confirm: local(/https?:\/\/\S+\/cita\/confirmar#[A-Za-z0-9_-]+/),
    cancel: local(/https?:\/\/\S+\/cita\/anular#[A-Za-z0-9_-]+/),
  };
}

async function phone(browser: Browser, lang: 'es' | 'en') {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    locale: lang === 'es' ? 'es-ES' : 'en-GB',
    hasTouch: true,
    isMobile: true,
  });
  await context.addInitScript((lng) => localStorage.setItem('i18nextLng', lng), lang);
  return context.newPage();
}

test('a reminder reaches the outbox with its links; the patient confirms and cancels on a phone, in both languages', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const word = uniqueWord();
  const email = `recordatorio-${word.toLowerCase()}@example.test`;
  const staff = await browser.newContext({ storageState: storageStateFor('specialist') });
  const clinician = await staff.newPage();
  const patient = await createPatient(clinician, { name: `Lucía ${word}`, email });
  await bookAround(clinician, patient.id, 20); // the 24 h reminder is due now
  const links = await reminderLinks(browser, email);

  // the administrator reads it in the outbox
  const adminContext = await browser.newContext({
    storageState: storageStateFor('admin'),
    viewport: { width: 1280, height: 900 },
  });
  const admin = await adminContext.newPage();
  await admin.goto('/admin/outbox');
  const row = admin.getByTestId('outbox-row').filter({ hasText: email });
  await expect(row).toBeVisible();
  await row.click();
  const detail = admin.getByTestId('outbox-detail');
  await expect(detail).toContainText('/cita/confirmar#');
  await expect(detail).toContainText('/cita/anular#');
  await shoot(admin, 'outbox-reminder-desktop-en');
  expect(await axeSerious(admin)).toEqual([]);

  // Spanish phone: confirm
  const es = await phone(browser, 'es');
  await es.goto(links.confirm);
  await expect(es.getByRole('heading', { level: 1, name: 'Confirme su cita' })).toBeVisible();
  await expect(es).toHaveURL(/\/cita\/confirmar$/); // the token left the address bar
  await expect(es.getByTestId('link-appointment')).toContainText('Revisión');
  expect(await axeSerious(es)).toEqual([]);
  await shoot(es, 'confirm-390-es');
  await es.getByRole('button', { name: 'Sí, iré' }).click();
  await expect(es.getByRole('heading', { level: 1, name: 'Cita confirmada' })).toBeVisible();
  await expect(es.getByTestId('link-outcome')).toContainText('su cita está confirmada');
  await shoot(es, 'confirmed-390-es');
  expect(await axeSerious(es)).toEqual([]);
  // the same link again: used
  await es.goto('about:blank');
  await es.goto(links.confirm);
  await expect(es.getByTestId('link-error')).toContainText('Este enlace ya se ha usado');
  await shoot(es, 'confirm-used-390-es');

  // English phone: cancel, inside the 24 h notice period (a late cancellation)
  const en = await phone(browser, 'en');
  await en.goto(links.cancel);
  await expect(
    en.getByRole('heading', { level: 1, name: 'Cancel your appointment' }),
  ).toBeVisible();
  await expect(en.getByTestId('link-notice')).toContainText('late cancellation');
  expect(await axeSerious(en)).toEqual([]);
  await shoot(en, 'cancel-390-en');
  await en.getByRole('button', { name: 'Cancel the appointment' }).click();
  await expect(en.getByRole('heading', { level: 1, name: 'Appointment cancelled' })).toBeVisible();
  await expect(en.getByTestId('link-outcome')).toContainText('a late cancellation');
  await shoot(en, 'cancelled-late-390-en');
  expect(await axeSerious(en)).toEqual([]);

  // a second visit: confirm in English, and its cancel link in Spanish says it is cancelled after staff cancel
  const second = await bookAround(clinician, patient.id, 22);
  let links2: { confirm: string; cancel: string } | undefined;
  await expect
    .poll(
      async () => {
        const l = await reminderLinks(browser, email).catch(() => null);
        links2 = l && l.confirm !== links.confirm ? l : undefined;
        return Boolean(links2);
      },
      { timeout: 30_000 },
    )
    .toBe(true);
  await en.goto('about:blank');
  await en.goto(links2!.confirm);
  await en.getByRole('button', { name: 'Yes, I will come' }).click();
  await expect(en.getByTestId('link-outcome')).toContainText('your appointment is confirmed');
  const read = await clinician.request.get(`/api/appointments/${second.id}`);
  const { version } = (await read.json()) as { version: number };
  const cancel = await clinician.request.post(`/api/appointments/${second.id}/cancel`, {
    headers: { Origin: BASE_URL },
    data: { version, reason: 'Baja de la especialista' },
  });
  expect(cancel.status()).toBe(200);
  await es.goto('about:blank');
  await es.goto(links2!.cancel);
  await expect(es.getByTestId('link-error')).toContainText('Esta cita está anulada');
  await shoot(es, 'cancel-cancelled-390-es');
  expect(await axeSerious(es)).toEqual([]);
  await staff.close();
  await adminContext.close();
});

test('staff mark a no-show and see the count on the agenda and the chart; the administrator reads the report', async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const word = uniqueWord();
  const name = `Marta ${word}`;
  const staff = await browser.newContext({
    storageState: storageStateFor('specialist'),
    viewport: { width: 1280, height: 900 },
  });
  const page = await staff.newPage();
  const patient = await createPatient(page, { name });
  const visit = await bookAround(page, patient.id, -26);
  const me = (await (await page.request.get('/api/me')).json()) as { user: { id: string } };
  const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Madrid' }).format(
    new Date(visit.startsAt),
  );
  await page.goto(`/appointments?layout=list&date=${day}&s=${me.user.id}`);
  await page.getByRole('button', { name }).first().click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByTestId('details-no-shows')).toHaveText('0');
  await dialog.getByRole('button', { name: 'Mark no-show' }).click();
  await expectToast(page, 'Appointment marked as a no-show.');
  if (await dialog.isVisible()) await page.keyboard.press('Escape');
  const item = page.getByRole('listitem').filter({ hasText: name });
  await expect(item.getByTestId('no-show-count')).toHaveText('1 no-show');
  await expect(item).toContainText('No-show');
  await shoot(page, 'agenda-no-show-desktop-en');
  expect(await axeSerious(page)).toEqual([]);

  await page.goto(`/patients/${patient.id}?tab=appointments`);
  await expect(page.getByTestId('chart-no-shows')).toHaveText('1 no-show');
  // how the patient is reminded: in English, by SMS
  await page.getByLabel('Send reminders by').selectOption('sms');
  await page.getByLabel('Reminder language').selectOption('en');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expectToast(page, 'Reminder preference saved');
  const saved = await page.request.get(`/api/appointments/reminder-preferences/${patient.id}`);
  expect(await saved.json()).toEqual({ channel: 'sms', language: 'en', hours: null });
  expect(await axeSerious(page)).toEqual([]);
  await shoot(page, 'chart-no-shows-desktop-en');

  // the administrator's report, on a phone in Spanish
  const adminContext = await browser.newContext({
    storageState: storageStateFor('admin'),
    viewport: { width: 390, height: 844 },
  });
  await adminContext.addInitScript(() => localStorage.setItem('i18nextLng', 'es'));
  const admin = await adminContext.newPage();
  await admin.goto('/appointments');
  await admin.getByRole('link', { name: 'Informe de inasistencias' }).click();
  await expect(
    admin.getByRole('heading', { level: 1, name: 'Informe de inasistencias' }),
  ).toBeVisible();
  const patients = admin.getByTestId('no-show-patients');
  await expect(patients.getByRole('listitem').filter({ hasText: name })).toContainText(
    '1 inasistencia',
  );
  await expect(admin.getByTestId('no-show-months')).toBeVisible();
  expect(await axeSerious(admin)).toEqual([]);
  await shoot(admin, 'no-show-report-390-es');
  // a specialist is refused the report
  const refused = await page.request.get('/api/appointments/no-shows?from=2026-01&to=2026-02');
  expect(refused.status()).toBe(403);
  await staff.close();
  await adminContext.close();
});
