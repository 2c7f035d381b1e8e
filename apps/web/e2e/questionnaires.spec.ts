/**
 * Questionnaires end to end: a specialist assigns BPI and PHQ-9 from the chart; the patient opens
 * the links of the notices on a 390 px phone without signing in, in Spanish, and fills them one
 * question per screen; a PHQ-9 item-9 answer shows crisis resources at once and raises an urgent
 * task; the specialist enters a second BPI from paper (desktop, all on one page) and sees the
 * results, the change and the trend chart. Screenshots go to test-results/screenshots/.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { storageStateFor } from './support/accounts';
import { BASE_URL, expectToast } from './support/helpers';
import { createPatient, uniqueWord } from './support/patients';
import { seriousViolations } from './support/axe';

const here = path.dirname(fileURLToPath(import.meta.url));
const OUT = path.join(here, '..', 'test-results', 'screenshots');

async function shot(page: Page, name: string) {
  // full-page shots of a scrolled page draw the sticky header mid-page
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({
    path: path.join(OUT, `${name}.png`),
    fullPage: true,
    animations: 'disabled',
  });
}

/** The links of the questionnaire notices queued for `email`, read as an administrator. */
async function noticeLinks(browser: Browser, email: string): Promise<string[]> {
  const admin = await browser.newContext({ storageState: storageStateFor('admin') });
  const list = await admin.request.get('/api/admin/outbox?limit=100');
  expect(list.status()).toBe(200);
  const items = (
    (await list.json()) as {
      items: { id: string; recipient: string; template: string }[];
    }
  ).items.filter((m) => m.recipient === email && m.template === 'questionnaire.due');
  const links: string[] = [];
  for (const item of items) {
    const res = await admin.request.get(`/api/admin/outbox/${item.id}`);
    const { message } = (await res.json()) as { message: { text: string } };
    const link = /https?:\/\/\S+\/cuestionario#[A-Za-z0-9_-]+/.exec(message.text)![0];
    links.push(link.replace(/^https?:\/\/[^/]+/, BASE_URL));
  }
  await admin.close();
  return links;
}

