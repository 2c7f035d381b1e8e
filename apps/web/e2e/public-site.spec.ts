/**
 * The public site (issue 10): pages the server renders from the database (docs/decisions/0017).
 * Every public route in both languages with JavaScript on and off, the services dropdown on a
 * desktop and on a 390 px phone, the contact form's success and failure with and without
 * JavaScript, axe, no app code on public pages, and screenshots (test-results/public-site/).
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { storageStateFor } from './support/accounts';
import { BASE_URL } from './support/helpers';

const ROUTES: { path: string; es: string; en: string }[] = [
  {
    path: '/',
    es: 'El dolor crónico y emocional, tratado de forma integral',
    en: 'Chronic and emotional pain, treated as a whole',
  },
  {
    path: '/index',
    es: 'El dolor crónico y emocional, tratado de forma integral',
    en: 'Chronic and emotional pain, treated as a whole',
  },
  {
    path: '/servicios/terapia-dolor-cronico',
    es: 'Terapia del dolor crónico',
    en: 'Chronic pain therapy',
  },
  {
    path: '/servicios/talleres-manejo-estres',
    es: 'Talleres de manejo del estrés',
    en: 'Stress management workshops',
  },
  { path: '/cerodolor', es: 'Comunidad Cero Dolor', en: 'Cero Dolor community' },
  { path: '/blog', es: 'Blog', en: 'Blog' },
  {
    path: '/blog/estres-y-dolor-un-circulo',
    es: 'Estrés y dolor: un círculo que se puede romper',
    en: 'Stress and pain: a circle that can be broken',
  },
  { path: '/especialistas', es: 'Especialistas', en: 'Specialists' },
  { path: '/especialistas/daniel-ferrer', es: 'Daniel Ferrer Soto', en: 'Daniel Ferrer Soto' },
  { path: '/testimonios', es: 'Testimonios', en: 'Testimonials' },
  { path: '/contacto', es: 'Contacto', en: 'Contact' },
];

const SHOTS = 'test-results/public-site';

async function axeClean(page: Page) {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'])
    .analyze();
  const serious = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => JSON.stringify(n.target)).join(', ')}`);
  expect(serious, page.url()).toEqual([]);
}

for (const js of [true, false]) {
  test.describe(`every public page, JavaScript ${js ? 'on' : 'off'}`, () => {
    test.use({ javaScriptEnabled: js });

    for (const lang of ['es', 'en'] as const) {
      test(`in ${lang === 'es' ? 'Spanish' : 'English'}`, async ({ page }) => {
        test.setTimeout(90_000); // eleven page loads
        const scripts: string[] = [];
        page.on('request', (r) => {
          if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
        });
        for (const route of ROUTES) {
          const response = await page.goto(`${route.path}?lang=${lang}`);
          expect(response?.status(), route.path).toBe(200);
          await expect(page.locator('html')).toHaveAttribute('lang', lang);
          await expect(page.getByRole('heading', { level: 1 })).toHaveText(route[lang]);
          if (js)
            await expect(page.locator('[data-island="site-nav"][data-hydrated]')).toBeAttached();
        }
        // the signed-in app's code never loads on a public page
        expect(
          scripts.filter((s) => /\/assets\/(?:index|react|router|i18n|query)[-.]/.test(s)),
        ).toEqual([]);
      });
    }

    test('an unknown post or specialist is a real 404 page', async ({ page }) => {
      for (const path of ['/blog/no-existe', '/especialistas/nadie']) {
        const response = await page.goto(`${path}?lang=en`);
        expect(response?.status()).toBe(404);
        await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page not found');
      }
    });
  });
}

test('the language comes from the browser, and the switch keeps it for the next pages', async ({
  browser,
}) => {
  const context = await browser.newContext({ locale: 'es-ES' });
  const page = await context.newPage();
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    'El dolor crónico y emocional, tratado de forma integral',
  );
  await page.getByRole('link', { name: 'English', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    'Chronic and emotional pain, treated as a whole',
  );
  await page.goto('/blog');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await context.close();
});

test.describe('navigation', () => {
  test('desktop: the services menu opens, lists its four pages, closes on Escape; the logo leads to the dashboard', async ({
    page,
  }) => {
    await page.goto('/?lang=en');
    await expect(page.locator('[data-island="site-nav"][data-hydrated]')).toBeAttached();
    await expect(
      page.getByRole('link', { name: 'Pain Lab: go to your dashboard' }),
    ).toHaveAttribute('href', '/dashboard');
    const nav = page.getByRole('navigation', { name: 'Site navigation' });
    const menu = nav.locator('details').first();
    const services = menu.locator('summary');
    await services.focus();
    await page.keyboard.press('Enter');
    await expect(menu).toHaveAttribute('open', '');
    for (const name of [
      'Chronic pain therapy',
      'Stress management workshops',
      'Workshop',
      'Cero Dolor community',
    ])
      await expect(menu.getByRole('link', { name, exact: true })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(menu).not.toHaveAttribute('open', '');
    await expect(services).toBeFocused();
    await services.click();
    await menu.getByRole('link', { name: 'Stress management workshops' }).click();
    await expect(page).toHaveURL(/\/servicios\/talleres-manejo-estres\?lang=en$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Stress management workshops');
    await expect(page.getByRole('heading', { name: 'What the evidence says' })).toBeVisible();

    await nav.getByRole('link', { name: 'Contact' }).click();
    await expect(page).toHaveURL(/\/\?lang=en#contacto$/);
    await expect(page.locator('#contacto')).toBeInViewport();
  });

  test('phone (390 px), JavaScript off: the menu and its services open by touch', async ({
    browser,
  }) => {
    const context = await browser.newContext({
      javaScriptEnabled: false,
      viewport: { width: 390, height: 844 },
      hasTouch: true,
      isMobile: true,
    });
    const page = await context.newPage();
    await page.goto('/?lang=es');
    const nav = page.getByRole('navigation', { name: 'Navegación del sitio' });
    const phoneMenu = nav.locator('details').nth(1);
    await phoneMenu.locator('summary').first().tap();
    await expect(phoneMenu).toHaveAttribute('open', '');
    const services = phoneMenu.locator('details');
    await services.locator('summary').tap();
    await expect(services.getByRole('link', { name: 'Comunidad Cero Dolor' })).toBeVisible();
    await services.getByRole('link', { name: 'Comunidad Cero Dolor' }).tap();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Comunidad Cero Dolor');
    await context.close();
  });
});

test.describe('contact form', () => {
  test('with JavaScript: errors in place, then sent', async ({ page }) => {
    await page.goto('/contacto?lang=es');
    await expect(page.locator('[data-island="contact"][data-hydrated]')).toBeAttached();
    await page.getByLabel('Nombre').fill('María Prueba');
    await page.getByLabel('Correo electrónico').fill('no-es-un-correo');
    await page
      .getByLabel('Mensaje', { exact: true })
      .fill('Quisiera información sobre los talleres.');
    await page.getByRole('button', { name: 'Enviar mensaje' }).click();
    await expect(page.getByText('Escribe un correo electrónico válido.')).toBeVisible();
    await expect(page.getByText('Necesitamos tu permiso para contactarte.')).toBeVisible();
    await expect(page.getByRole('alert')).toContainText('No se pudo enviar el mensaje');
    await expect(page).toHaveURL(/\/contacto\?lang=es$/); // no page load

    await page.getByLabel('Correo electrónico').fill('maria@example.org');
    await page.getByLabel('Motivo').selectOption('workshop');
    await page.getByLabel(/Acepto que Pain Lab me contacte/).check();
    await page.getByRole('button', { name: 'Enviar mensaje' }).click();
    await expect(page.getByRole('status')).toContainText('hemos recibido tu mensaje');
    await expect(page.getByLabel('Nombre')).toHaveValue('');
  });

  test('without JavaScript: the page again with the errors, then a confirmation', async ({
    browser,
  }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, locale: 'en-GB' });
    const page = await context.newPage();
    await page.goto('/?lang=en#contacto');
    const form = page.locator('#contacto');
    await form.getByLabel('Name').fill('John Test');
    await form.getByLabel('E-mail').fill('john@example.org');
    await form.getByRole('button', { name: 'Send message' }).click();
    await expect(page.getByText('This field is required.')).toBeVisible(); // the message
    await expect(page.getByText('We need your permission to contact you.')).toBeVisible();
    await expect(page.getByLabel('Name')).toHaveValue('John Test');

    await page
      .getByLabel('Message', { exact: true })
      .fill('I would like a first visit for my back.');
    await page.getByLabel(/I agree that Pain Lab may contact me/).check();
    await page.getByRole('button', { name: 'Send message' }).click();
    await expect(page).toHaveURL(/\/\?enviado=1#contacto$/);
    await expect(page.getByText('Thank you, we have received your message.')).toBeVisible();
    await context.close();
  });
});

test.describe('axe and screenshots', () => {
  for (const { name, viewport, lang } of [
    { name: 'desktop-es', viewport: { width: 1280, height: 800 }, lang: 'es' },
    { name: 'desktop-en', viewport: { width: 1280, height: 800 }, lang: 'en' },
    { name: 'phone-es', viewport: { width: 390, height: 844 }, lang: 'es' },
    { name: 'phone-en', viewport: { width: 390, height: 844 }, lang: 'en' },
  ]) {
    test(name, async ({ page }) => {
      // twelve pages, each with an axe run (5–7 s on a loaded CI box) and a full-page screenshot
      test.setTimeout(240_000);
      await page.setViewportSize(viewport);
      for (const route of [
        ...ROUTES.filter((r) => r.path !== '/index'),
        { path: '/blog/no-existe' },
      ]) {
        await page.goto(`${route.path}?lang=${lang}`);
        await expect(page.locator('[data-island="site-nav"][data-hydrated]')).toBeAttached();
        await axeClean(page);
        const slug = route.path === '/' ? 'home' : route.path.slice(1).replace(/\//g, '_');
        await page.screenshot({ path: `${SHOTS}/${name}-${slug}.png`, fullPage: true });
      }
      // the menus open
      const nav = page.locator('header nav');
      const menu = nav.locator('details').nth(viewport.width < 768 ? 1 : 0);
      await menu.locator('summary').first().click();
      await axeClean(page);
      await page.screenshot({ path: `${SHOTS}/${name}-menu-open.png` });
    });
  }
});

test.describe('contact messages for administrators', () => {
  test.use({ storageState: storageStateFor('admin') });

  test('a message sent on the site is listed; marking it handled and opening it again', async ({
    page,
    request,
  }) => {
    const name = `Visitante ${Date.now()}`;
    const sent = await request.post('/api/site/contact', {
      headers: { origin: BASE_URL },
      data: {
        name,
        email: 'visitante@example.org',
        reason: 'first_visit',
        message: 'Quisiera pedir cita para una primera visita.',
        consent: true,
      },
    });
    expect(sent.status()).toBe(202);
    await page.goto('/admin/contact-messages');
    await expect(page.getByRole('heading', { level: 1, name: 'Contact messages' })).toBeVisible();
    const card = page
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { level: 2, name }) });
    await expect(card).toContainText('Quisiera pedir cita para una primera visita.');
    await expect(card).toContainText('Open');
    await card.getByRole('button', { name: `Mark handled: ${name}` }).click();
    await expect(card).toContainText('Handled');
    await card.getByRole('button', { name: `Open again: ${name}` }).click();
    await expect(card.getByRole('button', { name: `Mark handled: ${name}` })).toBeVisible();
    await axeClean(page);
  });
});
