/**
 * A task assigned reaches its person live (ADR 0029): a patient (a fresh account linked to a record of
 * the demo specialist) has /tasks open; the specialist assigns them a task; without a reload the task
 * appears in their list (`task.changed`) and the bell counts it (`notification.created`); the
 * notification reads "… assigned you a task" in the patient's language, opens /tasks and clears.
 * An appointment booked for them by staff does the same (ADR 0030): the bell counts it live, the
 * notice reads "… booked an appointment" and opens their appointments page.
 * English at 1280 px, Spanish at 390 px; axe clean; screenshots.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { storageStateFor } from './support/accounts';
import { BASE_URL, trackEventStream, waitForEventStream } from './support/helpers';
import { patientWithCareTeam, uniqueWord } from './support/patients';

const SHOTS = 'test-results/task-notices';

const TEXT = {
  en: {
    tasks: 'Tasks',
    notifications: 'Notifications',
    unread: 'Notifications: 1 unread',
    none: 'Notifications: none unread',
    assigned: 'Dra. Sofía Especialista assigned you a task',
    booked: 'Dra. Sofía Especialista booked an appointment',
    myAppointments: 'My appointments',
  },
  es: {
    tasks: 'Tareas',
    notifications: 'Notificaciones',
    unread: 'Notificaciones: 1 sin leer',
    none: 'Notificaciones: ninguna sin leer',
    assigned: 'Dra. Sofía Especialista le ha asignado una tarea',
    booked: 'Dra. Sofía Especialista ha reservado una cita',
    myAppointments: 'Mis citas',
  },
} as const;

async function expectAxeClean(page: Page) {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    .options({ resultTypes: ['violations'] })
    .analyze();
  const serious = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} — ${v.nodes.map((n) => JSON.stringify(n.target)).join(', ')}`);
  expect(serious).toEqual([]);
}

/**
 * The demo specialist's context, and a fresh patient of theirs (English at 1280 px, Spanish at
 * 390 px) with `path` open and nothing unread in the bell.
 */
async function patientOnPage(browser: Browser, lang: 'en' | 'es', path: string, heading: string) {
  const clinicianContext = await browser.newContext({
    storageState: storageStateFor('specialist'),
  });
  const patientContext = await browser.newContext({
    storageState: { cookies: [], origins: [] },
    viewport: lang === 'es' ? { width: 390, height: 844 } : { width: 1280, height: 800 },
  });
  const account = await patientWithCareTeam(clinicianContext.request, patientContext.request);
  const page = await patientContext.newPage();
  if (lang === 'es') await page.addInitScript(() => localStorage.setItem('i18nextLng', 'es'));
  await trackEventStream(page);
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
  // subscribed before anything is sent to it (networkidle ignores EventSource connections)
  await waitForEventStream(page);
  const bell = page.getByTestId('notification-bell');
  await expect(bell).toHaveAccessibleName(TEXT[lang].none);
  return { clinicianContext, patientContext, account, page, bell };
}

const card = (page: Page, title: string) =>
  page.getByRole('article').filter({ has: page.getByRole('heading', { name: title }) });

for (const lang of ['en', 'es'] as const) {
  test(`a task assigned appears live in the assignee's list and bell (${lang})`, async ({
    browser,
  }) => {
    test.setTimeout(120_000);
    const t = TEXT[lang];
    const { clinicianContext, patientContext, account, page, bell } = await patientOnPage(
      browser,
      lang,
      '/tasks',
      t.tasks,
    );
    const me = (await (await patientContext.request.get('/api/me')).json()) as {
      user: { id: string };
    };

    // the specialist assigns them a task (from another browser context)
    const title = `${lang === 'es' ? 'Ejercicios en casa' : 'Home exercises'} ${uniqueWord()}`;
    const created = await clinicianContext.request.post('/api/tasks', {
      headers: { Origin: BASE_URL },
      data: {
        title,
        patientId: account.recordId,
        assignee: { kind: 'user', userId: me.user.id },
        priority: 'medium',
      },
    });
    expect(created.status(), await created.text()).toBe(201);

    // live, without a reload: the task in the open list, the bell's count
    await expect(card(page, title)).toBeVisible({ timeout: 15_000 });
    await expect(page.getByTestId('notification-count')).toHaveText('1');
    await expect(bell).toHaveAccessibleName(t.unread);
    await page.screenshot({ path: `${SHOTS}/tasks-live-${lang}.png`, fullPage: true });

    // the bell opens the notifications: the notice in the patient's language, then read
    await bell.click();
    await expect(page.getByRole('heading', { level: 1, name: t.notifications })).toBeVisible();
    const notice = page.getByRole('link', { name: t.assigned });
    await expect(notice).toBeVisible();
    await expectAxeClean(page);
    await page.screenshot({ path: `${SHOTS}/notifications-${lang}.png`, fullPage: true });
    await notice.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { level: 1, name: t.tasks })).toBeVisible();
    await expect(bell).toHaveAccessibleName(t.none);
    await expect(page.getByTestId('notification-count')).toHaveCount(0);
    await expectAxeClean(page);

    await clinicianContext.close();
    await patientContext.close();
  });
}

for (const lang of ['en', 'es'] as const) {
  test(`an appointment booked by staff appears live in the patient's bell (${lang})`, async ({
    browser,
  }) => {
    test.setTimeout(120_000);
    const t = TEXT[lang];
    const { clinicianContext, patientContext, account, page, bell } = await patientOnPage(
      browser,
      lang,
      '/appointments-page',
      t.myAppointments,
    );
    const specialist = (await (await clinicianContext.request.get('/api/me')).json()) as {
      user: { id: string };
    };

    // the specialist books them a visit (a free hour far ahead: runs never collide)
    const hour = Date.UTC(2033, 0, 3, 9) + Math.floor(Math.random() * 50_000) * 3_600_000;
    const booked = await clinicianContext.request.post('/api/appointments', {
      headers: { Origin: BASE_URL },
      data: {
        patientId: account.recordId,
        specialistId: specialist.user.id,
        typeId: 'follow_up',
        startsAt: new Date(hour).toISOString(),
      },
    });
    expect(booked.status(), await booked.text()).toBe(201);

    // live, without a reload: the bell's count; the notice in the patient's language
    await expect(page.getByTestId('notification-count')).toHaveText('1', { timeout: 15_000 });
    await expect(bell).toHaveAccessibleName(t.unread);
    await bell.click();
    await expect(page.getByRole('heading', { level: 1, name: t.notifications })).toBeVisible();
    const notice = page.getByRole('link', { name: t.booked });
    await expect(notice).toBeVisible();
    await expectAxeClean(page);
    await page.screenshot({ path: `${SHOTS}/appointment-notice-${lang}.png`, fullPage: true });
    await notice.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { level: 1, name: t.myAppointments })).toBeVisible();
    await expect(bell).toHaveAccessibleName(t.none);

    await clinicianContext.close();
    await patientContext.close();
  });
}
