/**
 * Recurring series (issue 11, ADR 0037): a specialist books "every week, 6 visits" from the
 * agenda's booking dialog; the dates are checked before saving; a visit booked meanwhile on the
 * third date makes the booking refuse with a translated message, a new check marks that date
 * taken, and "book the 5 free dates" books the rest. A visit of the series says which it is, and
 * cancelling "this and the following" cancels the rest of the series. Axe clean; screenshots in
 * test-results/appointments/.
 */
import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { createStaff } from './support/accounts';
import { seriousViolations } from './support/axe';
import { BASE_URL, expectToast } from './support/helpers';
import { createPatient, uniqueWord } from './support/patients';

const OUT = path.join(import.meta.dirname, '..', 'test-results', 'appointments');

const madridDay = (iso: string) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Madrid' }).format(new Date(iso));

async function shoot(page: Page, name: string) {
  fs.mkdirSync(OUT, { recursive: true });
  await page.screenshot({ path: path.join(OUT, `${name}.png`), fullPage: true });
}

test('a specialist books a weekly series, checks its dates, books the free ones and cancels the rest', async ({
  browser,
}) => {
  test.setTimeout(150_000);
  // a specialist of its own: no other test books their time
  const doc = await createStaff(browser, 'specialist', 'Dra. Serie', {
    viewport: { width: 1280, height: 900 },
  });
  const page = await doc.signedIn!.newPage();
  const hours = [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({
    weekday,
    start: '08:00',
    end: '20:00',
    modality: 'in_person',
    location: 'Consulta 4',
  }));
  const opened = await page.request.put(`/api/appointments/availability/${doc.id}`, {
    headers: { Origin: BASE_URL },
    data: { hours },
  });
  expect(opened.status(), await opened.text()).toBe(200);
  const name = `Elena ${uniqueWord()}`;
  const record = await createPatient(page, { name });

  await page.goto('/appointments');
  await page.getByRole('button', { name: 'Book appointment' }).click();
  const dialog = page.getByRole('dialog', { name: 'Book an appointment' });
  await dialog.getByLabel('Patient').fill(name.split(' ')[1]!);
  await dialog.getByRole('button', { name }).click();
  await dialog.getByLabel('Specialist').selectOption({ label: doc.name });
  await dialog.getByLabel('Type of visit').selectOption({ label: 'Follow-up · 30 min' });
  const slot = dialog.getByRole('radio').first();
  const startsAt = (await slot.getAttribute('value'))!;
  await slot.check({ force: true });
  await dialog.getByLabel('Repeat').selectOption({ label: 'Every week' });
  await dialog.getByLabel('Number of visits').fill('6');
  await dialog.getByRole('button', { name: 'Check the dates' }).click();
  await expect(dialog.getByRole('status')).toHaveText('All 6 dates are free.');
  await expect(dialog.getByRole('listitem')).toHaveCount(6);

  // meanwhile, someone books the third date
  const third = new Date(Date.parse(startsAt) + 14 * 86_400_000).toISOString();
  const blocker = await page.request.post('/api/appointments', {
    headers: { Origin: BASE_URL },
    data: { patientId: record.id, specialistId: doc.id, typeId: 'follow_up', startsAt: third },
  });
  expect(blocker.status(), await blocker.text()).toBe(201);
  await dialog.getByRole('button', { name: 'Book 6 visits' }).click();
  await expectToast(page, /Dates taken by other visits: 1\. Nothing was saved\./);
  // checked again: the third date is marked, and only the free ones can be booked
  await dialog.getByRole('button', { name: 'Check the dates' }).click();
  await expect(dialog.getByRole('status')).toHaveText(
    '1 date is taken by another visit. Choose another time, or book only the free dates.',
  );
  await expect(dialog.getByRole('listitem').nth(2)).toContainText('Taken');
  expect(await seriousViolations(page)).toEqual([]);
  await shoot(page, 'series-dates-desktop-en');
  await dialog.getByRole('button', { name: 'Book the 5 free dates' }).click();
  await expectToast(page, `5 visits booked for ${name}`);
  await expect(dialog).toBeHidden();

  // the fourth visit says which it is; "this and the following" cancels the fourth to the sixth
  const fourth = new Date(Date.parse(startsAt) + 21 * 86_400_000).toISOString();
  await page.goto(`/appointments?view=week&layout=list&date=${madridDay(fourth)}`);
  const row = page.getByRole('listitem').filter({ hasText: name });
  await row.getByRole('button', { name }).click();
  const details = page.getByRole('dialog', { name });
  await expect(details).toContainText('Visit 4 of 6');
  await details.getByRole('button', { name: 'Cancel appointment' }).click();
  const confirm = page.getByRole('dialog', { name: 'Cancel this appointment?' });
  await confirm.getByLabel('Reason').fill('Alta por mejoría');
  await confirm.getByRole('radio', { name: 'This visit and the following ones' }).check();
  expect(await seriousViolations(page)).toEqual([]);
  await confirm.getByRole('button', { name: 'Cancel appointment' }).click();
  await expectToast(page, 'The visits were cancelled.');

  const list = await page.request.get(
    `/api/appointments?from=${encodeURIComponent(startsAt)}&to=${encodeURIComponent(
      new Date(Date.parse(startsAt) + 50 * 86_400_000).toISOString(),
    )}&specialistId=${doc.id}`,
  );
  const items = (
    (await list.json()) as {
      items: { status: string; series: { index: number } | null }[];
    }
  ).items.filter((a) => a.series);
  expect(items.map((a) => `${a.series!.index}:${a.status}`)).toEqual([
    '1:confirmed',
    '2:confirmed',
    '4:cancelled',
    '5:cancelled',
    '6:cancelled',
  ]);
  await doc.signedIn!.close();
});
