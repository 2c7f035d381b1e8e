/**
 * Working hours end to end: an administrator (a bookable clinician) sets their own week with two
 * ranges on Monday and a time zone, is stopped by overlapping ranges and an end before its start,
 * adds a day off and removes it, and the free-slot search follows; a specialist opens their own
 * hours on a 390 px phone in Spanish; a patient is sent to the dashboard. axe on every state;
 * screenshots to test-results/availability/.
 */
import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { storageStateFor } from './support/accounts';
import { seriousViolations } from './support/axe';
import { BASE_URL, expectToast } from './support/helpers';

const OUT = path.join(import.meta.dirname, '..', 'test-results', 'availability');

async function shoot(page: Page, name: string) {
  fs.mkdirSync(OUT, { recursive: true });
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: path.join(OUT, `${name}.png`), fullPage: true });
}

async function axeClean(page: Page) {
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  expect(await seriousViolations(page)).toEqual([]);
}

/** The next Monday (local to Madrid), as YYYY-MM-DD, at least a week ahead. */
function nextMonday(): string {
  const d = new Date(Date.now() + 8 * 86_400_000);
  while (d.getUTCDay() !== 1) d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}

test.describe('administrator, desktop, English', () => {
  test.use({ storageState: storageStateFor('admin'), viewport: { width: 1280, height: 900 } });

  test('sets weekly hours, is stopped by bad ranges, adds and removes a day off', async ({
    page,
  }) => {
    test.setTimeout(60_000);
    const me = (await (await page.request.get('/api/me')).json()) as { user: { id: string } };
    await page.goto('/appointments');
    await page.getByRole('link', { name: 'Working hours' }).click();
    await expect(page).toHaveURL(/\/appointments\/availability$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Working hours' })).toBeVisible();
    const specialist = page.getByLabel('Specialist');
    await expect(specialist).toBeVisible();
    await specialist.selectOption(me.user.id);

    await page.getByLabel('Time zone').selectOption('America/New_York');
    const monday = page.getByTestId('weekday-1');
    await monday.getByRole('button', { name: 'Add hours on Monday' }).click();
    await monday.getByRole('button', { name: 'Add hours on Monday' }).click();
    const first = monday.getByRole('group', { name: 'Monday, range 1' });
    const second = monday.getByRole('group', { name: 'Monday, range 2' });
    await expect(first.getByLabel('From')).toHaveValue('09:00');
    await expect(second.getByLabel('From')).toHaveValue('14:00');
    // overlapping: the second starts inside the first
    await second.getByLabel('From').fill('12:00');
    await expect(monday.getByText('Overlaps other hours on this day.')).toBeVisible();
    await page.getByRole('button', { name: 'Save weekly hours' }).click();
    await expect(page.getByRole('alert')).toHaveText('Some hours need fixing before saving.');
    await axeClean(page);
    await shoot(page, 'hours-overlap-desktop-en');
    // end before start
    await second.getByLabel('From').fill('16:00');
    await second.getByLabel('To').fill('15:00');
    await expect(monday.getByText('The end must be after the start.')).toBeVisible();
    await second.getByLabel('To').fill('19:00');
    await second.getByLabel('Where').selectOption('telehealth');
    await first.getByLabel('Place (optional)').fill('Consulta 2');
    await page.getByRole('button', { name: 'Save weekly hours' }).click();
    await expectToast(page, 'Weekly hours saved.');

    const saved = (await (
      await page.request.get(`/api/appointments/availability/${me.user.id}`)
    ).json()) as { hours: { weekday: number; start: string; end: string; timeZone: string }[] };
    expect(saved.hours.map((h) => [h.weekday, h.start, h.end, h.timeZone])).toEqual([
      [1, '09:00', '14:00', 'America/New_York'],
      [1, '16:00', '19:00', 'America/New_York'],
    ]);
    const day = nextMonday();
    const slots = async () =>
      (
        (await (
          await page.request.get(
            `/api/appointments/slots?specialistId=${me.user.id}&typeId=follow_up&from=${day}&to=${day}`,
          )
        ).json()) as { items: unknown[] }
      ).items.length;
    expect(await slots()).toBeGreaterThan(0);

    // a day off on that Monday: no slots; removed: slots again
    await page.getByLabel(/^Date/).fill(day);
    await page.getByLabel('Note (optional)').fill('Congress');
    await page.getByRole('button', { name: 'Add day off or extra hours' }).last().click();
    await expectToast(page, 'Added.');
    const item = page.getByTestId('exception');
    await expect(item).toHaveCount(1);
    await expect(item).toContainText('Day off');
    await expect(item).toContainText('Congress');
    expect(await slots()).toBe(0);
    await axeClean(page);
    await shoot(page, 'hours-saved-desktop-en');
    await item.getByRole('button', { name: /^Remove Day off/ }).click();
    await expectToast(page, 'Removed.');
    await expect(page.getByText('No days off or extra hours ahead.')).toBeVisible();
    expect(await slots()).toBeGreaterThan(0);

    // extra hours without times are refused before sending
    await page.getByLabel('Kind').selectOption('extra');
    await page.getByLabel(/^Date/).fill(day);
    await page.getByRole('button', { name: 'Add day off or extra hours' }).last().click();
    await expect(page.getByRole('alert')).toHaveText('Extra hours need a start and an end time.');

    // clear the week again (other runs of this test start from nothing)
    await monday.getByRole('button', { name: 'Remove Monday, range 2' }).click();
    await monday.getByRole('button', { name: 'Remove Monday, range 1' }).click();
    await expect(monday.getByText('Not working.')).toBeVisible();
    await page.getByRole('button', { name: 'Save weekly hours' }).click();
    await expectToast(page, 'Weekly hours saved.');
  });
});

test.describe('specialist, phone, Spanish', () => {
  test.use({
    storageState: storageStateFor('specialist'),
    viewport: { width: 390, height: 844 },
    locale: 'es-ES',
  });

  test('opens their own hours (no specialist picker), keyboard reachable, makes a calendar link, axe clean', async ({
    page,
  }) => {
    await page.addInitScript(() => localStorage.setItem('i18nextLng', 'es'));
    await page.goto('/appointments/availability');
    await expect(page.getByRole('heading', { level: 1, name: 'Horario de trabajo' })).toBeVisible();
    await expect(page.getByLabel('Especialista')).toHaveCount(0);
    await expect(page.getByRole('heading', { name: 'Horario semanal' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Añadir horas el lunes' })).toBeVisible();
    await page.getByRole('button', { name: 'Añadir horas el lunes' }).focus();
    await page.keyboard.press('Enter');
    await expect(
      page.getByTestId('weekday-1').getByRole('group', { name: 'lunes, tramo 1' }),
    ).toBeVisible();
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(390);
    await axeClean(page);
    await shoot(page, 'hours-phone-es');
    const panel = page.getByRole('region', { name: 'Suscripción de calendario' });
    await expect(panel.getByTestId('feed-state')).toBeVisible();
    await panel.getByRole('button', { name: /Crear (un )?enlace/ }).click();
    await expect(panel.getByLabel('Enlace de suscripción')).toHaveValue(/\.ics$/);
    await axeClean(page);
    await panel.scrollIntoViewIfNeeded();
    await page.screenshot({ path: path.join(OUT, 'feed-staff-phone-es.png') });
  });
});

test.describe('patient', () => {
  test.use({ storageState: storageStateFor('user') });

  test('is sent to the dashboard from working hours; subscribes to their own appointments', async ({
    page,
    playwright,
  }) => {
    await page.goto('/appointments/availability');
    await expect(page).toHaveURL(/\/dashboard$/);

    await page.goto('/appointments-page');
    const panel = page.getByRole('region', { name: 'Calendar subscription' });
    await expect(panel.getByTestId('feed-state')).toBeVisible();
    if (await panel.getByRole('button', { name: 'Revoke link' }).isVisible())
      await panel.getByRole('button', { name: 'Revoke link' }).click();
    await expect(panel.getByTestId('feed-state')).toHaveText('No subscription link.');
    await panel.getByRole('button', { name: 'Make a subscription link' }).click();
    await expectToast(page, 'Subscription link made.');
    const url = await panel.getByLabel('Subscription link').inputValue();
    expect(url).toMatch(/\/api\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
    await expect(panel.getByTestId('feed-state')).toContainText('not read yet');
    await axeClean(page);
    await shoot(page, 'feed-patient-desktop-en');

    // a calendar app: no cookies
    const app = await playwright.request.newContext({ baseURL: BASE_URL });
    const feed = await app.get(new URL(url).pathname);
    expect(feed.status()).toBe(200);
    expect(await feed.text()).toContain('BEGIN:VCALENDAR');
    await panel.getByRole('button', { name: 'Revoke link' }).click();
    await expectToast(page, 'Subscription link revoked.');
    expect((await app.get(new URL(url).pathname)).status()).toBe(404);
    await app.dispose();
  });
});