test('assign BPI and PHQ-9, the patient fills them on a phone, item 9 raises an urgent task and crisis resources, the clinician sees the trend', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const email = `q-${uniqueWord().toLowerCase()}@example.test`;
  const name = `Lucía ${uniqueWord()}`;
  const clinician = await browser.newContext({
    storageState: storageStateFor('specialist'),
    viewport: { width: 1280, height: 900 },
  });
  const page = await clinician.newPage();
  const patient = await createPatient(page, { name, email });

  // assign from the chart's questionnaires tab
  await page.goto(`/patients/${patient.id}?tab=questionnaires`);
  const tab = page.getByTestId('questionnaires-tab');
  await expect(tab.getByRole('heading', { name: 'Assign a questionnaire' })).toBeVisible();
  await tab.getByLabel(/^Questionnaire/).selectOption('bpi');
  await tab.getByRole('button', { name: 'Assign' }).click();
  await expectToast(page, 'BPI-SF assigned: the patient has been notified.');
  // PHQ-9 at intake and monthly (on the same day of the month)
  await tab.getByLabel(/^Questionnaire/).selectOption('phq9');
  await tab.getByRole('radio', { name: 'Repeat' }).check();
  await tab.getByLabel(/^Every/).fill('1');
  await tab.getByLabel(/^Unit/).selectOption('months');
  await tab.getByRole('button', { name: 'Assign' }).click();
  await expectToast(page, 'PHQ-9 assigned: the patient has been notified.');
  await expect(tab.getByRole('region', { name: 'Repeating' })).toContainText(
    /PHQ-9 · every month · next \w{3} \d{1,2}, \d{4}/,
  );
  await expect(tab.getByRole('link', { name: 'Enter from paper' })).toHaveCount(2);
  expect(await seriousViolations(page)).toEqual([]);

  const links = await noticeLinks(browser, email);
  expect(links).toHaveLength(2);

  // the patient, on a phone, in Spanish, without signing in
  const phone = await browser.newContext({
    viewport: { width: 390, height: 844 },
    locale: 'es-ES',
    hasTouch: true,
    isMobile: true,
  });
  const patientPage = await phone.newPage();
  for (const link of links) {
    await patientPage.goto('about:blank');
    await patientPage.goto(link);
    const heading = patientPage.getByRole('heading', { level: 1 });
    await expect(heading).toContainText(/BPI|PHQ-9/); // the questionnaire, not the loading title
    await expect(patientPage).toHaveURL(/\/cuestionario$/); // the token left the address bar
    if ((await heading.textContent())?.includes('BPI')) {
      await expect(patientPage.getByTestId('pending-translation')).toBeVisible();
      await expect(patientPage.getByText('Pregunta 1 de 11')).toBeVisible();
      await shot(patientPage, 'questionnaire-fill-bpi-390-es');
      expect(await seriousViolations(patientPage)).toEqual([]);
      const answers = [7, 2, 5, 4, 6, 5, 7, 3, 4, 6, 5];
      for (const [i, value] of answers.entries()) {
        await patientPage
          .getByRole('radio', { name: new RegExp(`^${value}( —|$)`) })
          .locator('xpath=..')
          .click();
        if (i < answers.length - 1)
          await patientPage.getByRole('button', { name: 'Siguiente' }).click();
      }
      await patientPage.getByRole('button', { name: 'Enviar respuestas' }).click();
      await expect(patientPage.getByTestId('questionnaire-sent')).toBeVisible();
      await expect(patientPage.getByTestId('crisis-resources')).toHaveCount(0);
    } else {
      await expect(patientPage.getByTestId('pending-translation')).toHaveCount(0);
      await expect(patientPage.getByText('Poco interés o placer en hacer cosas')).toBeVisible();
      const answers = [
        'Varios días',
        'Más de la mitad de los días',
        'Varios días',
        'Varios días',
        'Ningún día',
        'Varios días',
        'Ningún día',
        'Ningún día',
        'Más de la mitad de los días',
      ];
      // the most answers a draft save has stored (saves are debounced: "saved" may be an older one)
      let saved = 0;
      patientPage.on('requestfinished', (request) => {
        if (!request.url().endsWith('/api/questionnaire-links/draft')) return;
        void request.response().then((response) => {
          if (!response?.ok()) return;
          const body = JSON.parse(request.postData() ?? '{}') as { answers?: unknown[] };
          saved = Math.max(saved, (body.answers ?? []).filter((a) => a !== null).length);
        });
      });
      for (const [i, label] of answers.entries()) {
        // resumable: leave half-way and come back to the saved answers
        if (i === 4) {
          await expect.poll(() => saved).toBe(4);
          await expect(patientPage.getByText(/guardado/)).toBeVisible();
          await patientPage.reload();
          await expect(patientPage.getByTestId('link-error')).toBeVisible(); // the token is gone from the URL
          await patientPage.goto('about:blank');
          await patientPage.goto(link);
          await expect(patientPage.getByText('Pregunta 5 de 9')).toBeVisible();
        }
        await patientPage.getByRole('radio', { name: label, exact: true }).check();
        if (i < answers.length - 1)
          await patientPage.getByRole('button', { name: 'Siguiente' }).click();
      }
      await shot(patientPage, 'questionnaire-fill-phq9-390-es');
      await patientPage.getByRole('button', { name: 'Enviar respuestas' }).click();
      const crisis = patientPage.getByTestId('crisis-resources');
      await expect(crisis).toBeVisible();
      await expect(
        crisis.getByRole('heading', { name: 'Hay ayuda disponible ahora' }),
      ).toBeVisible();
      await expect(crisis.getByRole('link', { name: 'Llamar al 024' })).toHaveAttribute(
        'href',
        'tel:024',
      );
      await shot(patientPage, 'questionnaire-crisis-390-es');
      expect(await seriousViolations(patientPage)).toEqual([]);
    }
  }
  // a used link says so
  await patientPage.goto('about:blank');
  await patientPage.goto(links[0]!);
  await expect(patientPage.getByTestId('link-error')).toContainText('ya se envió');

  // the urgent task for the care team
  await page.goto('/tasks');
  await expect(
    page.getByRole('heading', { name: /Urgente: ítem 9 del PHQ-9/ }).first(),
  ).toBeVisible();

  // a second BPI entered from paper, all on one page on desktop
  await page.goto(`/patients/${patient.id}?tab=questionnaires`);
  await tab.getByLabel(/^Questionnaire/).selectOption('bpi');
  await tab.getByRole('button', { name: 'Assign' }).click();
  await expectToast(page, 'BPI-SF assigned');
  await tab.getByRole('link', { name: 'Enter from paper' }).click();
  await expect(
    page.getByText("You are entering a paper questionnaire on the patient's behalf."),
  ).toBeVisible();
  const groups = page.getByRole('group', { name: /^Question \d+ of 11/ });
  await expect(groups).toHaveCount(11);
  const later = [3, 1, 2, 2, 3, 2, 3, 1, 2, 3, 2];
  for (const [i, value] of later.entries())
    await groups
      .nth(i)
      .getByRole('radio', { name: new RegExp(`^${value}( —|$)`) })
      .locator('xpath=..')
      .click();
  await shot(page, 'questionnaire-paper-1280-en');
  await page.getByRole('button', { name: 'Send answers' }).click();
  await expect(
    page.getByText("The BPI-SF answers were recorded on the patient's behalf."),
  ).toBeVisible();

  // results, change and trend on the chart
  await page.goto(`/patients/${patient.id}?tab=questionnaires`);
  const bpi = page.getByTestId('series-bpi');
  await expect(bpi).toBeVisible();
  await expect(bpi.getByTestId('trend-bpi').locator('canvas')).toBeVisible();
  await expect(bpi.getByTestId('change-flags')).toContainText('improved since the first');
  await expect(bpi.getByTestId('change-flags')).toContainText('IMMPACT');
  const phq9 = page.getByTestId('series-phq9');
  await expect(phq9).toContainText('PHQ-9 item 9 above 0');
  await expect(phq9).toContainText('Urgent: PHQ-9 item 9');
  await shot(page, 'questionnaire-results-1280-en');
  expect(await seriousViolations(page)).toEqual([]);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.waitForTimeout(300);
  await shot(page, 'questionnaire-results-390-en');

  await phone.close();
  await clinician.close();
});

