/**
 * Appointments end to end: a specialist books a free slot for a patient from the agenda, books the
 * next visit from it, moves the first and cancels it with a reason (SPEC §4 colours on the
 * badges); a patient invited to the portal requests a free slot and sees it pending; axe on both
 * screens, in English at 1280 px and Spanish at 390 px, with screenshots to look at.
 */
import fs from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { storageStateFor } from './support/accounts';
import { BASE_URL, expectToast } from './support/helpers';
import { createPatient, pathOf, uniqueWord } from './support/patients';

const OUT = path.join(import.meta.dirname, '..', 'test-results', 'appointments');

/** The specialist's own week: every day 08:00–20:00 in person, so there are free slots any day. */
async function openTheWeek(page: Page) {
  const me = await (await page.request.get('/api/me')).json();
  const hours = [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({
    weekday,
    start: '08:00',
    end: '20:00',
    modality: 'in_person',
    location: 'Consulta 2',
  }));
  const res = await page.request.put(`/api/appointments/availability/${me.user.id}`, {
    headers: { Origin: BASE_URL },
    data: { hours },
  });
  expect(res.status(), await res.text()).toBe(200);
}

const madridDay = (iso: string) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Madrid' }).format(new Date(iso));

async function axeSerious(page: Page) {
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  // toasts fade in and out; hidden rather than removed (React still owns their nodes)
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

/** A patient record with a portal account of its own (invited, signed up through the link). */
async function invitedPatient(browser: Browser) {
  const word = uniqueWord();
  const name = `Rocío ${word}`;
  const email = `rocio-${word.toLowerCase()}@example.test`;
  const staff = await browser.newContext({ storageState: storageStateFor('specialist') });
  const clinician = await staff.newPage();
  const record = await createPatient(clinician, { name, email });
  const invite = await clinician.request.post(`/api/patients/${record.id}/invite`, {
    headers: { Origin: BASE_URL },
    data: { email },
  });
  expect(invite.status(), await invite.text()).toBe(200);
  const { link } = (await invite.json()) as { link: string };
  await staff.close();

  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(pathOf(link));
  await page.getByLabel('Full name').fill(name);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('a-long-enough-secret-7');
  await page.getByLabel('Repeat the password').fill('a-long-enough-secret-7');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(/\/my-record$/);
  return { page, context, name };
}

test.describe('as a specialist', () => {
  test.use({ storageState: storageStateFor('specialist') });

  test('books a free slot for a patient from the agenda and cancels it with a reason', async ({
    page,
  }) => {
    // four page loads and three dialogs: beside another heavy test on two cores it passed 30 s
    test.setTimeout(90_000);
    const name = `Tomás ${uniqueWord()}`;
    await createPatient(page, { name });
    await openTheWeek(page);

    await page.goto('/appointments');
    await expect(page.getByRole('heading', { level: 1, name: 'Appointments' })).toBeVisible();
    await page.getByRole('button', { name: 'Book appointment' }).click();
    const dialog = page.getByRole('dialog', { name: 'Book an appointment' });
    await dialog.getByRole('button', { name: 'Book', exact: true }).click();
    await expect(dialog.getByRole('alert')).toHaveText('Choose a patient.');
    await dialog.getByLabel('Patient').fill(name.split(' ')[1]!);
    await dialog.getByRole('button', { name }).click();
    await dialog.getByLabel('Type of visit').selectOption({ label: 'Follow-up · 30 min' });
    const slot = dialog.getByRole('radio').first();
    const startsAt = (await slot.getAttribute('value'))!;
    await slot.check({ force: true });
    await dialog.getByRole('button', { name: 'Book', exact: true }).click();
    await expectToast(page, `Appointment booked for ${name}`);
    await expect(dialog).toBeHidden();

    // the booked visit, in the list of its week
    await page.goto(`/appointments?view=week&layout=list&date=${madridDay(startsAt)}`);
    const row = page.getByRole('listitem').filter({ hasText: name });
    await expect(row.getByText('Confirmed', { exact: true })).toHaveAttribute(
      'data-colour',
      'green',
    );
    await row.getByRole('button', { name }).click();
    const details = page.getByRole('dialog', { name });
    await expect(details).toContainText('Follow-up');
    // the next visit in one step: same patient, specialist and type, a week later by default
    await details.getByRole('button', { name: 'Book the next visit' }).click();
    await details.getByRole('radio').first().check({ force: true });
    await details.getByRole('button', { name: 'Book next visit' }).click();
    await expectToast(page, `Next visit booked for ${name}`);
    await expect(details).toBeHidden();
    // move it to another free time
    await row.getByRole('button', { name }).click();
    await details.getByRole('button', { name: 'Move', exact: true }).click();
    const newTime = details.getByRole('radio').first();
    const movedTo = (await newTime.getAttribute('value'))!;
    expect(movedTo).not.toBe(startsAt);
    await newTime.check({ force: true });
    await details.getByRole('button', { name: 'Move here' }).click();
    await expectToast(page, 'Appointment moved.');
    await expect(details).toBeHidden();
    await page.goto(`/appointments?view=week&layout=list&date=${madridDay(movedTo)}`);
    await row.getByRole('button', { name }).click();
    await details.getByRole('button', { name: 'Cancel appointment' }).click();
    const confirm = page.getByRole('dialog', { name: 'Cancel this appointment?' });
    await confirm.getByRole('button', { name: 'Cancel appointment' }).click();
    await expect(confirm.getByText('Please give a reason.')).toBeVisible();
    await confirm.getByLabel('Reason').fill('El paciente pide cambiar de día');
    await confirm.getByRole('button', { name: 'Cancel appointment' }).click();
    await expectToast(page, 'Appointment cancelled.');
    await expect(row.getByText('Cancelled', { exact: true })).toHaveAttribute(
      'data-colour',
      'grey',
    );

    // the same day on the calendar grid, keyboard only: the visit is a button in its column
    await page.goto(`/appointments?date=${madridDay(movedTo)}`);
    const visit = page.getByRole('button', { name: new RegExp(name) });
    await visit.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('dialog', { name })).toContainText('El paciente pide cambiar');
  });
});

