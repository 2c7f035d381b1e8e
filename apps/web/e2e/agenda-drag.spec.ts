/**
 * The agenda's drag to move and its month (issue 11): a specialist of their own (so no other spec
 * books their times) drags a visit an hour later on the week's time grid, then onto the next day;
 * a drop on a taken time is refused by the server, said in a toast, and the visit stays; a click
 * without moving still opens it; in the month a visit is dragged to another day and keeps its time.
 * Axe and screenshots: the month at 1280 px in English and at 390 px in Spanish.
 */
import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Browser, type Locator, type Page } from '@playwright/test';
import { createStaff } from './support/accounts';
import { seriousViolations } from './support/axe';
import { BASE_URL, expectToast } from './support/helpers';
import { createPatient, uniqueWord } from './support/patients';

const OUT = path.join(import.meta.dirname, '..', 'test-results', 'agenda-drag');
const ZONE = 'Europe/Madrid';

const madrid = (iso: string) => {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone: ZONE,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(new Date(iso))
      .map((p) => [p.type, p.value]),
  );
  return {
    day: `${parts.year}-${parts.month}-${parts.day}`,
    time: `${parts.hour}:${parts.minute}`,
  };
};
const addDays = (day: string, n: number) => {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
};

const isSunday = (day: string) => new Date(`${day}T00:00:00Z`).getUTCDay() === 0;

/** A specialist account of this test only, signed in, with hours 08:00–20:00 every day. */
async function ownSpecialist(browser: Browser) {
  const staff = await createStaff(browser, 'specialist', 'Dra. Arrastre', {
    viewport: { width: 1280, height: 1000 },
  });
  const context = staff.signedIn!;
  const hours = [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({
    weekday,
    start: '08:00',
    end: '20:00',
    modality: 'in_person',
    location: 'Consulta 3',
  }));
  const res = await context.request.put(`/api/appointments/availability/${staff.id}`, {
    headers: { Origin: BASE_URL },
    data: { hours },
  });
  expect(res.status(), await res.text()).toBe(200);
  return { id: staff.id, context, page: await context.newPage() };
}