test('the demo data shows months of results and their trends on a chart (screenshots)', async ({
  browser,
}) => {
  const context = await browser.newContext({
    storageState: storageStateFor('specialist'),
    viewport: { width: 1280, height: 900 },
  });
  const page = await context.newPage();
  const res = await page.request.get(`/api/patients?q=${encodeURIComponent('Carmen Ruiz Ortega')}`);
  const found = ((await res.json()) as { items: { id: string; name: string }[] }).items.find(
    (p) => p.name === 'Carmen Ruiz Ortega',
  );
  // The e2e server starts on an empty database, so the demo patients are there: missing demo data
  // is a defect, not a reason to skip.
  expect(found, 'the demo patient Carmen Ruiz Ortega').toBeDefined();
  await page.goto(`/patients/${found!.id}?tab=questionnaires`);
  const bpi = page.getByTestId('series-bpi');
  await expect(bpi.getByTestId('trend-bpi').locator('canvas')).toBeVisible();
  await expect(bpi.getByTestId('change-flags')).toContainText('improved since the first');
  await expect(
    page.getByTestId('series-phq9').getByTestId('trend-phq9').locator('canvas'),
  ).toBeVisible();
  await shot(page, 'questionnaire-demo-1280-en');
  expect(await seriousViolations(page)).toEqual([]);
  // a repeating questionnaire can be stopped
  await page.getByRole('button', { name: 'Stop PHQ-9' }).click();
  await expectToast(page, 'PHQ-9 will not be sent again.');
  await expect(page.getByRole('button', { name: 'Stop PHQ-9' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Stop BPI-SF' })).toBeVisible();
  await context.close();
});
