import { expect, test } from '@playwright/test';

// The web app's own language detection and switch, on a public page it still renders (/register;
// /taller is a server-rendered site page since the workshops part of issue 10); the server-rendered
// public site's language is tested in public-site.spec.ts and workshops.spec.ts.

test.describe('language detection', () => {
  test.describe('with a Spanish browser', () => {
    test.use({ locale: 'es-ES' });

    test('the site is in Spanish', async ({ page }) => {
      const configRequest = page.waitForRequest('**/api/config');
      await page.goto('/register');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Crear una cuenta');
      await expect(page.locator('html')).toHaveAttribute('lang', 'es');
      // The API is asked in the same language.
      expect((await configRequest).headers()['accept-language']).toBe('es');
    });

    test('a language stored in localStorage wins over the browser', async ({ page }) => {
      await page.addInitScript(() => {
        if (!sessionStorage.getItem('seeded')) {
          localStorage.setItem('i18nextLng', 'en');
          sessionStorage.setItem('seeded', '1');
        }
      });
      await page.goto('/register');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Create an account');
      await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    });

    test('the server-rendered sign-in and site pages follow the stored language too, and the cookie follows it (issue 22 item 2)', async ({
      page,
      context,
    }) => {
      await page.addInitScript(() => {
        if (!sessionStorage.getItem('seeded')) {
          localStorage.setItem('i18nextLng', 'en');
          sessionStorage.setItem('seeded', '1');
        }
      });
      await page.goto('/login');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sign in');
      await expect(page.locator('html')).toHaveAttribute('lang', 'en');
      const cookie = (await context.cookies()).find((c) => c.name === 'painlab_lang');
      expect(cookie?.value).toBe('en');
      // every later site page is rendered in it at once by the server
      await page.goto('/contacto');
      await expect(page.locator('html')).toHaveAttribute('lang', 'en');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Contact');
      // a language chosen in the address is the choice now, and kept
      await page.goto('/contacto?lang=es');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Contacto');
      expect(await page.evaluate(() => localStorage.getItem('i18nextLng'))).toBe('es');
      await page.goto('/login');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Iniciar sesión');
    });
  });

  test('an unsupported browser language falls back to English', async ({ browser }) => {
    const context = await browser.newContext({ locale: 'de-DE' });
    const page = await context.newPage();
    await page.goto('/register');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Create an account');
    await context.close();
  });
});

test.describe('language switch', () => {
  test('switching persists across reloads, on public pages and sign-in', async ({ page }) => {
    await page.goto('/register');
    await expect(page.getByRole('button', { name: 'English' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await page.getByRole('button', { name: 'Español' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Crear una cuenta');
    expect(await page.evaluate(() => localStorage.getItem('i18nextLng'))).toBe('es');

    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Crear una cuenta');
    await page.goto('/login');
    await expect(page.getByRole('heading', { level: 1, name: 'Iniciar sesión' })).toBeVisible();
    await expect(page.getByLabel('Correo electrónico')).toBeVisible();
    await expect(page).toHaveTitle('Iniciar sesión · Pain Lab');

    await page.getByRole('button', { name: 'English' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
  });
});