test('a patient requests a free slot and sees it pending; axe and screenshots', async ({
  browser,
}) => {
  // a sign-up through the invitation, two pages and axe: 46 s alone, over 90 s beside two heavy specs
  test.setTimeout(180_000);
  const staff = await browser.newContext({
    storageState: storageStateFor('specialist'),
    viewport: { width: 1280, height: 900 },
  });
  const agenda = await staff.newPage();
  await openTheWeek(agenda);
  const { page, context, name } = await invitedPatient(browser);

  await page.goto('/appointments-page');
  await expect(page.getByRole('heading', { level: 1, name: 'My appointments' })).toBeVisible();
  await expect(page.getByText('You have no upcoming appointments.')).toBeVisible();
  await page.getByRole('button', { name: 'Request an appointment' }).click();
  // the request form (the waitlist panel on the same page has its own Specialist and Type fields)
  const request = page.getByRole('form', { name: 'Request an appointment' });
  await request.getByLabel('Specialist').selectOption({ label: 'Dra. Sofía Especialista' });
  await request.getByLabel('Type of visit').selectOption({ label: 'Follow-up' });
  const later = new Date(Date.now() + 20 * 86_400_000).toISOString().slice(0, 10);
  await request.getByLabel('Week from').fill(later);
  // the times of that week (the previous ones stay disabled until they come)
  await expect(request.getByRole('radio').first()).toBeEnabled();
  const slot = request.getByRole('radio').last();
  const startsAt = (await slot.getAttribute('value'))!;
  await slot.check({ force: true });
  await request
    .getByLabel(/Anything the clinic should know/)
    .fill('Dolor cervical desde hace dos semanas');
  await request.getByRole('button', { name: 'Send request' }).click();
  await expectToast(page, 'Request sent. The clinic will confirm it.');
  const card = page.getByRole('article').filter({ hasText: 'Follow-up' });
  await expect(card.getByText('Pending', { exact: true })).toHaveAttribute('data-colour', 'yellow');
  await expect(card.getByRole('button', { name: 'Add to calendar' })).toBeVisible();
  await expect(card.getByRole('button', { name: 'Cancel appointment' })).toBeVisible();
  expect(await axeSerious(page)).toEqual([]);
  await shoot(page, 'patient-1280');

  // staff see the request on their agenda, pending
  await agenda.goto(`/appointments?view=week&date=${madridDay(startsAt)}`);
  await expect(agenda.getByRole('button', { name: new RegExp(name) })).toBeVisible();
  expect(await axeSerious(agenda)).toEqual([]);
  await shoot(agenda, 'agenda-week-1280');
  await agenda.goto(`/appointments?view=week&layout=list&date=${madridDay(startsAt)}`);
  await expect(agenda.getByRole('listitem').filter({ hasText: name })).toBeVisible();
  expect(await axeSerious(agenda)).toEqual([]);
  await shoot(agenda, 'agenda-list-1280');

  // Spanish on a phone
  const phone = await browser.newContext({
    storageState: await context.storageState(),
    viewport: { width: 390, height: 844 },
    locale: 'es-ES',
  });
  const mobile = await phone.newPage();
  await mobile.addInitScript(() => localStorage.setItem('i18nextLng', 'es'));
  await mobile.goto('/appointments-page');
  await expect(mobile.getByRole('heading', { level: 1, name: 'Mis citas' })).toBeVisible();
  await expect(mobile.getByText('Pendiente', { exact: true })).toBeVisible();
  expect(await axeSerious(mobile)).toEqual([]);
  await shoot(mobile, 'patient-390-es');

  const staffPhone = await browser.newContext({
    storageState: storageStateFor('specialist'),
    viewport: { width: 390, height: 844 },
    locale: 'es-ES',
  });
  const small = await staffPhone.newPage();
  await small.addInitScript(() => localStorage.setItem('i18nextLng', 'es'));
  await small.goto(`/appointments?date=${madridDay(startsAt)}`);
  await expect(small.getByRole('heading', { level: 1, name: 'Citas' })).toBeVisible();
  await expect(small.getByRole('button', { name: new RegExp(name) })).toBeVisible();
  expect(await axeSerious(small)).toEqual([]);
  await shoot(small, 'agenda-day-390-es');
  await small.getByRole('button', { name: 'Reservar cita' }).click();
  await expect(small.getByRole('dialog', { name: 'Reservar una cita' })).toBeVisible();
  await shoot(small, 'book-dialog-390-es');

  await Promise.all([staff.close(), context.close(), phone.close(), staffPhone.close()]);
});
