/**
 * Workshops (issue 10): registering on `/taller` on a 390 px phone in Spanish and on `/taller-USA`
 * on a desktop in English (its default), the visitor's own time zone beside the workshop's, the
 * confirmation in the administrator's outbox, cancelling through the e-mail's link, and the seat
 * offered to the first waitlisted person, who confirms it. Axe clean; screenshots in
 * test-results/workshops/.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { storageStateFor } from './support/accounts';

const SHOTS = 'test-results/workshops';

async function axeClean(page: Page) {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'])
    .exclude('[data-sonner-toaster]')
    .analyze();
  const serious = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => JSON.stringify(n.target)).join(', ')}`);
  expect(serious, page.url()).toEqual([]);
}

const unique = () => Math.random().toString(36).slice(2, 8);

test('phone (390 px), Spanish: register on /taller for the online workshop', async ({
  browser,
}) => {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    locale: 'es-ES',
    timezoneId: 'Europe/Madrid',
  });
  const page = await context.newPage();
  await page.goto('/taller');
  await expect(
    page.getByRole('heading', { level: 1, name: 'Talleres de manejo del estrés y del dolor' }),
  ).toBeVisible();
  const card = page.locator('article#dormir-mejor-con-dolor-en-linea');
  await expect(card).toContainText('35 €');
  await expect(card).toContainText('En línea (Jitsi Meet)');
  await expect(card).toContainText(/Quedan \d+ de 20 plazas/);
  const programme = page.locator('article#programa-manejo-estres-8-semanas');
  await expect(programme).toContainText('8 sesiones');
  await expect(programme.locator('li time')).toHaveCount(8);
  await page.screenshot({ path: `${SHOTS}/taller-390-es.png`, fullPage: true });
  await axeClean(page);

  // an error first: the page again with the message and what was typed
  await card.getByLabel('Nombre y apellidos').fill('Carmen Ortiz');
  await card.getByLabel('Correo electrónico').fill('carmen@');
  await card.getByRole('button', { name: 'Reservar plaza' }).click();
  const again = page.locator('article#dormir-mejor-con-dolor-en-linea');
  await expect(again.getByText('Escriba una dirección de correo válida.')).toBeVisible();
  await expect(again.getByLabel('Nombre y apellidos')).toHaveValue('Carmen Ortiz');
  await axeClean(page);

  await again.getByLabel('Correo electrónico').fill(`carmen.${unique()}@example.com`);
  await again.getByLabel(/Acepto que/).check();
  await again.getByRole('button', { name: 'Reservar plaza' }).click();
  await expect(page).toHaveURL(/\/taller\/inscripcion\?/);
  await expect(page.getByRole('heading', { level: 1, name: 'Plaza confirmada' })).toBeVisible();
  await expect(page.getByText('Taller en línea: dormir mejor con dolor crónico')).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/registered-390-es.png`, fullPage: true });
  await axeClean(page);
  await context.close();
});

test('desktop, English by default on /taller-USA: times in the visitor’s zone too, then registered', async ({
  browser,
}) => {
  const context = await browser.newContext({
    viewport: { width: 1280, height: 900 },
    locale: 'es-ES', // the page is in English unless the visitor chose Spanish
    timezoneId: 'America/Los_Angeles',
  });
  const page = await context.newPage();
  await page.goto('/taller-USA');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(
    page.getByRole('heading', { level: 1, name: 'Workshops in English for the USA' }),
  ).toBeVisible();
  const card = page.locator('article#mindful-pain-management-online-usa');
  await expect(card).toContainText('$180');
  await expect(card).toContainText('Times in Eastern Time');
  // the island: the visitor's zone (Pacific), three hours earlier
  await expect(card.locator('[data-local-times]')).toContainText(
    'In your time zone (Pacific Time)',
  );
  await expect(card.locator('[data-local-times]')).toContainText('4:00');
  await page.screenshot({ path: `${SHOTS}/taller-usa-desktop-en.png`, fullPage: true });
  await axeClean(page);

  await card.getByLabel('Full name').fill('Jordan Miller');
  await card.getByLabel('E-mail', { exact: true }).fill(`jordan.${unique()}@example.com`);
  await card.getByLabel(/I agree that/).check();
  await card.getByRole('button', { name: 'Book a seat' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Seat confirmed' })).toBeVisible();
  await expect(page.getByText('calendar file (.ics)')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to the workshops' })).toHaveAttribute(
    'href',
    '/taller-USA?lang=en',
  );
  await axeClean(page);
  await context.close();
});

/** The text of the latest outbox message to `to` (through the administrator's outbox screen). */
async function outboxText(admin: Page, to: string, subject: RegExp): Promise<string> {
  await admin.goto('/admin/outbox?status=queued');
  const row = admin.getByTestId('outbox-row').filter({ hasText: to }).filter({ hasText: subject });
  await expect(row.first()).toBeVisible();
  await row.first().click();
  const detail = admin.getByTestId('outbox-detail');
  await expect(detail.getByRole('heading', { level: 2 })).toContainText(subject);
  return (await detail.innerText()).replace(/\s+/g, ' ');
}

async function adminPage(browser: Browser) {
  const context = await browser.newContext({
    storageState: storageStateFor('admin'),
    viewport: { width: 1280, height: 900 },
  });
  return { context, page: await context.newPage() };
}