/** Books a follow-up at `time` (Madrid) on `day` from the free slots; returns its id. */
async function book(
  page: Page,
  specialistId: string,
  patientId: string,
  day: string,
  time: string,
) {
  const slots = (
    (await (
      await page.request.get(
        `/api/appointments/slots?specialistId=${specialistId}&typeId=follow_up&from=${day}&to=${day}`,
      )
    ).json()) as { items: { startsAt: string }[] }
  ).items;
  const slot = slots.find((s) => madrid(s.startsAt).time === time);
  expect(slot, `a free ${time} on ${day}`).toBeTruthy();
  const res = await page.request.post('/api/appointments', {
    headers: { Origin: BASE_URL },
    data: { patientId, specialistId, typeId: 'follow_up', startsAt: slot!.startsAt },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()).id as string;
}

async function startOf(page: Page, id: string) {
  const res = await page.request.get(`/api/appointments/${id}`);
  expect(res.status()).toBe(200);
  return madrid(((await res.json()) as { startsAt: string }).startsAt);
}

/** Drags `item` by (dx, dy) pixels with the mouse, in small steps as a hand would. */
async function drag(page: Page, item: Locator, dx: number, dy: number) {
  const box = (await item.boundingBox())!;
  const x = box.x + box.width / 2;
  const y = box.y + Math.min(box.height / 2, 8);
  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.mouse.move(x + 4, y + 4, { steps: 2 });
  await page.mouse.move(x + dx, y + dy, { steps: 12 });
  await page.mouse.up();
}

async function shoot(page: Page, name: string) {
  fs.mkdirSync(OUT, { recursive: true });
  await page.screenshot({ path: path.join(OUT, `${name}.png`), fullPage: true });
}

test('a visit is dragged to a later hour, to the next day, refused on a taken time, and moved in the month', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const { id: specialistId, context, page } = await ownSpecialist(browser);
  const name = `Paula ${uniqueWord()}`;
  const patient = await createPatient(page, { name });
  const other = await createPatient(page, { name: `Otro ${uniqueWord()}` });
  const day = addDays(madrid(new Date().toISOString()).day, 8);
  const visit = await book(page, specialistId, patient.id, day, '10:00');
  await book(page, specialistId, other.id, day, '12:00');

  await page.goto(`/appointments?view=week&date=${day}&s=${specialistId}`);
  const item = page.getByRole('button', { name: new RegExp(`^10:00 ${name}`) });
  await expect(item).toBeVisible();
  // the grid's scale: 1.1 px a minute
  const hour = 60 * 1.1;

  // a drop on 12:00, taken by the other visit: the server refuses it, the visit stays at 10:00
  await drag(page, item, 0, 2 * hour);
  await expectToast(page, 'This time slot has just been taken. Choose another time.');
  expect(await startOf(page, visit)).toEqual({ day, time: '10:00' });
  await expect(page.getByRole('button', { name: new RegExp(`^10:00 ${name}`) })).toBeVisible();

  // an hour later
  await drag(page, page.getByRole('button', { name: new RegExp(`^10:00 ${name}`) }), 0, hour);
  await expectToast(page, `Appointment of ${name} moved to`);
  await expect.poll(() => startOf(page, visit)).toEqual({ day, time: '11:00' });
  const moved = page.getByRole('button', { name: new RegExp(`^11:00 ${name}`) });
  await expect(moved).toBeVisible();

  // onto the next day's column (the day before, on a Sunday: the week ends there), same time
  const column = page.locator('section').filter({ has: moved });
  const width = (await column.boundingBox())!.width;
  const step = isSunday(day) ? -1 : 1;
  await drag(page, moved, step * width, 0);
  const shown = addDays(day, step);
  await expect.poll(() => startOf(page, visit)).toEqual({ day: shown, time: '11:00' });

  // a click without moving still opens it
  await page.getByRole('button', { name: new RegExp(`^11:00 ${name}`) }).click();
  const details = page.getByRole('dialog', { name });
  await expect(details).toBeVisible();
  await details.getByRole('button', { name: 'Close' }).click();
  await expect(details).toBeHidden();

  // the month: the visit on its day, dragged to a day beside it in the same week, keeping its time
  await page.goto(`/appointments?view=month&date=${shown}&s=${specialistId}`);
  const monthName = new Intl.DateTimeFormat('en', {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${shown}T00:00:00Z`));
  await expect(page.getByRole('heading', { level: 2, name: monthName })).toBeVisible();
  const inMonth = page.getByRole('button', { name: new RegExp(`^11:00 ${name}`) });
  await expect(inMonth).toBeVisible();
  const target = addDays(shown, isSunday(shown) ? -1 : 1);
  const from = page.locator(`td[data-day="${shown}"]`);
  const to = page.locator(`td[data-day="${target}"]`);
  const a = (await from.boundingBox())!;
  const b = (await to.boundingBox())!;
  await drag(page, inMonth, b.x - a.x, b.y - a.y);
  await expect.poll(() => startOf(page, visit)).toEqual({ day: target, time: '11:00' });
  await expect(to.getByRole('button', { name: new RegExp(`^11:00 ${name}`) })).toBeVisible();
  // a day's number opens that day
  await to.getByRole('button', { name: /: \d+ appointments?$/ }).click();
  await expect(page).toHaveURL(new RegExp(`date=${target}`));
  await expect(page).not.toHaveURL(/view=/);
  await expect(page.getByRole('button', { name: new RegExp(`^11:00 ${name}`) })).toBeVisible();

  await page.goto(`/appointments?view=month&date=${target}&s=${specialistId}`);
  await expect(page.getByRole('button', { name: new RegExp(`^11:00 ${name}`) })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await shoot(page, 'month-desktop-en');

  // a phone, in Spanish: the month fits, days show their counts
  await page.setViewportSize({ width: 390, height: 844 });
  await page.evaluate(() => localStorage.setItem('i18nextLng', 'es'));
  await page.reload();
  await expect(page.getByRole('button', { name: 'Mes', exact: true })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  expect(await seriousViolations(page)).toEqual([]);
  await shoot(page, 'month-phone-es');
  await context.close();
});