test('cancel through the e-mail’s link: the first waitlisted person is offered the seat and confirms it', async ({
  browser,
}) => {
  test.slow(); // two browsers, an editor, the outbox twice and five axe runs
  const { context: adminContext, page: admin } = await adminPage(browser);
  const day = new Date(Date.now() + 14 * 86_400_000).toISOString().slice(0, 10);
  const slug = `e2e-${unique()}`;

  // the administrator creates the workshop on the workshops screen, reached from the sidebar
  await admin.goto('/dashboard');
  const nav = admin.getByRole('navigation', { name: 'Main navigation' });
  await nav.getByRole('button', { name: 'Administration' }).click();
  await nav.getByRole('link', { name: 'Workshops' }).click();
  await expect(admin).toHaveURL(/\/admin\/workshops$/);
  await admin.getByRole('button', { name: 'New workshop' }).click();
  const editor = admin.getByRole('region', { name: 'New workshop' });
  await editor.getByLabel('Address name (slug)').fill(slug);
  await editor.getByLabel('Page').selectOption('us');
  await editor.getByLabel('Status').selectOption('published');
  await editor.getByLabel('Title (Spanish)').fill('Taller de prueba de una plaza');
  await editor.getByLabel('Summary (Spanish)').fill('Una plaza.');
  await editor.getByLabel('Description (Spanish)').fill('Para probar la lista de espera.');
  await editor.getByLabel('Title (English)').fill('One-seat test workshop');
  await editor.getByLabel('Summary (English)').fill('One seat.');
  await editor.getByLabel('Description (English)').fill('To try the waitlist.');
  await editor.getByLabel('Led by').fill('Marta Castillo Ruiz');
  await editor.getByLabel(/Time zone/).fill('America/New_York');
  await editor.getByLabel('Online link (https)').fill('https://meet.painlab.example/e2e');
  await editor.getByLabel(/Platform/).fill('Zoom');
  await editor.getByLabel('Price').fill('0');
  await editor.getByLabel('Currency').selectOption('USD');
  await editor.getByLabel('Seats').fill('1');
  await editor.getByLabel('Date 1').fill(day);
  await editor.getByLabel('Starts 1').fill('13:00');
  await editor.getByLabel('Ends 1').fill('14:00');
  await admin.screenshot({ path: `${SHOTS}/admin-editor-desktop-en.png`, fullPage: true });
  await axeClean(admin);
  await editor.getByRole('button', { name: 'Save' }).click();
  await expect(editor).toBeHidden();
  await expect(
    admin.getByRole('heading', { level: 2, name: 'One-seat test workshop' }),
  ).toBeVisible();
  const listed = await admin.request.get('/api/admin/workshops');
  const workshop = (
    (await listed.json()) as {
      items: { id: string; slug: string; sessions: { startsAt: string }[] }[];
    }
  ).items.find((w) => w.slug === slug)!;
  // 13:00 in New York, whatever the browser's zone
  expect(
    new Date(workshop.sessions[0]!.startsAt).toLocaleTimeString('en-US', {
      timeZone: 'America/New_York',
      hour: 'numeric',
      minute: '2-digit',
    }),
  ).toBe('1:00 PM');

  // two visitors from the page: the first gets the seat, the second waits
  const holder = `holder.${unique()}@example.com`;
  const waiting = `waiting.${unique()}@example.com`;
  const visitor = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await visitor.newPage();
  for (const [email, button, heading] of [
    [holder, 'Book a seat', 'Seat confirmed'],
    [waiting, 'Join the waitlist', 'You are on the waitlist'],
  ] as const) {
    await page.goto('/taller-USA');
    const card = page.locator(`article#${slug}`);
    await card.getByLabel('Full name').fill('Demo Visitor');
    await card.getByLabel('E-mail', { exact: true }).fill(email);
    await card.getByLabel(/I agree that/).check();
    await card.getByRole('button', { name: button }).click();
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
  }
  await expect(page.getByText('You are number 1 on the waitlist')).toBeVisible();

  // the confirmation waits in the administrator's outbox, with its cancellation link
  const confirmation = await outboxText(admin, holder, /seat confirmed/);
  await admin.screenshot({ path: `${SHOTS}/outbox-confirmation-desktop-en.png`, fullPage: true });
  const cancelLink = /\/taller\/anular\?t=[A-Za-z0-9_-]+/.exec(confirmation)![0];

  await page.goto(`${cancelLink}&lang=en`);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Cancel the registration' }),
  ).toBeVisible();
  await axeClean(page);
  await page.getByRole('button', { name: 'Yes, cancel my registration' }).click();
  await expect(
    page.getByText('Your registration for “One-seat test workshop” is cancelled.'),
  ).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/cancelled-desktop-en.png`, fullPage: true });

  // the seat is offered to the waiting person, by e-mail, with a time-limited link
  const offer = await outboxText(admin, waiting, /a seat is free for you/);
  const confirmLink = /\/taller\/confirmar\?t=[A-Za-z0-9_-]+/.exec(offer)![0];
  await page.goto(`${confirmLink}&lang=en`);
  await expect(page.getByText('A seat in “One-seat test workshop” is free for you.')).toBeVisible();
  await axeClean(page);
  await page.getByRole('button', { name: 'Confirm my seat' }).click();
  await expect(page.getByText('Seat confirmed in “One-seat test workshop”.')).toBeVisible();

  // the administrator sees it on the workshops screen
  await admin.goto('/admin/workshops');
  await admin.getByRole('button', { name: 'Registrations: One-seat test workshop' }).click();
  const table = admin.getByRole('table');
  await expect(table.getByRole('row').filter({ hasText: holder })).toContainText('Cancelled');
  await expect(table.getByRole('row').filter({ hasText: waiting })).toContainText('Confirmed');
  await expect(admin.getByRole('link', { name: 'Export CSV' })).toHaveAttribute(
    'href',
    `/api/admin/workshops/${workshop.id}/export`,
  );
  await admin.screenshot({ path: `${SHOTS}/admin-workshops-desktop-en.png`, fullPage: true });
  await axeClean(admin);
  await visitor.close();
  await adminContext.close();
});
